import FeedModel
import Foundation
import GRDB

/// Reads feeds (with tags and article counts) and tag summaries.
enum FeedReader {
    /// Unread and total articles per feed that no ignore rule hid, from the stored counts
    /// (`FeedCountsMigration`).
    private static let countsByFeed = """
        SELECT feed_id, unread - ignored_unread AS unread, articles - ignored AS total FROM feed_counts
        """

    /// Unread and total articles of feed `f` that no ignore rule hid, from its stored counts `c`
    /// (joined by `countsJoin`): one row per feed, whatever the number of articles.
    private static let countColumns = """
        ifnull(c.unread - c.ignored_unread, 0) AS unread_count, ifnull(c.articles - c.ignored, 0) AS total_count
        """
    private static let countsJoin = "LEFT JOIN feed_counts c ON c.feed_id = f.id"

    /// Every feed, or those matching `condition`, in feed-list order (title, case-insensitive).
    static func feeds(_ db: Database, where condition: String = "1", arguments: StatementArguments = []) throws
        -> [StoredFeed]
    {
        let tags = try tagsByFeed(db, where: condition, arguments: arguments)
        let statement = try db.makeStatement(sql: """
            SELECT \(FeedColumns.select), \(countColumns)
            FROM feeds f \(countsJoin)
            WHERE \(condition)
            ORDER BY f.display_title COLLATE NOCASE, f.id
            """)
        let columns = try FeedColumns(statement)
        return try statement.map(arguments: arguments) { columns.feed(from: $0, tags: tags) }
    }

    /// Every feed matching `condition` as the feed list needs it (`FeedSummary`), in feed-list order:
    /// four columns a feed, none of the text the rows on screen read apart.
    ///
    /// The rows are read in table order and put in feed-list order by the title index alone: read in
    /// title order, the feeds of a long list sit on more pages than the reader's page cache holds, and
    /// SQLite would read each page again and again.
    static func summaries(_ db: Database, where condition: String) throws -> [FeedSummary] {
        let tags = try tagsByFeed(db, where: condition)
        var byID: [Int64: FeedSummary] = [:]
        let rows = try Row.fetchCursor(db, sql: """
            SELECT f.id, f.url, \(countColumns)
            FROM feeds f \(countsJoin)
            WHERE \(condition)
            """)
        while let row = try rows.next() {
            let id: Int64 = row[0]
            byID[id] = FeedSummary(id: id, url: row[1], tags: tags[id] ?? [], unreadCount: row[2], totalCount: row[3])
        }
        var ordered: [FeedSummary] = []
        ordered.reserveCapacity(byID.count)
        let ids = try Int64.fetchCursor(
            db, sql: "SELECT f.id FROM feeds f WHERE \(condition) ORDER BY f.display_title COLLATE NOCASE, f.id")
        while let id = try ids.next() {
            if let summary = byID[id] { ordered.append(summary) }
        }
        return ordered
    }

    static func feed(_ db: Database, id: Int64) throws -> StoredFeed? {
        let statement = try db.makeStatement(sql: """
            SELECT \(FeedColumns.select), \(countColumns)
            FROM feeds f \(countsJoin) WHERE f.id = ?
            """)
        let tags = try String.fetchAll(
            db, sql: "SELECT tag FROM feed_tags WHERE feed_id = ? ORDER BY position", arguments: [id])
        let columns = try FeedColumns(statement)
        return try statement.map(arguments: [id]) { columns.feed(from: $0, tags: [id: tags]) }.first
    }

    /// The feed at this URL (compared by `FeedURL.key`), or the feed that moved away from it
    /// (permanent redirect); the oldest when the database holds one feed twice.
    static func resolve(_ db: Database, url: String) throws -> Int64? {
        // Cached: a list sync or an import resolves every feed of the list, each with this statement.
        try Int64.fetchOne(
            db.cachedStatement(sql: """
                SELECT id FROM feeds WHERE url_key = ?1
                UNION ALL SELECT feed_id FROM feed_aliases WHERE url = ?1
                LIMIT 1
                """),
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
    /// With `collapsingCopies`, the articles and unread articles leave out copies (`ArticleCopies`).
    static func counts(
        _ db: Database, in scope: FeedScope = .every, includeIgnored: Bool = false, collapsingCopies: Bool = false
    ) throws -> ArticleCounts {
        let feeds = scope.condition("f.id")
        let inScope = scope.condition("feed_id")
        let (articles, unread) = includeIgnored ? ("articles", "unread") : ("articles - ignored", "unread - ignored_unread")
        // One small row per feed (`feed_counts`), never the articles: the same figures as counting
        // them, kept exact by the store's triggers.
        let sql = """
            SELECT (SELECT count(*) FROM feeds f WHERE \(feeds)) AS feeds,
                (SELECT ifnull(sum(\(articles)), 0) FROM feed_counts WHERE \(inScope)) AS articles,
                (SELECT ifnull(sum(\(unread)), 0) FROM feed_counts WHERE \(inScope)) AS unread,
                (SELECT ifnull(sum(starred), 0) FROM feed_counts) AS starred,
                (SELECT count(*) FROM feed_counts WHERE \(inScope) AND \(unread) > 0) AS feeds_with_unread
            """
        guard let row = try Row.fetchOne(db, sql: sql) else {
            return ArticleCounts(feeds: 0, articles: 0, unread: 0, starred: 0, feedsWithUnread: 0)
        }
        var (articleCount, unreadCount): (Int, Int) = (row["articles"], row["unread"])
        if collapsingCopies, let copies = try Row.fetchOne(db, sql: """
            SELECT count(*) AS articles, ifnull(sum(read = 0), 0) AS unread FROM articles
            WHERE duplicate = 1 AND \(inScope)\(includeIgnored ? "" : " AND ignored = 0")
            """) {
            articleCount -= copies["articles"] as Int
            unreadCount -= copies["unread"] as Int
        }
        return ArticleCounts(
            feeds: row["feeds"], articles: articleCount, unread: unreadCount, starred: row["starred"],
            feedsWithUnread: row["feeds_with_unread"])
    }

    /// The tags of the feeds matching `condition` (on feeds `f`), in each feed's order.
    private static func tagsByFeed(_ db: Database, where condition: String = "1", arguments: StatementArguments = [])
        throws -> [Int64: [String]]
    {
        var tags: [Int64: [String]] = [:]
        let statement = try db.makeStatement(sql: """
            SELECT t.feed_id AS feed_id, t.tag AS tag FROM feed_tags t
            WHERE \(condition == "1" ? "1" : "t.feed_id IN (SELECT f.id FROM feeds f WHERE \(condition))")
            ORDER BY t.feed_id, t.position
            """)
        let (feedID, tag) = (try statement.position(of: "feed_id"), try statement.position(of: "tag"))
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try rows.next() {
            tags[row[feedID], default: []].append(row[tag])
        }
        return tags
    }

    static func date(_ seconds: Double?) -> Date? {
        seconds.map(Date.init(timeIntervalSince1970:))
    }
}
