import GRDB

/// The length of an article list read from the stored counts of its feeds (`feed_counts`, kept exact
/// by `FeedCountsMigration`'s triggers and `ArticleWriter` in the transaction that changes an article)
/// instead of counted row by row: one small row per feed, where a count walks an index as long as the
/// list, on the reader's UI thread.
///
/// It answers the lists those counts describe: every feed, some feeds or the feeds of some tags; all
/// articles or only unread ones; ignored articles left out or kept. Anything else (starred, since, a
/// search, an expression, not exported) is nil, and the caller counts the rows.
enum FeedCountsTotal {
    /// The number of articles `query` lists, or nil when the stored counts do not say.
    static func total(_ db: Database, _ query: ArticleQuery) throws -> Int? {
        guard query.search == nil, query.expression == nil, query.since == nil, query.notExportedBy == nil,
              !query.starredOnly
        else { return nil }
        // The columns as `ArticleFilter` tests the rows: `read = 0`, and `ignored = 1` left out.
        let column =
            switch (query.unreadOnly, query.includeIgnored) {
            case (false, false): "articles - ignored"
            case (false, true): "articles"
            case (true, false): "unread - ignored_unread"
            case (true, true): "unread"
            }
        var conditions: [String] = []
        var arguments = StatementArguments()
        if let ids = query.feedIDs {
            guard !ids.isEmpty else { return 0 }
            conditions.append("feed_id IN (\(MarkWriter.placeholders(ids.count)))")
            arguments += StatementArguments(ids)
        }
        if !query.tags.isEmpty {
            conditions.append(
                "feed_id IN (SELECT feed_id FROM feed_tags WHERE tag IN (\(MarkWriter.placeholders(query.tags.count))))")
            arguments += StatementArguments(query.tags)
        }
        let sql = "SELECT ifnull(sum(\(column)), 0) FROM feed_counts"
            + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
        // Kept prepared for the usual lists (every feed, one feed, a tag); a long list of feeds (a feed
        // list's scope) is prepared each time, not once per length.
        let statement = (query.feedIDs?.count ?? 0) <= 8 && query.tags.count <= 8
            ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
        return try Int.fetchOne(statement, arguments: arguments) ?? 0
    }
}
