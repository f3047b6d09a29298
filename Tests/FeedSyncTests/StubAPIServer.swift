import Foundation
import TestSupport

/// The stub API of Resources/stub_api.py: answers every request by its first path segment.
final class StubAPIServer: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    let port: Int

    init() throws {
        guard let script = Bundle.module.path(forResource: "stub_api", ofType: "py", inDirectory: "Resources") else {
            throw FreshRSSError(message: "stub_api.py is missing from the test resources")
        }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            throw FreshRSSError(message: "stub_api.py printed no port")
        }
        self.port = port
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    func stop() {
        try? input.fileHandleForWriting.close()
        var status: Int32 = 0
        _ = waitpid(process.processIdentifier, &status, 0)
    }
}
