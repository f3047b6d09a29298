import FeedModel
import Foundation
import GRDB

/// Reads feeds (with tags and article counts) and tag summaries.
enum FeedReader {
    /// Unread and total articles per feed, each counted from a small index (the unread one partial),
    /// less the ignored ones (counted in their own partial index).
    private static let countsByFeed = """
        SELECT t.feed_id, coalesce(u.unread, 0) - coalesce(i.unread, 0) AS unread, t.total - coalesce(i.total, 0) AS total
        FROM (SELECT feed_id, count(*) AS total FROM articles INDEXED BY articles_feed_date GROUP BY feed_id) t
        LEFT JOIN (SELECT feed_id, count(*) AS unread FROM articles WHERE read = 0 GROUP BY feed_id) u
            ON u.feed_id = t.feed_id
        LEFT JOIN (SELECT feed_id, sum(read = 0) AS unread, count(*) AS total FROM articles WHERE ignored = 1
            GROUP BY feed_id) i ON i.feed_id = t.feed_id
        """

    /// Unread and total articles of feed `f` that no ignore rule hid, counted in the partial unread
    /// index and the date index less the partial index of ignored articles (about 10 ms for 100,000
    /// articles: no counters to keep in step).
    private static let countColumns = """
        (SELECT count(*) FROM articles WHERE feed_id = f.id AND read = 0)
            - (SELECT count(*) FROM articles WHERE feed_id = f.id AND read = 0 AND ignored = 1) AS unread_count,
        (SELECT count(*) FROM articles INDEXED BY articles_feed_date WHERE feed_id = f.id)
            - (SELECT count(*) FROM articles WHERE feed_id = f.id AND ignored = 1) AS total_count
        """

    /// Every feed, or those matching `condition`, in feed-list order (title, case-insensitive).
    static func feeds(_ db: Database, where condition: String = "1", arguments: StatementArguments = []) throws
        -> [StoredFeed]
    {
        let tags = try tagsByFeed(db)
        let statement = try db.makeStatement(sql: """
            SELECT \(FeedColumns.select), \(countColumns)
            FROM feeds f
            WHERE \(condition)
            ORDER BY f.display_title COLLATE NOCASE, f.id
            """)
        let columns = try FeedColumns(statement)
        return try statement.map(arguments: arguments) { columns.feed(from: $0, tags: tags) }
    }

    static func feed(_ db: Database, id: Int64) throws -> StoredFeed? {
        let statement = try db.makeStatement(sql: """
            SELECT \(FeedColumns.select), \(countColumns)
            FROM feeds f WHERE f.id = ?
            """)
        let tags = try String.fetchAll(
            db, sql: "SELECT tag FROM feed_tags WHERE feed_id = ? ORDER BY position", arguments: [id])
        let columns = try FeedColumns(statement)
        return try statement.map(arguments: [id]) { columns.feed(from: $0, tags: [id: tags]) }.first
    }

    /// The feed at this URL (compared by `FeedURL.key`), or the feed that moved away from it
    /// (permanent redirect); the oldest when the database holds one feed twice.
    static func resolve(_ db: Database, url: String) throws -> Int64? {
        try Int64.fetchOne(
            db,
            sql: """
                SELECT id FROM feeds WHERE url_key = ?1
                UNION ALL SELECT feed_id FROM feed_aliases WHERE url = ?1
                LIMIT 1
                """,
            arguments: [FeedURL.key(url)])
    }

    static func tagSummaries(_ db: Database, in scope: FeedScope = .every) throws -> [TagSummary] {
        let sql = """
            SELECT t.tag AS tag, count(*) AS feed_count, coalesce(sum(c.unread), 0) AS unread_count,
                coalesce(sum(c.total), 0) AS total_count
            FROM feed_tags t
            LEFT JOIN (\(countsByFeed)) c ON c.feed_id = t.feed_id
            WHERE \(scope.condition("t.feed_id"))
            GROUP BY t.tag
            ORDER BY t.tag COLLATE NOCASE, t.tag
            """
        return try Row.fetchAll(db, sql: sql).map {
            TagSummary(tag: $0["tag"], feedCount: $0["feed_count"], unreadCount: $0["unread_count"],
                       totalCount: $0["total_count"])
        }
    }

    /// Counts over the feeds in `scope`, but starred articles over every feed (as the reader's
    /// Starred row shows them); without `includeIgnored`, of the articles no ignore rule hid.
    static func counts(_ db: Database, in scope: FeedScope = .every, includeIgnored: Bool = false) throws
        -> ArticleCounts
    {
        let feeds = scope.condition("f.id")
        let articles = scope.condition("feed_id")
        let (ignoredTotal, ignoredUnread, unreadTest) = includeIgnored
            ? ("", "", "")
            : ("- (SELECT count(*) FROM articles WHERE ignored = 1 AND \(articles))",
               "- (SELECT count(*) FROM articles WHERE read = 0 AND ignored = 1 AND \(articles))",
               "AND id NOT IN (SELECT id FROM articles WHERE ignored = 1)")
        // A feed has unread articles when the first entry of its partial unread index is not ignored:
        // tested against the (small) set of ignored ids, never by reading the article's row, 20,000
        // of which cost 0.25 s at 1,000,000 articles.
        let sql = """
            SELECT (SELECT count(*) FROM feeds f WHERE \(feeds)) AS feeds,
                (SELECT count(*) FROM articles WHERE \(articles)) \(ignoredTotal) AS articles,
                (SELECT count(*) FROM articles WHERE read = 0 AND \(articles)) \(ignoredUnread) AS unread,
                (SELECT count(*) FROM articles WHERE starred = 1) AS starred,
                (SELECT count(*) FROM feeds f
                    WHERE \(feeds) AND EXISTS (SELECT 1 FROM articles WHERE feed_id = f.id AND read = 0 \(unreadTest)))
                    AS feeds_with_unread
            """
        guard let row = try Row.fetchOne(db, sql: sql) else {
            return ArticleCounts(feeds: 0, articles: 0, unread: 0, starred: 0, feedsWithUnread: 0)
        }
        return ArticleCounts(
            feeds: row["feeds"], articles: row["articles"], unread: row["unread"], starred: row["starred"],
            feedsWithUnread: row["feeds_with_unread"])
    }

    private static func tagsByFeed(_ db: Database) throws -> [Int64: [String]] {
        var tags: [Int64: [String]] = [:]
        let statement = try db.makeStatement(sql: "SELECT feed_id, tag FROM feed_tags ORDER BY feed_id, position")
        let (feedID, tag) = (try statement.position(of: "feed_id"), try statement.position(of: "tag"))
        let rows = try Row.fetchCursor(statement)
        while let row = try rows.next() {
            tags[row[feedID], default: []].append(row[tag])
        }
        return tags
    }

    static func date(_ seconds: Double?) -> Date? {
        seconds.map(Date.init(timeIntervalSince1970:))
    }
}
