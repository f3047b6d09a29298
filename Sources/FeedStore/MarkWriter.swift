import Foundation
import GRDB

/// Read and starred marks, inside the caller's transaction.
enum MarkWriter {
    /// Ids per statement, well under SQLite's host-parameter limit.
    static let chunkSize = 500

    static func setRead(_ db: Database, _ read: Bool, ids: [Int64], now: Date) throws -> Int {
        var changed = 0
        for chunk in chunks(ids) {
            try db.execute(
                sql: """
                    UPDATE articles SET read = ?, read_at = ?
                    WHERE read != ? AND id IN (\(placeholders(chunk.count)))
                    """,
                arguments: [read, read ? now.timeIntervalSince1970 : nil, read] + StatementArguments(chunk))
            changed += db.changesCount
        }
        return changed
    }

    static func setStarred(_ db: Database, _ starred: Bool, ids: [Int64]) throws -> Int {
        var changed = 0
        for chunk in chunks(ids) {
            try db.execute(
                sql: """
                    UPDATE articles SET starred = ?, ignored = ignored * (1 - ?)
                    WHERE starred != ? AND id IN (\(placeholders(chunk.count)))
                    """,
                arguments: [starred, starred, starred] + StatementArguments(chunk))
            changed += db.changesCount
        }
        return changed
    }

    static func markAllRead(_ db: Database, _ filter: ArticleFilter, now: Date) throws -> Int {
        try db.execute(
            sql: "UPDATE articles AS a SET read = 1, read_at = ? WHERE a.read = 0 AND \(filter.condition)",
            arguments: [now.timeIntervalSince1970] + filter.arguments)
        return db.changesCount
    }

    static func chunks(_ ids: [Int64]) -> [ArraySlice<Int64>] {
        stride(from: 0, to: ids.count, by: chunkSize).map { ids[$0..<min($0 + chunkSize, ids.count)] }
    }

    static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}
