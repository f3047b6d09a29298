import Foundation
import Glibc

/// A Python standard-library script serving HTTP on 127.0.0.1, started for a test: the script defines
/// `Handler` (an `http.server.BaseHTTPRequestHandler`); this writes it under `folder` with the lines that
/// serve it on a free port and print that port, runs it with `arguments`, and reads the port.
/// `stop()` kills it (SIGKILL: the test runner may ignore SIGTERM, and its children inherit that).
public final class LoopbackScriptServer {
    private let process = Process()
    public let port: Int

    public init(script: String, named name: String, arguments: [String], folder: String) throws {
        let path = folder + "/" + name
        try Data((script + "\n" + Self.serving).utf8).write(to: URL(fileURLWithPath: path))
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else { throw TestSupportError.badURL("\(name) port") }
        self.port = port
    }

    deinit {
        stop()
    }

    /// `path` on the server.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    private static let serving = """
        Handler.log_message = lambda self, *args: None
        server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()

        """

    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(process.processIdentifier, &status, 0)
    }
}
