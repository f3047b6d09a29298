import FeedModel
import Foundation
import GRDB

/// Reads article lists, single articles and streams of articles for an `ArticleFilter`.
enum ArticleReader {
    /// Offsets beyond which counting the list first (to read it from the other end) pays.
    static let deepOffset = 2_000

    private static let summaryColumns =
        "a.id, a.feed_id, f.display_title, a.title, a.url, a.sort_date, a.read, a.starred"

    static func summaries(
        _ db: Database, _ filter: ArticleFilter, extra: (String, StatementArguments)? = nil,
        reversed: Bool = false, offset: Int = 0, limit: Int
    ) throws -> [ArticleSummary] {
        var condition = filter.condition
        var arguments = filter.arguments
        if let extra {
            condition += " AND " + extra.0
            arguments += extra.1
        }
        let sql = """
            SELECT \(summaryColumns) FROM \(filter.from)
            WHERE \(condition) ORDER BY \(filter.order(reversed: reversed)) LIMIT ? OFFSET ?
            """
        arguments += [max(0, limit), max(0, offset)]
        return try Row.fetchAll(db, sql: sql, arguments: arguments).map(summary(from:))
    }

    /// Rows `offset..<offset+limit`. Past the middle of the list (`total` known) the list is read
    /// from its other end, so the last page costs what the first does.
    static func page(_ db: Database, _ filter: ArticleFilter, offset: Int, limit: Int, total: Int) throws
        -> [ArticleSummary]
    {
        let offset = max(0, offset)
        let limit = max(0, min(limit, total - offset))
        guard limit > 0 else { return [] }
        guard offset > total / 2 else { return try summaries(db, filter, offset: offset, limit: limit) }
        let fromEnd = total - offset - limit
        return try summaries(db, filter, reversed: true, offset: fromEnd, limit: limit).reversed()
    }

    static func count(_ db: Database, _ filter: ArticleFilter, extra: (String, StatementArguments)? = nil) throws
        -> Int
    {
        var condition = filter.countCondition
        var arguments = filter.arguments
        if let extra {
            condition += " AND " + extra.0
            arguments += extra.1
        }
        let join = filter.sort.isByFeed && extra != nil ? "JOIN feeds f ON f.id = a.feed_id" : ""
        return try Int.fetchOne(
            db, sql: "SELECT count(*) FROM articles a \(join) WHERE \(condition)", arguments: arguments) ?? 0
    }

    static func listCount(_ db: Database, _ filter: ArticleFilter) throws -> ListCount {
        let row = try Row.fetchOne(
            db, sql: "SELECT total(a.read = 0), count(*) FROM articles a WHERE \(filter.countCondition)",
            arguments: filter.arguments)
        return ListCount(unread: Int(row?[0] ?? 0.0), total: row?[1] ?? 0)
    }

    private static func summary(from row: Row) -> ArticleSummary {
        ArticleSummary(
            id: row[0], feedID: row[1], feedTitle: row[2], title: row[3], url: row[4],
            date: Date(timeIntervalSince1970: row[5]), read: row[6], starred: row[7])
    }

    private static func bodyJoin(withContent: Bool) -> String {
        withContent ? "LEFT JOIN article_bodies b ON b.article_id = a.id" : ""
    }

    private static func articleColumns(withContent: Bool) -> String {
        """
        a.id, a.feed_id, f.display_title, f.url, f.site_url, a.guid, a.url, a.external_url, a.title, a.sort_date,
        a.published, a.updated, \(withContent ? "b.summary, b.content" : "NULL, NULL"), a.content_type, a.image,
        a.comments, a.language, a.tags, a.first_seen_at, a.read, a.read_at, a.starred, a.authors, a.enclosures
        """
    }

    static func article(_ db: Database, id: Int64) throws -> StoredArticle? {
        try Row.fetchOne(
            db,
            sql: """
                SELECT \(articleColumns(withContent: true))
                FROM articles a JOIN feeds f ON f.id = a.feed_id \(bodyJoin(withContent: true)) WHERE a.id = ?
                """,
            arguments: [id]
        ).map(article(from:))
    }

    /// Calls `body` for each matching article in list order, one row in memory at a time.
    static func forEach(
        _ db: Database, _ filter: ArticleFilter, limit: Int?, withContent: Bool,
        _ body: (StoredArticle) throws -> Void
    ) throws {
        var arguments = filter.arguments
        arguments += [limit ?? -1]
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT \(articleColumns(withContent: withContent))
                FROM \(filter.from) \(bodyJoin(withContent: withContent))
                WHERE \(filter.condition) ORDER BY \(filter.orderBy) LIMIT ?
                """,
            arguments: arguments)
        while let row = try rows.next() {
            try body(article(from: row))
        }
    }

    private static func article(from row: Row) -> StoredArticle {
        StoredArticle(
            id: row[0], feedID: row[1], feedTitle: row[2], feedURL: row[3], feedSiteURL: row[4], guid: row[5],
            url: row[6], externalURL: row[7], title: row[8], date: Date(timeIntervalSince1970: row[9]),
            published: FeedReader.date(row[10]), updated: FeedReader.date(row[11]),
            summary: BodyColumn.decode(row[12]), content: BodyColumn.decode(row[13]), contentType: (row[14] as String?).flatMap(ContentType.init(rawValue:)),
            image: row[15], comments: row[16], language: row[17], tags: TagColumn.decode(row[18]),
            firstSeenAt: Date(timeIntervalSince1970: row[19]), read: row[20],
            readAt: FeedReader.date(row[21]), starred: row[22], authorsJSON: row[23], enclosuresJSON: row[24])
    }
}
