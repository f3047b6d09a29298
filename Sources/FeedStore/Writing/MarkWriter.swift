import Foundation
import GRDB

/// Read and starred marks, inside the caller's transaction.
enum MarkWriter {
    /// Ids per statement, well under SQLite's host-parameter limit.
    static let chunkSize = 500

    /// With `copies`, the articles' copies in other feeds get the same mark (`ArticleCopies`); the
    /// result counts the articles named only.
    static func setRead(_ db: Database, _ read: Bool, ids: [Int64], now: Date, copies: Bool = false) throws -> Int {
        var changed = 0
        for chunk in chunks(ids) {
            try statement(db, count: chunk.count, sql: """
                UPDATE articles SET read = ?, read_at = ?
                WHERE read != ? AND id IN (\(placeholders(chunk.count)))
                """
            ).execute(arguments: [read, read ? now.timeIntervalSince1970 : nil, read] + StatementArguments(chunk))
            changed += db.changesCount
        }
        if copies { try ArticleCopies.propagateRead(db, read, ids: ids, now: now) }
        return changed
    }

    static func setStarred(_ db: Database, _ starred: Bool, ids: [Int64]) throws -> Int {
        var changed = 0
        for chunk in chunks(ids) {
            try statement(db, count: chunk.count, sql: """
                UPDATE articles SET starred = ?, ignored = ignored * (1 - ?)
                WHERE starred != ? AND id IN (\(placeholders(chunk.count)))
                """
            ).execute(arguments: [starred, starred, starred] + StatementArguments(chunk))
            changed += db.changesCount
        }
        return changed
    }

    static func markAllRead(_ db: Database, _ filter: ArticleFilter, now: Date, copies: Bool = false) throws -> Int {
        let keys = copies ? try ArticleCopies.unreadKeys(db, filter) : []
        try db.execute(
            sql: "UPDATE articles AS a SET read = 1, read_at = ? WHERE a.read = 0 AND \(filter.condition.sql)",
            arguments: [now.timeIntervalSince1970] + filter.condition.arguments)
        let changed = db.changesCount
        try ArticleCopies.markRead(db, keys: keys, now: now)
        return changed
    }

    /// The statement of `sql` over `count` ids: kept prepared for one id (the reader marks one article
    /// per key, and preparing the update with its triggers cost more than running it), prepared anew
    /// for more (one per chunk size would pile up).
    private static func statement(_ db: Database, count: Int, sql: String) throws -> Statement {
        count == 1 ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
    }

    static func chunks(_ ids: [Int64]) -> [ArraySlice<Int64>] {
        stride(from: 0, to: ids.count, by: chunkSize).map { ids[$0..<min($0 + chunkSize, ids.count)] }
    }

    static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}
