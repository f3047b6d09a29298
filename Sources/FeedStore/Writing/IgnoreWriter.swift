import Foundation
import GRDB

/// Marks articles ignored by the ignore rules, inside the caller's transaction: the articles one
/// `apply` stored or changed, or every article when the rules changed. Nothing is deleted; a
/// starred article is never marked.
enum IgnoreWriter {
    /// The articles being stored, for the rules: their ids and (for `content =~`) their plain text. A
    /// temporary table of the writer connection, emptied after each use. `contains` conditions read
    /// the search index, which `ArticleWriter` has already given these articles in the same
    /// transaction (no second index of their text).
    static let incomingText = "incoming_articles"

    /// One stored article, for the rules: its id and the plain body `content =` and `content =~` read
    /// (its other text the rules read from the search index).
    struct Incoming {
        let id: Int64
        let plainBody: String

        init(_ item: IncomingArticle, id: Int64) {
            self.id = id
            plainBody = item.plainBody
        }
    }

    /// Marks the just stored or changed `articles` that the rules match (and unmarks changed ones
    /// that no longer match).
    static func mark(_ db: Database, _ articles: [Incoming], rules: IgnoreRules, now: Date) throws {
        guard let expression = rules.expression, !articles.isEmpty else { return }
        // Created once per connection: a CREATE, even IF NOT EXISTS, makes GRDB drop every cached
        // statement of the connection (ArticleWriter's too), which would cost more than the rules.
        let exists = try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM temp.sqlite_master WHERE name = ?)"),
            arguments: [incomingText]) ?? false
        if !exists {
            try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS \(incomingText) (id INTEGER PRIMARY KEY, body TEXT)")
        }
        if readsBody(expression) {
            let insertText = try db.cachedStatement(
                sql: "INSERT OR IGNORE INTO \(incomingText) (id, body) VALUES (?, ?)")
            for article in articles {
                try insertText.execute(arguments: [article.id, article.plainBody])
            }
        } else {
            // The rules read no text from the table: every id in one statement.
            let ids = "[" + articles.map { String($0.id) }.joined(separator: ",") + "]"
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO \(incomingText) (id) SELECT value FROM json_each(?)")
                .execute(arguments: [ids])
        }
        let compiled = QueryCompiler(text: .incoming, now: now).compile(expression)
        try db.cachedStatement(
            sql: "UPDATE articles SET ignored = 0 WHERE ignored = 1 AND id IN (SELECT id FROM \(incomingText))"
        ).execute()
        try db.cachedStatement(
            sql: """
                UPDATE articles SET ignored = 1 WHERE id IN (
                    SELECT a.id FROM \(incomingText) i CROSS JOIN articles a ON a.id = i.id
                    WHERE a.starred = 0 AND \(compiled.sql))
                """
        ).execute(arguments: compiled.arguments)
        try db.cachedStatement(sql: "DELETE FROM \(incomingText)").execute()
    }

    /// True when a condition compares the plain body itself (`content =~`, `content !~`), which the
    /// compiled rules read from `incomingText`; `contains` reads the search index.
    private static func readsBody(_ expression: QueryExpression) -> Bool {
        switch expression {
        case .and(let left, let right), .or(let left, let right): return readsBody(left) || readsBody(right)
        case .not(let inner): return readsBody(inner)
        case .condition(.text(.content, let match, _)): return match != .contains
        case .condition: return false
        }
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
