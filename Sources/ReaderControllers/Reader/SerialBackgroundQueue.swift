import Dispatch
import Foundation
import Glibc
import Synchronization

/// Runs the reader's background jobs (the next page of a list, the counts of query feeds) one after
/// another, in the order given, off the main actor, on a thread of its own: started with the first
/// job and then kept waiting for the next ones for as long as the process runs (the reader's queues
/// are static, one per kind of job).
///
/// One job at a time keeps background reads from taking both cores from the UI loop, and from
/// opening more database connections than the UI's and one more (each holds a page cache).
///
/// The thread is a batch thread (Linux `SCHED_BATCH`): it gets its normal share of the processor,
/// but waking it never preempts the thread that woke it. A read-ahead is queued as a key's frame is
/// drawn; a worker woken the ordinary way took the UI thread's core at once, so the key waited for a
/// page it did not need (on a loaded 2-core machine, keys drawn while a read-ahead ran took 3.5 times
/// their processor time in wall time, against 1.0 for the others).
///
/// Thread-safe: the jobs are behind a `Mutex`; `run` may be called from any thread.
final class SerialBackgroundQueue: Sendable {
    private struct State {
        var jobs: [@Sendable () -> Void] = []
        var hasThread = false
    }

    private let state = Mutex(State())
    /// Signalled once per job queued.
    private let queued = DispatchSemaphore(value: 0)

    /// Queues `job`; it runs after the jobs queued before it.
    func run(_ job: @escaping @Sendable () -> Void) {
        let startsThread = state.withLock { state -> Bool in
            state.jobs.append(job)
            defer { state.hasThread = true }
            return !state.hasThread
        }
        if startsThread {
            let thread = Thread { [self] in
                Self.neverPreemptOnWakeup()
                while true {
                    queued.wait()
                    if let job = next() { job() }
                }
            }
            thread.name = "tidings.background"
            thread.start()
        }
        queued.signal()
    }

    private func next() -> (@Sendable () -> Void)? {
        state.withLock { state in state.jobs.isEmpty ? nil : state.jobs.removeFirst() }
    }

    /// Makes the calling thread a batch thread. Lowering its own scheduling needs no privilege; when
    /// the system refuses anyway, the thread stays an ordinary one (as fast, only less polite).
    private static func neverPreemptOnWakeup() {
        var parameters = sched_param()
        parameters.sched_priority = 0
        _ = sched_setscheduler(0, schedBatch, &parameters)
    }

    /// Linux's `SCHED_BATCH` (<sched.h> declares it for GNU sources only, which Swift's Glibc is not).
    private static let schedBatch: Int32 = 3
}
