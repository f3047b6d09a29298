import Foundation
import XCTest

/// One finished run of a program with its exit status and both output streams.
public struct EndToEndRun: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }

    /// The built `tidings` binary (see `TidingsBinary`; `testCase` is kept for the callers written
    /// before it, which found the binary from their own bundle).
    public static func binary(testCase: XCTestCase) throws -> URL {
        try TidingsBinary.url()
    }

    /// Runs the built binary with `arguments` (and `environment` added to the test's own); standard
    /// input is `stdin` or empty.
    public static func tidings(
        _ arguments: [String], testCase: XCTestCase, environment: [String: String] = [:], stdin: Data? = nil
    ) throws -> EndToEndRun {
        let process = Process()
        process.executableURL = try TidingsBinary.url()
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        return try run(process, stdin: stdin)
    }

    /// Runs a prepared `process` (its output streams are set here) to the end. Both streams are read at
    /// once, so neither can fill up and block it; `stdin` is written from a thread of its own.
    public static func run(_ process: Process, stdin: Data? = nil) throws -> EndToEndRun {
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = stdin.map { _ in Pipe() }
        process.standardInput = input ?? FileHandle.nullDevice
        try process.run()
        if let input, let stdin {
            let writer = input.fileHandleForWriting
            Thread.detachNewThread {
                writer.write(stdin)
                try? writer.close()
            }
        }
        let errReader = Thread.detachedRead(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return EndToEndRun(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errReader.wait(), as: UTF8.self))
    }
}

extension Thread {
    /// Reads `handle` to its end on a thread of its own, so two pipes can be drained at once.
    public static func detachedRead(_ handle: FileHandle) -> PipeReader {
        let reader = PipeReader()
        Thread.detachNewThread {
            reader.finish(handle.readDataToEndOfFile())
        }
        return reader
    }
}

/// The bytes a background read collected. `@unchecked Sendable`: `data` is written once, before the
/// semaphore is signalled, and read only after `wait` has seen that signal.
public final class PipeReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    public init() {}

    public func finish(_ bytes: Data) {
        data = bytes
        done.signal()
    }

    public func wait() -> Data {
        done.wait()
        return data
    }
}
