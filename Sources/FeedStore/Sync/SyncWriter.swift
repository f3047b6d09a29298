import Foundation
import GRDB

/// The store's side of a sync, inside the caller's transaction: account feeds, item ids, the service's
/// marks and the outbox.
enum SyncWriter {
    /// Runs `body` with the outbox triggers off for this transaction (a row in `sync_applying`, which
    /// no other connection sees and which a crash rolls back with the rest).
    static func applying<T>(_ db: Database, account: String, _ body: () throws -> T) throws -> T {
        try db.execute(sql: "INSERT INTO sync_applying (account) VALUES (?)", arguments: [account])
        let result = try body()
        try db.execute(sql: "DELETE FROM sync_applying")
        return result
    }

    /// The ids of the account's feeds, by subscription id; missing ones added, titles, site and labels
    /// updated. Feeds the service no longer lists are left as they are (their articles stay).
    static func upsertFeeds(_ db: Database, account: String, _ entries: [AccountFeedEntry], now: Date) throws
        -> [String: Int64]
    {
        var ids: [String: Int64] = [:]
        for entry in entries {
            let key = "tidings-account:\(account)/\(entry.subscriptionID)"
            if let id = try Int64.fetchOne(
                db, sql: "SELECT id FROM feeds WHERE account = ? AND sync_subscription_id = ?",
                arguments: [account, entry.subscriptionID])
            {
                try db.execute(
                    sql: """
                        UPDATE feeds SET title = ?, site_url = ?, last_listed_at = ?
                        WHERE id = ? AND (title IS NOT ? OR site_url IS NOT ? OR last_listed_at IS NULL
                                          OR last_listed_at < ? - 3600)
                        """,
                    arguments: [entry.title, entry.siteURL, now.timeIntervalSince1970, id, entry.title, entry.siteURL,
                                now.timeIntervalSince1970])
                ids[entry.subscriptionID] = id
            } else {
                // `url` is unique: an address a local feed (or another account) has gets the account's name.
                let taken = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM feeds WHERE url = ?)", arguments: [entry.url]) ?? false
                try db.execute(
                    sql: """
                        INSERT INTO feeds (url, url_key, title, site_url, account, sync_subscription_id, created_at,
                                           last_listed_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [taken ? entry.url + "#account=" + account : entry.url, key, entry.title, entry.siteURL,
                                account, entry.subscriptionID, now.timeIntervalSince1970, now.timeIntervalSince1970])
                ids[entry.subscriptionID] = db.lastInsertedRowID
            }
            let feedID = ids[entry.subscriptionID] ?? 0
            let stored = try String.fetchAll(
                db, sql: "SELECT tag FROM feed_tags WHERE feed_id = ? ORDER BY position", arguments: [feedID])
            if stored != entry.labels { try FeedWriter.setTags(db, feedID: feedID, entry.labels) }
        }
        return ids
    }

    /// Gives the articles of `feedID` whose identity is `g:` + a key of `itemIDs` (the guid a sync gives
    /// each item) their item id, where they have none yet.
    static func setItemIDs(_ db: Database, feedID: Int64, _ itemIDs: [String: Int64]) throws {
        let update = try db.cachedStatement(sql: """
            UPDATE articles SET sync_item_id = ?
            WHERE feed_id = ? AND identity_hash = ? AND identity = ? AND sync_item_id IS NULL
            """)
        for (guid, itemID) in itemIDs {
            let identity = "g:" + guid
            try update.execute(arguments: [itemID, feedID, ArticleIdentity.identityHash(identity), identity])
        }
    }

    /// Takes the service's marks for every article of the account that has an item id, except the kind
    /// (read state or star) of items with an outbox entry still waiting: a local change not yet sent is
    /// newer than anything the service showed. Then keeps `state`.
    static func applyMarks(
        _ db: Database, account: String, unread: Set<Int64>, starred: Set<Int64>, state: String, now: Date
    ) throws -> SyncedMarks {
        try db.execute(sql: """
            CREATE TEMP TABLE IF NOT EXISTS sync_unread_ids (id INTEGER PRIMARY KEY);
            CREATE TEMP TABLE IF NOT EXISTS sync_starred_ids (id INTEGER PRIMARY KEY);
            DELETE FROM sync_unread_ids;
            DELETE FROM sync_starred_ids;
            """)
        let insertUnread = try db.cachedStatement(sql: "INSERT OR IGNORE INTO sync_unread_ids (id) VALUES (?)")
        for id in unread { try insertUnread.execute(arguments: [id]) }
        let insertStarred = try db.cachedStatement(sql: "INSERT OR IGNORE INTO sync_starred_ids (id) VALUES (?)")
        for id in starred { try insertStarred.execute(arguments: [id]) }
        let accountArticles = """
            a.feed_id IN (SELECT id FROM feeds WHERE account = :account) AND a.sync_item_id IS NOT NULL
            """
        func notPending(_ actions: String) -> String {
            "a.sync_item_id NOT IN (SELECT item_id FROM sync_outbox WHERE account = :account AND action IN (\(actions)))"
        }
        let wantsRead = "(a.sync_item_id NOT IN (SELECT id FROM temp.sync_unread_ids))"
        let marked = try Row.fetchAll(
            db,
            sql: """
                UPDATE articles AS a SET read = \(wantsRead), read_at = CASE WHEN \(wantsRead) THEN :now END
                WHERE \(accountArticles) AND a.read != \(wantsRead) AND \(notPending("'read', 'unread'"))
                RETURNING id, read
                """,
            arguments: ["account": account, "now": now.timeIntervalSince1970])
        let readChanged = marked.count
        let wantsStar = "(a.sync_item_id IN (SELECT id FROM temp.sync_starred_ids))"
        try db.execute(
            sql: """
                UPDATE articles AS a SET starred = \(wantsStar), ignored = ignored * (1 - \(wantsStar))
                WHERE \(accountArticles) AND a.starred != \(wantsStar) AND \(notPending("'star', 'unstar'"))
                """,
            arguments: ["account": account])
        let starChanged = db.changesCount
        try db.execute(
            sql: """
                INSERT INTO sync_accounts (name, state, synced_at) VALUES (?, ?, ?)
                ON CONFLICT (name) DO UPDATE SET state = excluded.state, synced_at = excluded.synced_at
                """,
            arguments: [account, state, now.timeIntervalSince1970])
        try db.execute(sql: "DELETE FROM sync_unread_ids; DELETE FROM sync_starred_ids;")
        return SyncedMarks(
            readChanged: readChanged, starChanged: starChanged,
            markedRead: marked.filter { $0["read"] as Bool }.map { $0["id"] },
            markedUnread: marked.filter { !($0["read"] as Bool) }.map { $0["id"] })
    }

    /// Gives the copies (`ArticleCopies`) of the articles a sync marked the same read mark, in the
    /// sync's transaction but after `applying`: copies of the account's own articles are left to the
    /// service's sets, another account's copy queues the mark for its service, a local copy is marked.
    static func propagate(_ db: Database, account: String, _ marks: SyncedMarks, now: Date) throws {
        try ArticleCopies.propagateRead(db, true, ids: marks.markedRead, now: now, exceptAccount: account)
        try ArticleCopies.propagateRead(db, false, ids: marks.markedUnread, now: now, exceptAccount: account)
    }

    /// Takes feeds away from their account: their waiting marks and unstarred articles go (every
    /// article without `keepingStars`). A feed left with starred articles stays, with its title and
    /// tags, but is never synced again: no subscription id, no item ids, a `url_key` nothing resolves to.
    static func detach(_ db: Database, feedIDs: [Int64], keepingStars: Bool) throws -> AccountFeedRemoval {
        var removal = AccountFeedRemoval()
        for id in feedIDs {
            try db.execute(
                sql: """
                    DELETE FROM sync_outbox WHERE account = (SELECT account FROM feeds WHERE id = ?)
                        AND item_id IN (SELECT sync_item_id FROM articles WHERE feed_id = ? AND sync_item_id IS NOT NULL)
                    """,
                arguments: [id, id])
            removal.droppedMarks += db.changesCount
            try db.execute(
                sql: "DELETE FROM articles WHERE feed_id = ? AND (starred = 0 OR NOT ?)", arguments: [id, keepingStars])
            removal.deletedArticles += db.changesCount
            let kept = try Int.fetchOne(db, sql: "SELECT count(*) FROM articles WHERE feed_id = ?", arguments: [id]) ?? 0
            if kept == 0 {
                try db.execute(sql: "DELETE FROM feeds WHERE id = ?", arguments: [id])
                removal.deletedFeeds += 1
            } else {
                try db.execute(sql: "UPDATE articles SET sync_item_id = NULL WHERE feed_id = ?", arguments: [id])
                try db.execute(
                    sql: "UPDATE feeds SET sync_subscription_id = NULL, url_key = 'tidings-kept:' || id WHERE id = ?",
                    arguments: [id])
                removal.keptFeeds += 1
                removal.keptStarred += kept
            }
        }
        return removal
    }

    /// Detaches (`detach`, stars kept) the feeds of `account` whose subscription is not in `listed`,
    /// the service's whole list: unsubscribed elsewhere, on the phone say.
    static func detachUnlisted(_ db: Database, account: String, listed: Set<String>) throws -> AccountFeedRemoval {
        let gone = try Row.fetchAll(
            db, sql: "SELECT id, sync_subscription_id FROM feeds WHERE account = ? AND sync_subscription_id IS NOT NULL",
            arguments: [account]
        ).filter { !listed.contains($0["sync_subscription_id"]) }.map { $0["id"] as Int64 }
        return try detach(db, feedIDs: gone, keepingStars: true)
    }
}
