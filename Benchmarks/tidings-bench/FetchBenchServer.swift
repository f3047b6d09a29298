import Foundation
import LocalFeedServer

/// Finds the local feed server's script for the fetch and refresh benchmarks.
enum FetchBenchServer {
    /// The server script: under `packageRoot` when given, else found walking up from the working
    /// directory and from the executable (which lives in .build/<configuration>/).
    static func findScript(packageRoot: String?) throws -> String {
        let relative = LocalFeedServer.relativeScriptPath
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

    var description: String {
        switch self {
        case .scriptNotFound(let path): "cannot find \(path); pass --server or --package-root"
        }
    }
}
