import Foundation

/// Runs a user's shell command (`|` in the reader) with bytes on its standard input, its output and
/// errors on the terminal, and waits for it. The input is written by a thread of its own (a write to
/// a pipe blocks until the command reads, which must hold neither the reader nor a thread of Swift's
/// cooperative pool), and the reader does not wait for that thread: a command that exits early
/// closes the pipe and the write fails; one that left a background job holding the pipe cannot keep
/// the reader waiting. Call from the UI thread with the terminal handed to the shell.
enum CommandPipe {
    /// Returns the command's exit status (128 + N when signal N ended it).
    static func run(_ command: String, input: Data) throws -> Int32 {
        // A command that stops reading must not end the reader with SIGPIPE: the write fails instead.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let pipe = Pipe()
        process.standardInput = pipe
        try process.run()
        let writer = pipe.fileHandleForWriting
        let thread = Thread {
            // A command that stops reading makes the write fail with EPIPE (SIGPIPE is ignored).
            try? writer.write(contentsOf: input)
            try? writer.close()
        }
        thread.name = "tidings.pipe-input"
        thread.start()
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }
}

/// Why a piped command did not run.
enum CommandPipeError: Error, CustomStringConvertible {
    case notRun

    var description: String { "the terminal could not be handed over" }
}
