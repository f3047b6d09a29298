import Foundation
import XCTest

/// The `tidings` executable that `swift build` (or `swift test`, which builds it first) put in the same
/// `.build/<triple>/<configuration>` folder as the test bundle. The one place the tests look for it.
public enum TidingsBinary {
    /// The executable; fails the calling test (naming every folder searched) when it is not built.
    public static func url(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        let candidates = candidateURLs()
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            XCTFail(
                "tidings binary not found beside the tests (looked in \(candidates.map(\.path))); run `swift build` first",
                file: file, line: line)
            throw TestSupportError.binaryNotFound
        }
        return found
    }

    /// Where the binary may be: beside this test bundle, then up to four folders up from the test runner.
    private static func candidateURLs() -> [URL] {
        var candidates = [Bundle(for: BundleMarker.self).bundleURL.deletingLastPathComponent().appendingPathComponent("tidings")]
        if let first = CommandLine.arguments.first {
            var directory = URL(fileURLWithPath: first).deletingLastPathComponent()
            for _ in 0..<4 {
                candidates.append(directory.appendingPathComponent("tidings"))
                directory = directory.deletingLastPathComponent()
            }
        }
        return candidates
    }

    /// Starts `tidings ARGS` with its output going to `FOLDER/NAME.out` and `FOLDER/NAME.err` and
    /// standard input empty; returns the running process.
    public static func start(_ arguments: [String], folder: String, name: String) throws -> Process {
        let process = Process()
        process.executableURL = try url()
        process.arguments = arguments
        _ = FileManager.default.createFile(atPath: folder + "/\(name).out", contents: nil)
        _ = FileManager.default.createFile(atPath: folder + "/\(name).err", contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: folder + "/\(name).out")
        process.standardError = FileHandle(forWritingAtPath: folder + "/\(name).err")
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs `tidings ARGS` to the end through files in `folder` (see `start`).
    public static func run(_ arguments: [String], folder: String, name: String = "run") throws -> EndToEndRun {
        let process = try start(arguments, folder: folder, name: name)
        process.waitUntilExit()
        let out = (try? String(contentsOfFile: folder + "/\(name).out", encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: folder + "/\(name).err", encoding: .utf8)) ?? ""
        return EndToEndRun(status: process.terminationStatus, stdout: out, stderr: err)
    }
}

/// A class of this module, for finding the bundle the tests were loaded from.
private final class BundleMarker {}

/// Why a test helper could not do its job.
public enum TestSupportError: Error, CustomStringConvertible {
    case binaryNotFound
    case badURL(String)
    case serverNotRunning

    public var description: String {
        switch self {
        case .binaryNotFound: "the tidings binary is not built"
        case .badURL(let text): "not a URL: \(text)"
        case .serverNotRunning: "the local feed server did not start"
        }
    }
}
