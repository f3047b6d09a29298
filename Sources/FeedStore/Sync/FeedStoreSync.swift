import FeedModel
import Foundation
import GRDB

// What a sync of a feed-service account reads and writes (the store never talks to the service).
extension FeedStore {
    /// The state the last sync of `account` kept (`SyncState.text`), nil before its first sync.
    public func syncState(account: String) throws -> String? {
        try pool.read { db in try String.fetchOne(db, sql: "SELECT state FROM sync_accounts WHERE name = ?", arguments: [account]) }
    }

    /// The marks of `account` waiting to be sent, oldest first.
    public func outbox(account: String) throws -> [SyncOutboxEntry] {
        try pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT id, item_id, action, changed_at FROM sync_outbox WHERE account = ? ORDER BY id",
                arguments: [account]
            ).map {
                SyncOutboxEntry(
                    id: $0["id"], itemID: $0["item_id"], action: $0["action"],
                    changedAt: Date(timeIntervalSince1970: $0["changed_at"]))
            }
        }
    }

    /// When the last sync of `account` that completed kept its state; nil before its first one.
    public func lastSync(account: String) throws -> Date? {
        try pool.read { db in
            try Double.fetchOne(db, sql: "SELECT synced_at FROM sync_accounts WHERE name = ?", arguments: [account])
                .map(Date.init(timeIntervalSince1970:))
        }
    }

    /// How many marks of `account` wait to be sent.
    public func outboxCount(account: String) throws -> Int {
        try pool.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM sync_outbox WHERE account = ?", arguments: [account]) ?? 0
        }
    }

    /// Drops the outbox entries the service confirmed, in one transaction.
    public func removeFromOutbox(ids: [Int64]) throws {
        guard !ids.isEmpty else { return }
        try pool.write { db in
            for chunk in MarkWriter.chunks(ids) {
                try db.execute(
                    sql: "DELETE FROM sync_outbox WHERE id IN (\(MarkWriter.placeholders(chunk.count)))",
                    arguments: StatementArguments(Array(chunk)))
            }
        }
    }

    /// Makes the store hold a feed for each subscription of `account` (labels as tags), in one
    /// transaction; returns the feed ids by subscription id. Never deletes a feed.
    public func syncAccountFeeds(account: String, _ entries: [AccountFeedEntry], now: Date = Date()) throws
        -> [String: Int64]
    {
        try pool.write { db in try SyncWriter.upsertFeeds(db, account: account, entries, now: now) }
    }

    /// `syncAccountFeeds` for the service's whole list: the account's feeds it no longer has are then
    /// detached in the same transaction (`detachAccountFeeds`, stars kept). An empty list is taken
    /// for a fault of the service and detaches nothing.
    public func replaceAccountFeeds(account: String, _ entries: [AccountFeedEntry], now: Date = Date()) throws
        -> (ids: [String: Int64], removal: AccountFeedRemoval)
    {
        try pool.write { db in
            let ids = try SyncWriter.upsertFeeds(db, account: account, entries, now: now)
            guard !entries.isEmpty else { return (ids, AccountFeedRemoval()) }
            return (ids, try SyncWriter.detachUnlisted(db, account: account, listed: Set(ids.keys)))
        }
    }

    /// The ids of every feed that belongs to an account: in every feed list's scope, never fetched
    /// by a refresh of local feeds.
    public func accountFeedIDs() throws -> [Int64] {
        try pool.read { db in try Self.accountFeedIDs(db) }
    }

    static func accountFeedIDs(_ db: Database) throws -> [Int64] {
        try Int64.fetchAll(db, sql: "SELECT id FROM feeds WHERE account IS NOT NULL ORDER BY id")
    }

    /// `apply` for items a service gave (a document made by `prepare`): the same transaction stores
    /// them and gives each its item id; `itemIDs` maps each item's guid to its id.
    @discardableResult
    public func applySynced(
        _ document: PreparedDocument, fetch: FetchRecord, itemIDs: [String: Int64], ignoring: IgnoreRules = .none
    ) throws -> ApplyResult {
        try pool.write { db in
            let result = try ArticleWriter.apply(
                db, feedID: document.feedID, feed: document.feed, prepared: document.articles, fetch: fetch,
                ignoring: ignoring)
            try SyncWriter.setItemIDs(db, feedID: document.feedID, itemIDs)
            return result
        }
    }

    /// Takes the service's read and starred marks (complete sets of unread and starred item ids) for
    /// the articles of `account`, where no local change waits in the outbox, and keeps `state`: one
    /// transaction, which writes nothing to the outbox for them. A read mark it changes reaches the
    /// article's copies in local feeds, and in other accounts' feeds as a mark queued for their service.
    @discardableResult
    public func applySyncedMarks(
        account: String, unread: Set<Int64>, starred: Set<Int64>, state: String, now: Date = Date()
    ) throws -> SyncedMarks {
        try pool.write { db in
            let marks = try SyncWriter.applying(db, account: account) {
                try SyncWriter.applyMarks(db, account: account, unread: unread, starred: starred, state: state, now: now)
            }
            try SyncWriter.propagate(db, account: account, marks, now: now)
            return marks
        }
    }
}

extension FeedStore {
    /// Whether an article of `account` starred here is missing from the service's `starred` set:
    /// unstarred elsewhere, or gone with a feed unsubscribed elsewhere, which only the subscription
    /// list tells apart (read it before the marks, so that such a star is kept).
    public func hasStarsMissing(account: String, starred: Set<Int64>) throws -> Bool {
        try pool.read { db in
            let cursor = try Int64.fetchCursor(
                db,
                sql: """
                    SELECT a.sync_item_id FROM articles a JOIN feeds f ON f.id = a.feed_id
                    WHERE f.account = ? AND a.starred = 1 AND a.sync_item_id IS NOT NULL
                    """,
                arguments: [account])
            while let id = try cursor.next() {
                if !starred.contains(id) { return true }
            }
            return false
        }
    }

    /// The ids of the feeds of `account`, by subscription id.
    public func accountFeedIDsBySubscription(account: String) throws -> [String: Int64] {
        try pool.read { db in
            var ids: [String: Int64] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT sync_subscription_id, id FROM feeds WHERE account = ?", arguments: [account])
            {
                if let subscription: String = row["sync_subscription_id"] { ids[subscription] = row["id"] }
            }
            return ids
        }
    }
}
