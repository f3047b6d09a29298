import Foundation
import GRDB
import Synchronization

/// Copies committed pages from the write-ahead log into the database file on a thread and connection
/// of their own while many transactions are written (a refresh), so that the store's one writer does
/// not wait for the copies and their syncs.
///
/// SQLite's automatic checkpoint runs on the committing connection: every `wal_autocheckpoint` pages
/// the writer would stop to copy the log into the file and sync both. Here a passive checkpoint runs
/// every `interval` from a second connection; SQLite lets it run beside the writer (it never takes
/// the write lock, and commits go on appending to the log meanwhile). The writer's own automatic
/// checkpoint stays in place: when it comes due it finds the pages already copied and synced but the
/// last few, so it is short, and it is what lets the next transaction start the log from its
/// beginning again (a log is only restarted between transactions, once every frame is copied).
///
/// Durability is SQLite's in either case: a checkpoint copies only committed pages, syncing the log
/// before and the file after (`synchronous = NORMAL`, as the pool's connections have it), and a
/// process killed during one leaves a log that the next connection checkpoints again.
///
/// Threading: `start` and `stop` from any thread; `stop` waits for a checkpoint under way and closes
/// the connection. Used by one refresh at a time.
public final class BackgroundCheckpoints: Sendable {
    /// How often the log is copied while a refresh writes: often enough that the writer's own
    /// checkpoint finds little left.
    static let interval = DispatchTimeInterval.milliseconds(100)

    private let queue: DatabaseQueue
    private let stopping = Mutex(false)
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(path: String) throws {
        var configuration = Configuration()
        configuration.label = "FeedStore.checkpoints"
        // A checkpoint that cannot have the checkpoint lock now (the writer's own is running) is
        // skipped, not waited for: the next one comes soon.
        configuration.busyMode = .immediateError
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        queue = try DatabaseQueue(path: path, configuration: configuration)
        let thread = Thread { [self] in run() }
        thread.name = "tidings.checkpoints"
        thread.start()
    }

    /// Stops the checkpoints: waits for one under way, then closes their connection. Idempotent.
    public func stop() {
        let wasStopping = stopping.withLock { stopping in
            defer { stopping = true }
            return stopping
        }
        guard !wasStopping else { return }
        wake.signal()
        finished.wait()
        try? queue.close()
    }

    private func run() {
        while true {
            _ = wake.wait(timeout: .now() + Self.interval)
            if stopping.withLock({ $0 }) { break }
            // Busy (another checkpoint holds the lock) or any other failure: this one is skipped; the
            // writer's automatic checkpoint still bounds the log.
            _ = try? queue.writeWithoutTransaction { db in try db.checkpoint(.passive) }
        }
        finished.signal()
    }
}

extension FeedStore {
    /// Starts copying the write-ahead log into the database file in the background
    /// (`BackgroundCheckpoints`) until `stop` is called on what this returns. For a run of many write
    /// transactions, such as a refresh.
    public func startBackgroundCheckpoints() throws -> BackgroundCheckpoints {
        try BackgroundCheckpoints(path: path)
    }
}
