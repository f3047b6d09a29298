import Foundation
import Synchronization

/// The project's local HTTP feed server (Tests/FeedFetchTests/Resources/test_server.py, Python's
/// standard library) run as a child process on 127.0.0.1, for the tests and the benchmarks. Never part
/// of the reader itself.
///
/// The server is started with `--watch-stdin` and a pipe as its stdin, so it also exits if this process
/// dies. Thread-safe: `url` and `port` from anywhere; `stop` (and deinit) from any thread, any number
/// of times.
///
/// Why `@unchecked Sendable` is safe: every stored property is a `let`. `port` is a value; `stopped`
/// is a `Mutex`. `process` and `input` (Foundation classes not marked `Sendable`) are used by `init`,
/// before `self` is shared, and then only by the one `stop` call that flips `stopped`.
public final class LocalFeedServer: @unchecked Sendable {
    /// The port the server chose and printed.
    public let port: Int
    private let process = Process()
    private let input = Pipe()
    private let stopped = Mutex(false)

    /// Starts `python3 SCRIPT --watch-stdin --feeds FEEDS` and waits for the port it prints.
    public init(script: String, feeds: Int = 500) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "--watch-stdin", "--feeds", String(feeds)]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw LocalFeedServerError.didNotStart(script) }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw LocalFeedServerError.didNotStart(script) }
        self.port = port
        try? output.fileHandleForReading.close()
    }

    deinit { stop() }

    /// An absolute URL on the server.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Closes the server's stdin, signals it and reaps it with `waitpid` (Foundation's `waitUntilExit`
    /// waits on a run loop and does not return when called from a task). Later calls do nothing.
    public func stop() {
        let wasStopped = stopped.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        try? input.fileHandleForWriting.close()
        let pid = process.processIdentifier
        kill(pid, SIGTERM)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
    }

    /// The server script in the package checkout at `packageRoot`.
    public static func script(inPackageAt packageRoot: URL) -> String {
        packageRoot.appendingPathComponent(relativeScriptPath).path
    }

    /// Where the script lives inside the package.
    public static let relativeScriptPath = "Tests/FeedFetchTests/Resources/test_server.py"
}

/// Why the local server could not be used.
public enum LocalFeedServerError: Error, CustomStringConvertible {
    case didNotStart(String)

    public var description: String {
        switch self {
        case .didNotStart(let path): "python3 \(path) did not print its port"
        }
    }
}
