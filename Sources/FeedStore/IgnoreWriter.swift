import Foundation
import GRDB

/// Marks articles ignored by the ignore rules, inside the caller's transaction: the articles one
/// `apply` stored or changed, or every article when the rules changed. Nothing is deleted; a
/// starred article is never marked.
enum IgnoreWriter {
    /// The full-text table of the articles being stored, for `contains` rules (the search text of a
    /// refresh reaches `article_search` only at its end). A temporary table of the writer connection.
    static let incomingSearch = "incoming_search"
    private static let incomingIDs = "incoming_article_ids"

    /// The search text of one stored article.
    struct Incoming {
        let id: Int64
        let title: String?
        let author: String
        let body: String

        init(_ item: IncomingArticle, id: Int64) {
            self.id = id
            title = item.title
            author = item.authorText
            body = item.searchBody
        }
    }

    /// Marks the just stored or changed `articles` that the rules match (and unmarks changed ones
    /// that no longer match).
    static func mark(_ db: Database, _ articles: [Incoming], rules: IgnoreRules, now: Date) throws {
        guard let expression = rules.expression, !articles.isEmpty else { return }
        try db.execute(sql: """
            CREATE TEMP TABLE IF NOT EXISTS \(incomingIDs) (id INTEGER PRIMARY KEY);
            CREATE VIRTUAL TABLE IF NOT EXISTS temp.\(incomingSearch) USING fts5(
                title, author, body, tokenize = 'unicode61 remove_diacritics 2', columnsize = 0);
            """)
        let insertID = try db.cachedStatement(sql: "INSERT OR IGNORE INTO \(incomingIDs) (id) VALUES (?)")
        let fullText = expression.usesFullText
        let insertSearch = try db.cachedStatement(
            sql: "INSERT INTO \(incomingSearch) (rowid, title, author, body) VALUES (?, ?, ?, ?)")
        for article in articles {
            try insertID.execute(arguments: [article.id])
            if fullText { try insertSearch.execute(arguments: [article.id, article.title, article.author, article.body]) }
        }
        let compiled = QueryCompiler(searchTable: incomingSearch, now: now).compile(expression)
        try db.execute(sql: """
            UPDATE articles SET ignored = 0 WHERE ignored = 1 AND id IN (SELECT id FROM \(incomingIDs))
            """)
        try db.execute(
            sql: """
                UPDATE articles SET ignored = 1 WHERE id IN (
                    SELECT a.id FROM \(incomingIDs) i CROSS JOIN articles a ON a.id = i.id
                    WHERE a.starred = 0 AND \(compiled.sql))
                """,
            arguments: compiled.arguments)
        try db.execute(sql: "DELETE FROM \(incomingIDs)")
        if fullText { try db.execute(sql: "DELETE FROM \(incomingSearch)") }
    }

    /// True when `rules` differ from the rules last applied to every article.
    static func changed(_ db: Database, _ rules: IgnoreRules) throws -> Bool {
        let applied = try String.fetchOne(db, sql: "SELECT fingerprint FROM ignore_rules_state WHERE id = 1") ?? ""
        return applied != rules.fingerprint
    }

    /// Marks every article again when `rules` differ from the rules last applied; returns the
    /// number of articles now ignored, or nil when the rules had not changed.
    static func reapply(_ db: Database, rules: IgnoreRules, now: Date) throws -> Int? {
        guard try changed(db, rules) else { return nil }
        let fingerprint = rules.fingerprint
        try db.execute(sql: "UPDATE articles SET ignored = 0 WHERE ignored = 1")
        var ignored = 0
        if let expression = rules.expression {
            // Full-text conditions need every article's text in the index.
            try ArticleWriter.indexPendingSearch(db)
            let compiled = QueryCompiler(now: now).compile(expression)
            try db.execute(
                sql: "UPDATE articles SET ignored = 1 WHERE id IN (SELECT a.id FROM articles a WHERE a.starred = 0 AND \(compiled.sql))",
                arguments: compiled.arguments)
            ignored = db.changesCount
        }
        try db.execute(
            sql: """
                INSERT INTO ignore_rules_state (id, fingerprint, applied_at) VALUES (1, ?, ?)
                ON CONFLICT (id) DO UPDATE SET fingerprint = excluded.fingerprint, applied_at = excluded.applied_at
                """,
            arguments: [fingerprint, now.timeIntervalSince1970])
        return ignored
    }
}
