import FeedModel
import Foundation
import GRDB

/// Reads article lists, single articles and streams of articles for an `ArticleFilter`.
enum ArticleReader {
    /// Offsets beyond which counting the list first (to read it from the other end) pays.
    static let deepOffset = 2_000

    /// With `prefetch`, the table pages of the rows are asked for all at once first (`TablePagePrefetch`),
    /// then those of the `prefetchAheadPages` pages of rows after them in the read's direction,
    /// when the list's index alone tells which rows they are (`indexExtra`: a condition it answers in
    /// place of `extra`, `ArticleFilter.indexCondition`).
    static func summaries(
        _ db: Database, _ filter: ArticleFilter, extra: SQLFragment? = nil,
        reversed: Bool = false, offset: Int = 0, limit: Int, prefetch: TablePagePrefetch? = nil,
        indexExtra: SQLFragment? = nil
    ) throws -> [ArticleSummary] {
        let condition: SQLFragment
        // A few rows of a list with full-text conditions: their ids found first (see `FullTextProbe`).
        let probed = try FullTextProbe.firstIDs(db, filter, extra: extra, reversed: reversed, count: offset + limit)
        if let ids = probed {
            condition = SQLFragment("a.id IN (\(FeedScope.sqlList(ids)))", columns: ["a.id"])
        } else {
            condition = extra.map(filter.condition.and) ?? filter.condition
        }
        let sql = """
            SELECT \(SummaryColumns.select) FROM \(filter.from)
            WHERE \(condition.sql) ORDER BY \(filter.order(reversed: reversed)) LIMIT ? OFFSET ?
            """
        // Kept prepared on the connection (preparing it cost as much as reading a page of 100 rows from
        // the page cache), unless its text names the rows found, which no later read repeats.
        let statement = probed == nil ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
        let arguments = condition.arguments + [max(0, limit), max(0, offset)]
        if probed == nil, let prefetch {
            // Only a hint: a failure in it leaves the read as it would be without it.
            _ = try? prefetchRows(
                db, filter, extra: indexExtra ?? extra, reversed: reversed, offset: offset, limit: limit,
                ahead: limit * prefetchAheadPages, prefetch)
        }
        let columns = try SummaryColumns(statement)
        return try statement.map(arguments: arguments, columns.summary(from:))
    }

    /// Pages of rows past a page's own, in the direction it is read, whose table pages a page's read
    /// asks for too: keys that scroll faster than the read-ahead (which waits for a pause) find the
    /// next pages on their way from the disk, not yet to be asked for, on a store file the kernel has
    /// paged out. In the page cache, they cost the ids of 200 more rows from the same index pages.
    static let prefetchAheadPages = 2

    /// Asks `prefetch` for the table pages of the rows, their ids read from the list's index alone
    /// (`rowIDSource`), and then for those of the `ahead` rows after them (a call of their own, so
    /// the disk serves the page's own rows first); nothing when no index alone tells them, or when the
    /// same read was hinted a moment ago (its pages were read right after, `TablePagePrefetch.isNew`).
    /// Returns how many table pages were named.
    @discardableResult
    static func prefetchRows(
        _ db: Database, _ filter: ArticleFilter, extra: SQLFragment?, reversed: Bool, offset: Int,
        limit: Int, ahead: Int = 0, _ prefetch: TablePagePrefetch
    ) throws -> Int {
        let condition = extra.map(filter.condition.and) ?? filter.condition
        guard let from = rowIDSource(filter, columns: condition.columns) else { return 0 }
        let sql = """
            SELECT a.id FROM \(from) WHERE \(condition.sql) ORDER BY \(filter.order(reversed: reversed)) LIMIT ? OFFSET ?
            """
        let limit = max(0, limit)
        let arguments = condition.arguments + [limit + max(0, ahead), max(0, offset)]
        guard prefetch.isNew(sql, arguments) else { return 0 }
        let rowids = try Int64.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
        let own = try prefetch.prefetch(rowids: Array(rowids.prefix(limit)), db)
        return try own + prefetch.prefetch(rowids: Array(rowids.dropFirst(limit)), db)
    }

    /// The FROM clause of a query for the ids of the rows a condition reading `columns` selects in
    /// `filter`'s order that SQLite answers from an index alone (`articles_date`, `articles_title`, or
    /// `articles_feed_date` for a few feeds or a tag: the condition reads no other column), so that
    /// it reads no table page; nil when there is none: the read and starred marks, a long list of
    /// feeds (`+a.feed_id` filters the date index's rows). The feeds are left out of the date and
    /// title orders, which do not read them.
    static func rowIDSource(_ filter: ArticleFilter, columns: Set<String>) -> String? {
        let covered: Set<String>
        let from: String
        switch filter.sort {
        case .newestFirst, .oldestFirst:
            (covered, from) = (["a.sort_date", "a.id", "a.feed_id"], "articles a")
        case .byFeed, .byFeedDescending:
            (covered, from) = (["a.sort_date", "a.id", "a.feed_id"], filter.from)
        case .titleAscending, .titleDescending:
            // The title index's key: SQLite compares it from the index (the first term of a keyset
            // condition, `ArticleFilter.indexCondition`, not the whole condition).
            (covered, from) = (["a.title", "a.id"], "articles a")
        }
        for column in columns {
            // `+a.feed_id` keeps SQLite on the date index, whose rows it then filters by feed.
            let offIndex = column.hasPrefix("+")
            let name = offIndex ? String(column.dropFirst()) : column
            if name.hasPrefix("a.") {
                if !covered.contains(name) || (offIndex && !filter.sort.isByFeed) { return nil }
            } else if !(filter.sort.isByFeed && name.hasPrefix("f.")) {
                return nil
            }
        }
        return from
    }

