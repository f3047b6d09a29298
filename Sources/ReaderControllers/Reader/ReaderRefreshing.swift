import FeedStore
import Foundation
import Synchronization

/// What the reader needs from a refresh: run it with progress reports, and cancel it.
/// `RefreshController` is the real one; tests may pass their own. Thread-safe: `run` is awaited off
/// the UI thread and `cancel` may be called from any thread; `progress` is called on any thread.
package protocol ReaderRefreshing: AnyObject, Sendable {
    func run(_ options: RefreshOptions, progress: @escaping @Sendable (RefreshProgress) -> Void) async throws
        -> RefreshSummary
    func cancel()
}

/// What a background refresh reports to the UI thread.
enum ReaderNotice: Sendable {
    case progress(RefreshProgress)
    case finished(RefreshSummary)
    case failed(String)
    /// A background task (`runInBackground`) ended: its number and outcome.
    case taskEnded(Int, Result<String, BackgroundTaskError>)
    /// A background sync began with these accounts.
    case syncing([String])
    /// A background sync ended: each account's result, the feed list's scope as it now stands, and
    /// why it could not run at all.
    case synced([AccountSyncResult], scope: FeedScope?, problem: String?)
}

/// The hand-over point between background tasks and the UI loop: tasks post notices and wake the
/// loop; the loop takes them. Thread-safe: the notices are behind a `Mutex`, and the wakeup may be
/// posted from anywhere.
final class ReaderMailbox: Sendable {
    private let notices = Mutex<[ReaderNotice]>([])
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    func post(_ notice: ReaderNotice) {
        notices.withLock { $0.append(notice) }
        wake()
    }

    func take() -> [ReaderNotice] {
        notices.withLock { notices in
            defer { notices.removeAll() }
            return notices
        }
    }
}

extension RefreshController: ReaderRefreshing {}
