#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A self-pipe that makes `nextEvent(timeout:)` of a `TerminalDevice` return `.wakeup`, so work finished on
/// another thread (a background refresh) can get the UI to redraw.
///
/// Thread-safe: `post()` may be called from any thread or task, any number of times; posts that
/// arrive before the event loop looks are merged into one `.wakeup`.
public final class TerminalWakeup: Sendable {
    let readDescriptor: Int32
    let writeDescriptor: Int32

    /// Creates the pipe; throws when the process is out of descriptors.
    package init() throws {
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

    /// Waits up to `timeout` (nil: without limit) for a post; returns true, the pipe emptied, when one
    /// was pending or arrived. Called by the one loop that reads the pipe.
    func wait(timeout: Duration?) -> Bool {
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now + $0 }
        while true {
            if drain() { return true }
            let left = deadline.map { clock.now.duration(to: $0) }
            if let left, left <= .zero { return false }
            var descriptor = pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, left.map(Self.milliseconds) ?? -1) < 0, errno != EINTR { return false }
        }
    }

    /// `duration` in whole milliseconds for `poll`, rounded up so a wait never ends early.
    static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: total)
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
package enum TerminalError: Error, Equatable, Sendable {
    /// The input or output is not a terminal (e.g. redirected).
    case notATerminal
    /// A system call failed; the name and errno.
    case systemCall(String, Int32)
}
