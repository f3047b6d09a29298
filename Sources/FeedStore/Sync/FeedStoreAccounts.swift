import Foundation
import GRDB

/// A feed of a feed-service account, as `feeds remove` and `account remove` find it.
public struct AccountFeed: Sendable, Hashable {
    public let id: Int64
    public let account: String
    /// The service's id of the subscription; nil for a feed the service no longer has, kept here
    /// for its starred articles (never synced again).
    public let subscriptionID: String?
    public let url: String
    public let title: String
}

/// What the store holds of one account: for `tidings account list`.
public struct StoredAccount: Sendable, Hashable {
    public let name: String
    /// When its last sync completed; nil before the first.
    public let syncedAt: Date?
    /// Local marks waiting to be sent.
    public let waiting: Int
    /// Its feeds that the service still has.
    public let feeds: Int
}

/// What taking feeds away from an account did: feeds deleted, feeds kept for their starred articles,
/// articles deleted, starred articles kept, waiting marks dropped.
public struct AccountFeedRemoval: Sendable, Hashable {
    public var deletedFeeds = 0
    public var keptFeeds = 0
    public var deletedArticles = 0
    public var keptStarred = 0
    public var droppedMarks = 0

    package init(deletedFeeds: Int = 0, keptFeeds: Int = 0, deletedArticles: Int = 0, keptStarred: Int = 0, droppedMarks: Int = 0) {
        self.deletedFeeds = deletedFeeds
        self.keptFeeds = keptFeeds
        self.deletedArticles = deletedArticles
        self.keptStarred = keptStarred
        self.droppedMarks = droppedMarks
    }
}

extension FeedStore {
    /// Every feed of every account, the ones kept for their stars included, by title.
    public func accountFeeds() throws -> [AccountFeed] {
        try pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, account, sync_subscription_id, url, display_title FROM feeds
                    WHERE account IS NOT NULL ORDER BY display_title COLLATE NOCASE, id
                    """
            ).map {
                AccountFeed(
                    id: $0["id"], account: $0["account"], subscriptionID: $0["sync_subscription_id"], url: $0["url"],
                    title: $0["display_title"])
            }
        }
    }

    /// Takes the feeds `ids` away from their account, in one transaction (see `SyncWriter.detach`):
    /// their starred articles stay, in the feed, no longer synced, unless `keepingStars` is false.
    @discardableResult
    public func detachAccountFeeds(ids: [Int64], keepingStars: Bool = true) throws -> AccountFeedRemoval {
        try pool.write { db in try SyncWriter.detach(db, feedIDs: ids, keepingStars: keepingStars) }
    }

    /// Deletes what the store holds of `account`, in one transaction: its feeds and articles (the
    /// starred ones kept as `detachAccountFeeds` keeps them, unless `keepingStars` is false), its
    /// waiting marks and its sync state. Feeds kept for their stars earlier go too without `keepingStars`.
    @discardableResult
    public func removeAccount(_ account: String, keepingStars: Bool) throws -> AccountFeedRemoval {
        try pool.write { db in
            let ids = try Int64.fetchAll(
                db, sql: "SELECT id FROM feeds WHERE account = ? AND (sync_subscription_id IS NOT NULL OR ?)",
                arguments: [account, !keepingStars])
            var removal = try SyncWriter.detach(db, feedIDs: ids, keepingStars: keepingStars)
            try db.execute(sql: "DELETE FROM sync_outbox WHERE account = ?", arguments: [account])
            removal.droppedMarks += db.changesCount
            try db.execute(sql: "DELETE FROM sync_accounts WHERE name = ?", arguments: [account])
            return removal
        }
    }

    /// Every account the store holds something of (a sync state, feeds or waiting marks), by name.
    public func storedAccounts() throws -> [StoredAccount] {
        try pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    WITH names AS (
                        SELECT name FROM sync_accounts
                        UNION SELECT account FROM feeds WHERE account IS NOT NULL AND sync_subscription_id IS NOT NULL
                        UNION SELECT account FROM sync_outbox)
                    SELECT n.name AS name, s.synced_at AS synced_at,
                        (SELECT count(*) FROM sync_outbox o WHERE o.account = n.name) AS waiting,
                        (SELECT count(*) FROM feeds f WHERE f.account = n.name AND f.sync_subscription_id IS NOT NULL)
                            AS feeds
                    FROM names n LEFT JOIN sync_accounts s ON s.name = n.name
                    ORDER BY n.name
                    """
            ).map {
                StoredAccount(
                    name: $0["name"], syncedAt: ($0["synced_at"] as Double?).map(Date.init(timeIntervalSince1970:)),
                    waiting: $0["waiting"], feeds: $0["feeds"])
            }
        }
    }
}
