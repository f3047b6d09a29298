import ArgumentParser
import Foundation
import ReaderControllers

/// Writing to the standard streams with write(2) (the C globals `stdout`/`stderr` are off limits in
/// Swift 6). Messages go through `ConsoleText`, so nothing from a feed or a file reaches the terminal
/// raw; failures become one line and an exit status through `CommandFailure`.
enum CommandOutput {
    /// Writes `bytes` to standard output; throws a `CommandFailure` (74) when that fails, as on a
    /// full disk.
    static func write(_ bytes: [UInt8]) throws(CommandFailure) {
        let failure: Int32 = bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return 0 }
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(1, base + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return 0
        }
        if failure != 0 {
            throw CommandFailure(
                message: "cannot write to standard output: \(String(cString: strerror(failure)))", status: .ioError)
        }
    }

    /// One message line on standard output, cleaned of anything that could drive a terminal.
    static func line(_ text: String) throws(CommandFailure) {
        try write(Array((ConsoleText.line(text) + "\n").utf8))
    }

    /// A message on standard error, `tidings: ` first, each line cleaned.
    static func error(_ message: String) {
        let line = Array("tidings: \(ConsoleText.lines(message))\n".utf8)
        line.withUnsafeBytes { _ = Foundation.write(2, $0.baseAddress, $0.count) }
    }

    /// Reports `error` (an `ExitCode` passes through unreported) and returns the exit code to throw.
    static func failure(_ error: any Error, database: String? = nil) -> ExitCode {
        if let exit = error as? ExitCode { return exit }
        let failure = CommandFailure(error, database: database)
        self.error(failure.message)
        return failure.status.exitCode
    }

    /// One line on standard error per feed of `summary` that failed, naming it and why.
    static func reportFailures(_ summary: RefreshSummary) {
        // One line for a cause every feed not stored shared (a full disk), not one per feed.
        if let storeFailure = summary.storeFailure { return error(storeFailure) }
        for failure in summary.failures {
            error("\(failure.title): \(failure.error ?? failure.status.rawValue)")
        }
    }
}

extension ExitStatus {
    /// The status as the argument parser's exit code, for `throw`.
    var exitCode: ExitCode { ExitCode(rawValue) }
}
