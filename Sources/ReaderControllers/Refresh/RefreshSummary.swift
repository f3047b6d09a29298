import FeedStore
import Foundation

/// What a whole refresh did, feed by feed, in completion order.
public struct RefreshSummary: Sendable, Hashable, Encodable {
    public let feeds: [RefreshFeedResult]
    public let seconds: Double
    /// Articles deleted by the retention policy afterwards.
    package let deleted: Int
    /// True when `RefreshController.cancel()` or task cancellation stopped the refresh early.
    public let cancelled: Bool
    /// The feeds of the feed list after the refresh (a permanent redirect may have merged two).
    public let scope: FeedScope
    /// Why the refresh stopped storing (a full disk, an I/O error), in one line: the feeds that met it
    /// failed, those after them are `.cancelled`, and a command reports this line instead of theirs.
    package let storeFailure: String?

    package init(
        feeds: [RefreshFeedResult], seconds: Double, deleted: Int = 0, cancelled: Bool = false,
        scope: FeedScope = .every, storeFailure: String? = nil
    ) {
        self.feeds = feeds
        self.seconds = seconds
        self.deleted = deleted
        self.cancelled = cancelled
        self.scope = scope
        self.storeFailure = storeFailure
    }

    public var newArticles: Int { feeds.reduce(0) { $0 + $1.new } }
    public var updatedArticles: Int { feeds.reduce(0) { $0 + $1.updated } }
    /// The feeds that make the refresh exit 1: failed, gone and incomplete.
    public var failures: [RefreshFeedResult] { feeds.filter(\.isFailure) }
    /// How many of the failures were cut-off responses (`RefreshFeedStatus.incomplete`).
    public var incompleteCount: Int { feeds.count { $0.status == .incomplete } }

    /// 0 when every feed succeeded, 1 when some failed or came incomplete (the rest were stored), 74
    /// when storing failed for good (`storeFailure`), 130 when a signal stopped the run.
    public var exitStatus: ExitStatus {
        if cancelled { return .interrupted }
        if storeFailure != nil { return .ioError }
        return failures.isEmpty ? .success : .partialFailure
    }

    /// The summary as one compact JSON document (`tidings refresh --json`), with the accounts' syncs.
    public func jsonData(accounts: [AccountSyncResult] = []) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(WithAccounts(summary: self, accounts: accounts))
    }

    /// The summary's keys and `accounts` in one object.
    private struct WithAccounts: Encodable {
        let summary: RefreshSummary
        let accounts: [AccountSyncResult]

        func encode(to encoder: Encoder) throws {
            try summary.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(accounts, forKey: .accounts)
        }

        private enum Key: String, CodingKey {
            case accounts
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: ExtraKeys.self)
        try container.encode(feeds, forKey: .feeds)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(deleted, forKey: .deleted)
        try container.encode(cancelled, forKey: .cancelled)
        try container.encode(newArticles, forKey: .new)
        try container.encode(updatedArticles, forKey: .updated)
        try container.encode(failures.count, forKey: .failed)
        try container.encode(incompleteCount, forKey: .incomplete)
    }

    private enum ExtraKeys: String, CodingKey {
        case feeds, seconds, deleted, cancelled, new, updated, failed, incomplete
    }
}
