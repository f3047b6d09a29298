import FeedModel
import Foundation
import GRDB

/// Adds, removes, edits and synchronises feeds, inside the caller's transaction.
enum FeedWriter {
    /// What the store keeps of a feed-list entry.
    struct Entry {
        let url: String
        let title: String?
        let tags: [String]
        let refreshInterval: TimeInterval?
    }

    /// The user's title of an OPML outline: `title`, else `text`, unless that only repeats the URL.
    static func entry(_ listed: FeedListEntry) -> Entry {
        let title = [listed.title, listed.text].lazy.compactMap { ArticleIdentity.nonEmpty($0) }.first
        return Entry(
            url: listed.url, title: title == listed.url ? nil : title, tags: listed.tags,
            refreshInterval: listed.refreshInterval)
    }

    static func add(_ db: Database, _ entry: Entry, now: Date) throws -> Int64 {
        let url = try cleanURL(entry.url)
        if let existing = try FeedReader.resolve(db, url: url) {
            throw FeedStoreError.duplicateFeed(url: url, existingID: existing)
        }
        return try insert(db, entry, url: url, now: now)
    }

    /// Adds the feed at `url` (clean, and known to name no stored feed); returns its id.
    private static func insert(_ db: Database, _ entry: Entry, url: String, now: Date) throws -> Int64 {
        // Statements cached here and below: a sync of a new list of 100,000 feeds runs each that often.
        try db.cachedStatement(
            sql: """
                INSERT INTO feeds (url, url_key, title, refresh_interval, created_at, last_listed_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
                url, FeedURL.key(url), ArticleIdentity.nonEmpty(entry.title), entry.refreshInterval,
                now.timeIntervalSince1970, now.timeIntervalSince1970,
            ])
        let id = db.lastInsertedRowID
        try setTags(db, feedID: id, entry.tags)
        return id
    }

    /// Replaces the feed's tags; blank and repeated tags are dropped, order kept.
    static func setTags(_ db: Database, feedID: Int64, _ tags: [String]) throws {
        try db.cachedStatement(sql: "DELETE FROM feed_tags WHERE feed_id = ?").execute(arguments: [feedID])
        var seen = Set<String>()
        let clean = tags.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
        for (position, tag) in clean.enumerated() {
            try db.cachedStatement(sql: "INSERT INTO feed_tags (feed_id, tag, position) VALUES (?, ?, ?)")
                .execute(arguments: [feedID, tag, position])
        }
    }

    /// Adds the listed feeds that are missing, updates the others from the list, and records that
    /// the list names them (`last_listed_at`, written at most once an hour per feed). Feeds the list
    /// does not name are not touched.
    static func sync(_ db: Database, _ entries: [FeedListEntry], now: Date) throws -> FeedSyncResult {
        var listed: [Int64] = []
        var seen = Set<Int64>()
        var added: [Int64] = []
        var updated: [Int64] = []
        for entry in entries.map(entry) {
            guard let url = try? cleanURL(entry.url) else { continue }
            guard let id = try FeedReader.resolve(db, url: url) else {
                let id = try insert(db, entry, url: url, now: now)
                seen.insert(id)
                listed.append(id)
                added.append(id)
                continue
            }
            guard seen.insert(id).inserted else { continue }
            listed.append(id)
            if try change(db, feedID: id, to: entry) { updated.append(id) }
        }
        if !listed.isEmpty {
            try db.execute(
                sql: """
                    UPDATE feeds SET last_listed_at = ?
                    WHERE id IN (\(FeedScope.sqlList(listed))) AND (last_listed_at IS NULL OR last_listed_at < ?)
                    """,
                arguments: [now.timeIntervalSince1970, now.timeIntervalSince1970 - 3600])
        }
        return FeedSyncResult(added: added, updated: updated, listed: listed)
    }

    /// Makes the feed's title, tags and refresh interval those of `entry`; true when any changed.
    private static func change(_ db: Database, feedID: Int64, to entry: Entry) throws -> Bool {
        let title = ArticleIdentity.nonEmpty(entry.title)
        try db.cachedStatement(
            sql: """
                UPDATE feeds SET title = ?, refresh_interval = ?
                WHERE id = ? AND (title IS NOT ? OR refresh_interval IS NOT ?)
                """
        ).execute(arguments: [title, entry.refreshInterval, feedID, title, entry.refreshInterval])
        var changed = db.changesCount > 0
        let tags = try String.fetchAll(
            db.cachedStatement(sql: "SELECT tag FROM feed_tags WHERE feed_id = ? ORDER BY position"), arguments: [feedID])
        var seen = Set<String>()
        let wanted = entry.tags.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
        if tags != wanted {
            try setTags(db, feedID: feedID, wanted)
            changed = true
        }
        return changed
    }

    /// Moves the feed to `newURL` after a permanent redirect, remembering the old URL (its key) as an
    /// alias. When another feed already has `newURL` (compared by `FeedURL.key`), the two are merged
    /// into that one: articles move over (an article both hold keeps the target's copy, read or
    /// starred if either was, exported by a state if either was: a mark is never lost), tags are
    /// united, and the moved feed is deleted. Returns the id of the feed that now has `newURL`.
    static func redirect(_ db: Database, feedID: Int64, to newURL: String) throws -> Int64 {
        let target = try cleanURL(newURL)
        guard let oldURL = try String.fetchOne(db, sql: "SELECT url FROM feeds WHERE id = ?", arguments: [feedID])
        else { throw FeedStoreError.feedNotFound(feedID) }
        guard oldURL != target else { return feedID }
        let existing = try FeedReader.resolve(db, url: target)
        guard let other = existing, other != feedID else {
            try db.execute(sql: "DELETE FROM feed_aliases WHERE url = ?", arguments: [FeedURL.key(target)])
            try db.execute(
                sql: "UPDATE feeds SET url = ?, url_key = ?, permanent_redirect_url = ? WHERE id = ?",
                arguments: [target, FeedURL.key(target), target, feedID])
            if FeedURL.key(oldURL) != FeedURL.key(target) {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO feed_aliases (url, feed_id) VALUES (?, ?)",
                    arguments: [FeedURL.key(oldURL), feedID])
            }
            return feedID
        }
        try merge(db, feedID: feedID, into: other)
        return other
    }

    private static func merge(_ db: Database, feedID old: Int64, into target: Int64) throws {
        let arguments: StatementArguments = ["old": old, "target": target]
        try db.execute(
            sql: """
                UPDATE articles AS t SET read = max(t.read, o.read), starred = max(t.starred, o.starred),
                    read_at = coalesce(t.read_at, o.read_at)
                FROM articles AS o
                WHERE o.feed_id = :old AND t.feed_id = :target AND t.identity_hash = o.identity_hash
                    AND tidings_identity_key(t.identity, t.url) = tidings_identity_key(o.identity, o.url);
                INSERT OR IGNORE INTO export_marks (state_id, article_id)
                    SELECT m.state_id, t.id FROM export_marks m
                    JOIN articles o ON o.id = m.article_id
                    JOIN articles t ON t.feed_id = :target AND t.identity_hash = o.identity_hash
                        AND tidings_identity_key(t.identity, t.url) = tidings_identity_key(o.identity, o.url)
                    WHERE o.feed_id = :old;
                DELETE FROM articles AS o WHERE o.feed_id = :old AND EXISTS (
                    SELECT 1 FROM articles t WHERE t.feed_id = :target AND t.identity_hash = o.identity_hash
                    AND tidings_identity_key(t.identity, t.url) = tidings_identity_key(o.identity, o.url));
                UPDATE articles SET feed_id = :target WHERE feed_id = :old;
                INSERT OR IGNORE INTO feed_tags (feed_id, tag, position)
                    SELECT :target, tag, position + 1000 FROM feed_tags WHERE feed_id = :old;
                UPDATE feeds SET title = coalesce(title, (SELECT title FROM feeds WHERE id = :old)),
                    last_listed_at = max(coalesce(last_listed_at, 0),
                        coalesce((SELECT last_listed_at FROM feeds WHERE id = :old), 0))
                    WHERE id = :target;
                UPDATE feed_aliases SET feed_id = :target WHERE feed_id = :old;
                INSERT OR REPLACE INTO feed_aliases (url, feed_id) SELECT url_key, :target FROM feeds WHERE id = :old;
                DELETE FROM feeds WHERE id = :old;
                """,
            arguments: arguments)
    }

    /// Deletes what `tidings feeds prune` lets go: of each feed outside `scope` that no feed list has
    /// named since `cutoff`, every article but the starred ones, and the feed itself when none is
    /// starred. With `dryRun` only reports what it would do.
    static func prune(_ db: Database, outside scope: FeedScope, notListedSince cutoff: Date, dryRun: Bool) throws
        -> [PrunedFeed]
    {
        let listed = scope.feedIDs.map { "AND f.id NOT IN (\(FeedScope.sqlList($0)))" } ?? "AND 0"
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT f.id AS id, f.url AS url, f.display_title AS title, f.last_listed_at AS last_listed_at,
                    ifnull(c.articles - c.starred, 0) AS unstarred, ifnull(c.starred, 0) AS starred
                FROM feeds f LEFT JOIN feed_counts c ON c.feed_id = f.id
                WHERE coalesce(f.last_listed_at, f.created_at) < ? \(listed)
                ORDER BY f.display_title COLLATE NOCASE, f.id
                """,
            arguments: [cutoff.timeIntervalSince1970])
        var pruned: [PrunedFeed] = []
        for row in rows {
            let id: Int64 = row["id"]
            let starred: Int = row["starred"]
            if !dryRun {
                if starred == 0 {
                    try db.execute(sql: "DELETE FROM feeds WHERE id = ?", arguments: [id])
                } else {
                    try db.execute(sql: "DELETE FROM articles WHERE feed_id = ? AND starred = 0", arguments: [id])
                }
            }
            pruned.append(PrunedFeed(
                url: row["url"], title: row["title"], lastListedAt: FeedReader.date(row["last_listed_at"]),
                deletedArticles: row["unstarred"],
                keptStarred: starred))
        }
        return pruned
    }

    static func cleanURL(_ url: String) throws -> String {
        let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw FeedStoreError.invalidURL(url) }
        return trimmed
    }
}
