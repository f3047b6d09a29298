import Foundation

/// The fetch tests' Python HTTP server (Tests/FeedFetchTests/Resources/test_server.py) run as a child
/// process on 127.0.0.1 for the fetch benchmark; it exits when this process closes its stdin.
final class FetchBenchServer {
    let port: Int
    private let process = Process()
    private let input = Pipe()

    init(script: String, feeds: Int) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "--watch-stdin", "--feeds", String(feeds)]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw FetchBenchError.serverDidNotStart(script) }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw FetchBenchError.serverDidNotStart(script) }
        self.port = port
    }

    /// Closing stdin stops the server; `waitpid` reaps it without Foundation's run-loop wait, which does
    /// not return when called from a task.
    deinit {
        try? input.fileHandleForWriting.close()
        let pid = process.processIdentifier
        kill(pid, SIGTERM)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// The server script: under `packageRoot` when given, else found walking up from the working
    /// directory and from the executable (which lives in .build/<configuration>/).
    static func findScript(packageRoot: String?) throws -> String {
        let relative = "Tests/FeedFetchTests/Resources/test_server.py"
        var starts = [FileManager.default.currentDirectoryPath]
        if let root = packageRoot { starts = [root] }
        else { starts.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path) }
        for start in starts {
            var directory = URL(fileURLWithPath: start).standardizedFileURL
            while true {
                let candidate = directory.appendingPathComponent(relative).path
                if FileManager.default.fileExists(atPath: candidate) { return candidate }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        throw FetchBenchError.scriptNotFound(relative)
    }
}

enum FetchBenchError: Error, CustomStringConvertible {
    case scriptNotFound(String)
    case serverDidNotStart(String)

    var description: String {
        switch self {
        case .scriptNotFound(let path): "cannot find \(path); pass --server or --package-root"
        case .serverDidNotStart(let path): "python3 \(path) did not print its port"
        }
    }
}