    /// Rows `offset..<offset+limit`. Past the middle of the list (`total` known) the list is read
    /// from its other end, so the last page costs what the first does.
    static func page(
        _ db: Database, _ filter: ArticleFilter, offset: Int, limit: Int, total: Int,
        prefetch: TablePagePrefetch? = nil
    ) throws -> [ArticleSummary] {
        let offset = max(0, offset)
        let limit = max(0, min(limit, total - offset))
        guard limit > 0 else { return [] }
        guard offset > total / 2 else {
            return try summaries(db, filter, offset: offset, limit: limit, prefetch: prefetch)
        }
        let fromEnd = total - offset - limit
        return try summaries(db, filter, reversed: true, offset: fromEnd, limit: limit, prefetch: prefetch).reversed()
    }

    /// The rows of the list (with `extra`, those of them that meet it too): from the stored counts of
    /// its feeds when they answer it (`FeedCountsTotal`), else counted.
    static func count(_ db: Database, _ filter: ArticleFilter, extra: SQLFragment? = nil) throws
        -> Int
    {
        if extra == nil, let total = try FeedCountsTotal.total(db, filter.query) {
            guard let copies = filter.copiesCondition else { return total }
            return try total - (Int.fetchOne(
                db.cachedStatement(sql: "SELECT count(*) FROM articles a WHERE \(copies.sql)"),
                arguments: copies.arguments) ?? 0)
        }
        return try countRows(db, filter, extra: extra)
    }

    /// The rows of the list counted one by one.
    static func countRows(_ db: Database, _ filter: ArticleFilter, extra: SQLFragment? = nil)
        throws -> Int
    {
        let join = filter.sort.isByFeed && extra != nil ? "JOIN feeds f ON f.id = a.feed_id" : ""
        guard let keeping = filter.countKeepingIgnored else {
            let condition = extra.map(filter.countCondition.and) ?? filter.countCondition
            return try Int.fetchOne(
                db.cachedStatement(sql: "SELECT count(*) FROM articles a \(join) WHERE \(condition.sql)"),
                arguments: condition.arguments) ?? 0
        }
        // The rows less the ignored ones among them: counting rows without looking each up among the
        // ignored lets SQLite count the smallest index page by page; the ignored come from their partial index.
        let condition = extra.map(keeping.and) ?? keeping
        let everyRow = condition.isAlways ? "" : "WHERE \(condition.sql)"
        return try Int.fetchOne(
            db.cachedStatement(sql: """
                SELECT (SELECT count(*) FROM articles a \(join) \(everyRow))
                    - (SELECT count(*) FROM articles a \(join) WHERE \(ArticleFilter.onlyIgnored.sql) AND \(condition.sql))
                """),
            arguments: condition.arguments + condition.arguments) ?? 0
    }

    static func listCount(_ db: Database, _ filter: ArticleFilter) throws -> ListCount {
        let row = try Row.fetchOne(
            db, sql: "SELECT total(a.read = 0) AS unread, count(*) AS total FROM articles a WHERE \(filter.countCondition.sql)",
            arguments: filter.countCondition.arguments)
        return ListCount(unread: Int(row?["unread"] ?? 0.0), total: row?["total"] ?? 0)
    }

    private static func bodyJoin(withContent: Bool) -> String {
        withContent ? "LEFT JOIN article_bodies b ON b.article_id = a.id" : ""
    }

    static func article(_ db: Database, id: Int64) throws -> StoredArticle? {
        let statement = try db.cachedStatement(sql: """
            SELECT \(ArticleColumns.select(withContent: true))
            FROM articles a JOIN feeds f ON f.id = a.feed_id \(bodyJoin(withContent: true)) WHERE a.id = ?
            """)
        let columns = try ArticleColumns(statement)
        let dictionaries = BodyDictionaryLookup()
        return try statement.map(arguments: [id]) { try columns.article(from: $0, db, dictionaries) }.first
    }

    /// Calls `body` for each matching article in list order, one row in memory at a time.
    static func forEach(
        _ db: Database, _ filter: ArticleFilter, limit: Int?, withContent: Bool, decodingBodies: Bool,
        _ body: (consuming StoredArticle) throws -> Void
    ) throws {
        var condition = filter.condition
        var arguments = condition.arguments + [limit ?? -1]
        // A few rows of a list with full-text conditions: their ids found first (see `FullTextProbe`).
        if let limit, let ids = try FullTextProbe.firstIDs(db, filter, extra: nil, reversed: false, count: limit) {
            condition = SQLFragment("a.id IN (\(FeedScope.sqlList(ids)))", columns: ["a.id"])
            arguments = [-1]
        }
        let statement = try db.makeStatement(sql: """
            SELECT \(ArticleColumns.select(withContent: withContent))
            FROM \(filter.from) \(bodyJoin(withContent: withContent))
            WHERE \(condition.sql) ORDER BY \(filter.orderBy) LIMIT ?
            """)
        let columns = try ArticleColumns(statement)
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        let dictionaries = BodyDictionaryLookup()
        while let row = try rows.next() {
            try body(columns.article(from: row, db, dictionaries, decodingBodies: decodingBodies))
        }
    }
}
