import FeedModel
import Foundation
import GRDB

/// The "v5-search-text" migration: rebuilds the full-text index of every stored article from its stored
/// columns through `SearchText` (the reader's plain text, CJK bigrams), and moves hashed identities to
/// the text `SearchText.identityText` gives, so that entries known only by their text keep matching.
///
/// Reads and writes only the index, `search_pending` and `articles.identity`: no article, body or mark
/// is changed or deleted. Runs inside the migration's transaction, so a failure leaves the file as it was.
enum SearchIndexRebuild {
    static func run(_ db: Database) throws {
        // A new table rather than DELETE: deleting every row of an FTS5 table leaves a tombstone per
        // token in the index. The `articles_search_delete` trigger names the table and keeps working.
        try db.execute(sql: """
            DROP TABLE article_search;
            CREATE VIRTUAL TABLE article_search USING fts5(
                title, author, body, tokenize = 'unicode61 remove_diacritics 2', columnsize = 0
            );
            DELETE FROM search_pending;
            """)
        let insert = try db.makeStatement(
            sql: "INSERT INTO article_search (rowid, title, author, body) VALUES (?, ?, ?, ?)")
        var rekeyed: [(id: Int64, feedID: Int64, identity: String)] = []
        let rows = try Row.fetchCursor(db, sql: """
            SELECT a.id AS id, a.feed_id AS feed_id, a.identity AS identity, a.title AS title,
                   a.authors AS authors, a.published AS published, a.updated AS updated,
                   a.content_type AS content_type, b.summary AS summary, b.content AS content
            FROM articles a LEFT JOIN article_bodies b ON b.article_id = a.id
            ORDER BY a.id
            """)
        while let row = try rows.next() {
            let id: Int64 = row["id"]
            let identity: String = row["identity"]
            let title: String? = row["title"]
            let authors = JSONColumn.authors(from: row["authors"]) ?? []
            let contentType: String? = row["content_type"]
            // Through BodyColumn: bodies of this era are TEXT, which it gives as it is.
            let body = SearchText.body(
                content: BodyColumn.decode(row["content"]), contentIsText: contentType == "text",
                summary: BodyColumn.decode(row["summary"]))
            try insert.execute(arguments: [
                id, SearchText.indexed(title), CJKBigrams.document(SearchText.authors(authors)),
                CJKBigrams.document(body),
            ])
            // Only untitled entries without id or link were keyed by their text (`ArticleIdentity`).
            guard identity.hasPrefix("h:"), title?.isEmpty ?? true else { continue }
            let published: Double? = row["published"]
            let updated: Double? = row["updated"]
            let article = Article(
                title: title, published: published.map(Date.init(timeIntervalSince1970:)),
                modified: updated.map(Date.init(timeIntervalSince1970:)))
            let key = ArticleIdentity.key(for: article, text: SearchText.identityText(body))
            if key != identity { rekeyed.append((id, row["feed_id"], key)) }
        }
        try db.execute(sql: "INSERT INTO article_search (article_search) VALUES ('optimize')")
        // An identity another article of the feed already has stays as it was (UNIQUE (feed_id, identity)).
        let rekey = try db.makeStatement(sql: """
            UPDATE articles SET identity = ?
            WHERE id = ? AND NOT EXISTS (SELECT 1 FROM articles WHERE feed_id = ? AND identity = ?)
            """)
        for entry in rekeyed {
            try rekey.execute(arguments: [entry.identity, entry.id, entry.feedID, entry.identity])
        }
    }
}
