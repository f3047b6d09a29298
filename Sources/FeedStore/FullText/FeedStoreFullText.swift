import Foundation
import GRDB

// Extracted full texts: recorded by a refresh (or on demand from the reader) and read by the
// article view and export.
extension FeedStore {
    /// Records the outcome of fetching an article's page, in one transaction that keeps the search
    /// index in step: with `html` and `text`, the article's full text (indexed after its body); with
    /// a `failure`, why there is none. A failure keeps a full text stored before (the reason is
    /// recorded beside it). An article deleted meanwhile is left alone: returns false. The ignore
    /// rules are applied to the article again, as to a changed one: its text is longer now.
    @discardableResult
    public func recordFullText(
        articleID: Int64, pageURL: String, at date: Date, html: String?, text: String?, failure: String?,
        ignoring rules: IgnoreRules = .none
    ) throws -> Bool {
        try pool.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM articles WHERE id = ?)", arguments: [articleID])
                == true
            else { return false }
            // The old entries go while the view still gives the text they were made from.
            try db.execute(sql: "DELETE FROM article_search WHERE rowid = ?", arguments: [articleID])
            if let text {
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO article_full_texts (article_id, page_url, fetched_at, html, text, failure)
                        VALUES (?, ?, ?, ?, ?, NULL)
                        """,
                    arguments: [articleID, pageURL, date.timeIntervalSince1970, html, text])
            } else {
                try db.execute(
                    sql: """
                        INSERT INTO article_full_texts (article_id, page_url, fetched_at, failure) VALUES (?1, ?2, ?3, ?4)
                        ON CONFLICT (article_id) DO UPDATE SET fetched_at = ?3, failure = ?4
                        """,
                    arguments: [articleID, pageURL, date.timeIntervalSince1970, failure ?? "no full text"])
            }
            try db.execute(
                sql: """
                    INSERT INTO article_search (rowid, title, author, body)
                    SELECT id, title, author, body FROM article_search_text WHERE id = ?
                    """,
                arguments: [articleID])
            if text != nil { try Self.applyIgnoreRules(db, rules, articleID: articleID, now: date) }
            return true
        }
    }

    /// Marks the article ignored when the rules match it now (a starred one never), as `IgnoreWriter`
    /// does for every article when the rules change.
    private static func applyIgnoreRules(_ db: Database, _ rules: IgnoreRules, articleID: Int64, now: Date) throws {
        guard let expression = rules.expression else { return }
        let compiled = QueryCompiler(now: now).compile(expression)
        try db.execute(sql: "UPDATE articles SET ignored = 0 WHERE id = ? AND ignored = 1", arguments: [articleID])
        try db.execute(
            sql: "UPDATE articles SET ignored = 1 WHERE id IN (SELECT a.id FROM articles a WHERE a.id = ? AND a.starred = 0 AND \(compiled.sql))",
            arguments: StatementArguments([articleID]) + compiled.arguments)
    }

    /// The full text stored for an article (or the reason there is none), nil when its page was
    /// never fetched.
    public func fullText(articleID: Int64) throws -> ArticleFullText? {
        try pool.read { db in try Self.fullText(db, articleID: articleID) }
    }

    /// The full texts of several articles, by article id (those never fetched left out).
    public func fullTexts(articleIDs: [Int64]) throws -> [Int64: ArticleFullText] {
        try pool.read { db in
            var found: [Int64: ArticleFullText] = [:]
            for id in articleIDs { if let fullText = try Self.fullText(db, articleID: id) { found[id] = fullText } }
            return found
        }
    }

    /// The links of articles, by id (articles without one left out): the pages a refresh fetches.
    public func articleLinks(_ ids: [Int64]) throws -> [(id: Int64, url: String)] {
        try pool.read { db in
            try ids.compactMap { id in
                let row = try Row.fetchOne(
                    db, sql: "SELECT coalesce(url, external_url) AS link FROM articles WHERE id = ?", arguments: [id])
                guard let link: String = row?["link"], !link.isEmpty else { return nil }
                return (id, link)
            }
        }
    }

    static func fullText(_ db: Database, articleID: Int64) throws -> ArticleFullText? {
        guard let row = try Row.fetchOne(
            db,
            sql: "SELECT page_url, fetched_at, html, text, failure FROM article_full_texts WHERE article_id = ?",
            arguments: [articleID])
        else { return nil }
        return ArticleFullText(
            articleID: articleID, pageURL: row["page_url"], fetchedAt: Date(timeIntervalSince1970: row["fetched_at"]),
            html: row["html"], text: row["text"], failure: row["failure"])
    }
}
