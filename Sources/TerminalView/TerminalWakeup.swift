#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A self-pipe that makes `Terminal.nextEvent(timeout:)` return `.wakeup`, so work finished on
/// another thread (a background refresh) can get the UI to redraw.
///
/// Thread-safe: `post()` may be called from any thread or task, any number of times; posts that
/// arrive before the event loop looks are merged into one `.wakeup`.
public final class TerminalWakeup: Sendable {
    let readDescriptor: Int32
    let writeDescriptor: Int32

    /// Creates the pipe; throws when the process is out of descriptors.
    public init() throws {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { throw TerminalError.systemCall("pipe", errno) }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Wakes the event loop. Never blocks: if a wake-up is already pending, this one merges with it.
    public func post() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Empties the pipe; returns true when at least one `post()` was pending (signal handlers write
    /// a different byte, only to interrupt `poll`).
    @discardableResult
    func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64)
        var posted = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readDescriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return posted }
            if buffer[0..<count].contains(1) { posted = true }
        }
    }
}

/// A failure to take over or talk to the terminal.
public enum TerminalError: Error, Equatable, Sendable {
    /// The input or output is not a terminal (e.g. redirected).
    case notATerminal
    /// A system call failed; the name and errno.
    case systemCall(String, Int32)
}
