import FeedModel
import Foundation
import GRDB

/// Reads feeds (with tags and article counts) and tag summaries.
enum FeedReader {
    private static let columns = """
        f.id, f.url, f.title, f.feed_title, f.display_title, f.site_url, f.description, f.refresh_interval,
        f.created_at, f.etag, f.last_modified, f.body_hash, f.last_fetch_at, f.last_success_at, f.last_status,
        f.last_error, f.consecutive_failures, f.next_fetch_at, f.permanent_redirect_url, f.disabled,
        f.disabled_reason
        """

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
            - (SELECT count(*) FROM articles WHERE feed_id = f.id AND read = 0 AND ignored = 1),
        (SELECT count(*) FROM articles INDEXED BY articles_feed_date WHERE feed_id = f.id)
            - (SELECT count(*) FROM articles WHERE feed_id = f.id AND ignored = 1)
        """

    /// Every feed, or those matching `condition`, in feed-list order (title, case-insensitive).
    static func feeds(_ db: Database, where condition: String = "1", arguments: StatementArguments = []) throws
        -> [StoredFeed]
    {
        let tags = try tagsByFeed(db)
        let sql = """
            SELECT \(columns), \(countColumns)
            FROM feeds f
            WHERE \(condition)
            ORDER BY f.display_title COLLATE NOCASE, f.id
            """
        return try Row.fetchAll(db, sql: sql, arguments: arguments).map { feed(from: $0, tags: tags) }
    }

    static func feed(_ db: Database, id: Int64) throws -> StoredFeed? {
        let sql = """
            SELECT \(columns), \(countColumns)
            FROM feeds f WHERE f.id = ?
            """
        guard let row = try Row.fetchOne(db, sql: sql, arguments: [id]) else { return nil }
        let tags = try String.fetchAll(
            db, sql: "SELECT tag FROM feed_tags WHERE feed_id = ? ORDER BY position", arguments: [id])
        return feed(from: row, tags: [id: tags])
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
            SELECT t.tag, count(*), coalesce(sum(c.unread), 0), coalesce(sum(c.total), 0)
            FROM feed_tags t
            LEFT JOIN (\(countsByFeed)) c ON c.feed_id = t.feed_id
            WHERE \(scope.condition("t.feed_id"))
            GROUP BY t.tag
            ORDER BY t.tag COLLATE NOCASE, t.tag
            """
        return try Row.fetchAll(db, sql: sql).map {
            TagSummary(tag: $0[0], feedCount: $0[1], unreadCount: $0[2], totalCount: $0[3])
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
               "- (SELECT count(*) FROM articles WHERE read = 0 AND ignored = 1 AND \(articles))", "AND ignored = 0")
        let sql = """
            SELECT (SELECT count(*) FROM feeds f WHERE \(feeds)),
                (SELECT count(*) FROM articles WHERE \(articles)) \(ignoredTotal),
                (SELECT count(*) FROM articles WHERE read = 0 AND \(articles)) \(ignoredUnread),
                (SELECT count(*) FROM articles WHERE starred = 1),
                (SELECT count(*) FROM feeds f
                    WHERE \(feeds) AND EXISTS (SELECT 1 FROM articles WHERE feed_id = f.id AND read = 0 \(unreadTest)))
            """
        guard let row = try Row.fetchOne(db, sql: sql) else {
            return ArticleCounts(feeds: 0, articles: 0, unread: 0, starred: 0, feedsWithUnread: 0)
        }
        return ArticleCounts(feeds: row[0], articles: row[1], unread: row[2], starred: row[3], feedsWithUnread: row[4])
    }

    private static func tagsByFeed(_ db: Database) throws -> [Int64: [String]] {
        var tags: [Int64: [String]] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT feed_id, tag FROM feed_tags ORDER BY feed_id, position")
        while let row = try rows.next() {
            tags[row[0], default: []].append(row[1])
        }
        return tags
    }

    private static func feed(from row: Row, tags: [Int64: [String]]) -> StoredFeed {
        let id: Int64 = row[0]
        let state = FetchState(
            etag: row[9], lastModified: row[10], bodyHash: row[11],
            lastFetchAt: date(row[12]), lastSuccessAt: date(row[13]), lastStatus: row[14], lastError: row[15],
            consecutiveFailures: row[16], nextFetchAt: date(row[17]), permanentRedirectURL: row[18],
            disabled: row[19], disabledReason: row[20])
        return StoredFeed(
            id: id, url: row[1], title: row[2], feedTitle: row[3], displayTitle: row[4], siteURL: row[5],
            feedDescription: row[6], tags: tags[id] ?? [], refreshInterval: row[7],
            createdAt: Date(timeIntervalSince1970: row[8]), fetchState: state,
            unreadCount: row[21], totalCount: row[22])
    }

    static func date(_ seconds: Double?) -> Date? {
        seconds.map(Date.init(timeIntervalSince1970:))
    }
}
