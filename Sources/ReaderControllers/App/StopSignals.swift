import Foundation
import Synchronization

/// SIGINT and SIGTERM end every command within a second, with 130 or 143 (128 + the signal, as
/// shells report it). Installed once by `tidings` before a command starts: the handler only writes
/// the signal's number to a pipe; a thread of its own reads it, asks the running work to stop (the
/// actions given to `cancelling`) and, if the process is still there after `grace` (work stuck in a
/// blocking call: a FIFO, a slow server, a long SQL statement), ends it with `_exit`. That is as safe
/// as a SIGKILL, which loses nothing committed: SQLite rolls back an unfinished transaction, the
/// locks are `flock`/`fcntl` locks the kernel drops, and files are replaced by rename. Work with no
/// stop action (most commands, the reader) ends at once. A second signal ends the process at once.
public enum StopSignals {
    /// How long cooperative work (a refresh) has to end by itself after a signal.
    package static let grace: Duration = .milliseconds(500)

    private static let writeEnd = Atomic<Int32>(-1)
    private static let received = Atomic<Int32>(0)
    private static let actions = Mutex<(next: Int, byID: [Int: @Sendable () -> Void])>((0, [:]))
    private static let installed = Mutex(false)

    /// Installs the handlers and starts the watching thread; later calls do nothing. A signal ignored
    /// at launch (SIGINT of a job started with `&` by a shell without job control, `nohup`) stays
    /// ignored; one blocked by the launcher is unblocked on the calling thread, so it is delivered.
    public static func install() {
        let first = installed.withLock { done -> Bool in
            defer { done = true }
            return !done
        }
        guard first else { return }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        writeEnd.store(ends[1], ordering: .releasing)
        let readEnd = ends[0]
        let watcher = Thread { watch(readEnd) }
        watcher.name = "tidings-stop-signals"
        watcher.start()
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for number in [SIGINT, SIGTERM] {
            var previous = sigaction()
            guard sigaction(number, nil, &previous) == 0,
                unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self)
            else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                let saved = errno
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(StopSignals.writeEnd.load(ordering: .relaxed), &byte, 1)
                errno = saved
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            _ = sigaction(number, &action, nil)
            sigaddset(&unblock, number)
        }
        _ = pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// The status to exit with once a stop signal arrived (130 for SIGINT, 143 for SIGTERM); nil
    /// before any did.
    public static var requestedStatus: ExitStatus? {
        switch received.load(ordering: .acquiring) {
        case SIGINT: .interrupted
        case SIGTERM: .terminated
        default: nil
        }
    }

    /// Runs `body`, during which a stop signal calls `stop` (at once if one came already) and leaves
    /// the work `grace` to end by itself before the process is ended.
    public static func cancelling<T>(
        with stop: @escaping @Sendable () -> Void, _ body: () async throws -> T
    ) async rethrows -> T {
        let id = actions.withLock { actions in
            actions.next += 1
            actions.byID[actions.next] = stop
            return actions.next
        }
        defer { _ = actions.withLock { $0.byID.removeValue(forKey: id) } }
        if requestedStatus != nil { stop() }
        return try await body()
    }

    /// The watching thread: waits for the first signal, stops the work, and ends the process when the
    /// work has not ended it within `grace` or when a second signal comes.
    private static func watch(_ readEnd: Int32) {
        guard let first = readSignal(readEnd, timeout: nil) else { return }
        received.store(first, ordering: .releasing)
        let stops = actions.withLock { Array($0.byID.values) }
        guard !stops.isEmpty else { _exit(128 + first) }
        for stop in stops { stop() }
        _ = readSignal(readEnd, timeout: grace)
        _exit(128 + first)
    }

    /// The next signal number from the pipe; nil when `timeout` passed first (or the pipe failed).
    private static func readSignal(_ readEnd: Int32, timeout: Duration?) -> Int32? {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while true {
            var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            var wait: Int32 = -1
            if let deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                if left <= .zero { return nil }
                wait = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            }
            let ready = poll(&descriptor, 1, wait)
            if ready < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if ready == 0 { continue }
            var byte: UInt8 = 0
            let count = read(readEnd, &byte, 1)
            if count == 1 { return Int32(byte) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            return nil
        }
    }
}
