import Synchronization

/// Runs the reader's background jobs (the next page of a list, the counts of query feeds) one after
/// another, in the order given, off the main actor: the first job starts a detached task that runs
/// every queued job and ends when none is left.
///
/// One job at a time keeps background reads from taking both cores from the UI loop, and from
/// opening more database connections than the UI's and one more (each holds a page cache).
/// Thread-safe: the queue is behind a `Mutex`; `run` may be called from any thread.
final class SerialBackgroundQueue: Sendable {
    private struct State {
        var jobs: [@Sendable () -> Void] = []
        var isRunning = false
    }

    private let state = Mutex(State())

    /// Queues `job`; it runs after the jobs queued before it.
    func run(_ job: @escaping @Sendable () -> Void) {
        let startsRunner = state.withLock { state -> Bool in
            state.jobs.append(job)
            defer { state.isRunning = true }
            return !state.isRunning
        }
        guard startsRunner else { return }
        Task.detached(priority: .userInitiated) { [self] in
            while let job = next() { job() }
        }
    }

    /// The next job; nil (and the runner ends) when none is left.
    private func next() -> (@Sendable () -> Void)? {
        state.withLock { state in
            guard !state.jobs.isEmpty else {
                state.isRunning = false
                return nil
            }
            return state.jobs.removeFirst()
        }
    }
}
