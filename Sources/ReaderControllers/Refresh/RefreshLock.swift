import Foundation
import Synchronization

/// The lock that keeps two refreshes of one database apart: an exclusive flock(2) on a file next to
/// the database, held from `acquire` until `release` (or the process ends, even by SIGKILL, since the
/// kernel drops flock locks with the descriptor). Readers never take it; the account commands wait
/// for it before they write an account's rows (`AccountsController`), which a sync writes too.
///
/// Threading: not shared; one refresh owns its lock.
final class RefreshLock {
    private var descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        release()
    }

    /// Takes the lock at `path`; without `wait` throws `RefreshError.locked` when another process holds
    /// it, with `wait` blocks a thread of its own in flock(2) until the kernel hands the lock over.
    /// Task cancellation ends the wait at once: the waiting thread then drops the lock as soon as it
    /// gets it.
    static func acquire(path: String, wait: Bool) async throws -> RefreshLock {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw RefreshError.lockFailed(path: path, reason: String(cString: strerror(errno)))
        }
        switch lock(fd, blocking: false) {
        case 0:
            return RefreshLock(descriptor: fd)
        case EWOULDBLOCK where wait:
            return try await waitForLock(fd, path: path)
        case EWOULDBLOCK:
            close(fd)
            throw RefreshError.locked(path: path)
        case let code:
            close(fd)
            throw RefreshError.lockFailed(path: path, reason: String(cString: strerror(code)))
        }
    }

    func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    /// flock(2) on `fd`, retried on EINTR: 0 when the lock is held, otherwise the errno.
    private static func lock(_ fd: Int32, blocking: Bool) -> Int32 {
        while true {
            if flock(fd, blocking ? LOCK_EX : LOCK_EX | LOCK_NB) == 0 { return 0 }
            if errno != EINTR { return errno }
        }
    }

    /// Blocks a detached thread in flock(2) and resumes the caller when it returns, or at once with
    /// `CancellationError` when the task is cancelled. `LockWait` decides who owns the descriptor: the
    /// caller when the thread finished first, the thread (which then closes it) when cancellation did.
    private static func waitForLock(_ fd: Int32, path: String) async throws -> RefreshLock {
        let wait = LockWait()
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<LockWait.Outcome, Never>) in
                guard wait.start(continuation) else { return }
                Thread.detachNewThread {
                    let code = lock(fd, blocking: true)
                    if !wait.finish(.locked(errno: code)) { close(fd) }
                }
            }
        } onCancel: {
            wait.cancel()
        }
        switch outcome {
        case .locked(errno: 0):
            return RefreshLock(descriptor: fd)
        case let .locked(errno: code):
            close(fd)
            throw RefreshError.lockFailed(path: path, reason: String(cString: strerror(code)))
        case .cancelledBeforeWaiting:
            close(fd)
            throw CancellationError()
        case .cancelled:
            throw CancellationError()
        }
    }
}

/// The meeting point of a thread blocked in flock(2) and the task waiting for it: the first of
/// `finish` and `cancel` resumes the continuation, the other learns it came second.
private final class LockWait: Sendable {
    enum Outcome: Sendable {
        /// flock(2) returned: 0 when the lock is held, otherwise its errno.
        case locked(errno: Int32)
        /// Cancelled while the thread waits; the thread closes the descriptor when flock returns.
        case cancelled
        /// Cancelled before any thread was started; the caller still owns the descriptor.
        case cancelledBeforeWaiting
    }

    private enum State {
        case idle
        case waiting(CheckedContinuation<Outcome, Never>)
        case cancelled
        case done
    }

    private let state = Mutex(State.idle)

    /// Stores the continuation; false (after resuming it) when the task was cancelled before the
    /// wait began.
    func start(_ continuation: CheckedContinuation<Outcome, Never>) -> Bool {
        let cancelled = state.withLock { state -> Bool in
            if case .cancelled = state { return true }
            state = .waiting(continuation)
            return false
        }
        if cancelled { continuation.resume(returning: .cancelledBeforeWaiting) }
        return !cancelled
    }

    /// Hands flock's outcome to the waiting task; false when the task was cancelled first.
    func finish(_ outcome: Outcome) -> Bool {
        resume(with: outcome, becoming: .done)
    }

    /// Ends the wait as cancelled, unless flock's outcome was handed over already.
    func cancel() {
        _ = resume(with: .cancelled, becoming: .cancelled)
    }

    private func resume(with outcome: Outcome, becoming next: State) -> Bool {
        let (continuation, first) = state.withLock { state -> (CheckedContinuation<Outcome, Never>?, Bool) in
            switch state {
            case let .waiting(continuation):
                state = next
                return (continuation, true)
            case .idle:
                state = next
                return (nil, true)
            case .cancelled, .done:
                return (nil, false)
            }
        }
        continuation?.resume(returning: outcome)
        return first
    }
}
