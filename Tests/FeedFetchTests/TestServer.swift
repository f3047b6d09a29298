import FeedFetch
import Foundation
import XCTest

/// The Python test server in Resources/test_server.py, run as a child process on 127.0.0.1.
///
/// It is started with `--watch-stdin` and a pipe as its stdin, so it also exits if the test process dies.
final class TestServer: @unchecked Sendable {
    let port: Int
    private let process: Process
    private let input = Pipe()

    init() throws {
        guard let script = Bundle.module.url(forResource: "test_server", withExtension: "py", subdirectory: "Resources")
        else { throw TestServerError.missingScript }
        let output = Pipe()
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--watch-stdin", "--feeds", "500"]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw TestServerError.noPort }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw TestServerError.noPort }
        self.port = port
        try? output.fileHandleForReading.close()
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Closing stdin stops the server; `waitpid` reaps it (Foundation's `waitUntilExit` can spin forever
    /// when the child's exit is not observed on a run loop).
    func stop() {
        try? input.fileHandleForWriting.close()
        let pid = process.processIdentifier
        kill(pid, SIGTERM)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
    }
}

enum TestServerError: Error {
    case missingScript, noPort
}

/// A test case with one test server per class, started before its first test and stopped after its last.
class ServerTestCase: XCTestCase {
    nonisolated(unsafe) private static var shared: TestServer?

    override class func setUp() {
        super.setUp()
        FeedFetcher.globalInit()
        // libcurl honours the proxy variables, as it should; the local server must never go through one.
        setenv("no_proxy", "127.0.0.1,localhost", 1)
        shared = try? TestServer()
    }

    override class func tearDown() {
        shared?.stop()
        shared = nil
        super.tearDown()
    }

    var server: TestServer {
        get throws {
            guard let server = Self.shared else { throw TestServerError.noPort }
            return server
        }
    }

    /// Fetches one URL with `configuration` and returns its result.
    func fetch(
        _ url: String, configuration: FetchConfiguration = FetchConfiguration(),
        etag: String? = nil, lastModified: String? = nil, credentials: FetchCredentials? = nil
    ) async -> FetchResult {
        let fetcher = FeedFetcher(configuration: configuration)
        let request = FetchRequest(id: 7, url: url, etag: etag, lastModified: lastModified, credentials: credentials)
        let results = await fetcher.fetchAll([request])
        XCTAssertEqual(results.count, 1)
        XCTAssertEqual(results.first?.requestID, 7)
        return results.first ?? FetchResult(requestID: -1, url: url, error: .other("no result"))
    }

    /// Fetches a path of the test server.
    func fetchPath(_ path: String, configuration: FetchConfiguration = FetchConfiguration()) async throws -> FetchResult {
        await fetch(try server.url(path), configuration: configuration)
    }

    /// The bytes the server sends for /feed.xml, read with the fetcher itself.
    func plainFeed() async throws -> [UInt8] {
        let result = try await fetchPath("/feed.xml")
        XCTAssertNil(result.error)
        return result.body
    }
}

/// Open file descriptors of this process.
func openDescriptorCount() throws -> Int {
    try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
}
