import GRDB

/// Every stored article's id and link, for migrations that compute a column from the link in Swift.
enum ArticleBatches {
    private static let batch = 10_000

    /// Calls `body` with each article's id and link, in batches by id: the rows are updated while
    /// none of them is being read.
    static func forEachLink(_ db: Database, _ body: (Int64, String?) throws -> Void) throws {
        var last: Int64 = .min
        while true {
            let rows = try Row.fetchAll(
                db, sql: "SELECT id, url FROM articles WHERE id > ? ORDER BY id LIMIT ?", arguments: [last, batch])
            for row in rows {
                let id: Int64 = row["id"]
                try body(id, row["url"])
                last = id
            }
            if rows.count < batch { break }
        }
    }
}
