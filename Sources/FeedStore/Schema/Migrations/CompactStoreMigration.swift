import Foundation
import GRDB

/// The "v12-compact-store" migration, two changes that shrink the store without changing what it holds:
///
/// - Articles are found by an 8-byte hash of their identity key (`articles.identity_hash`, indexed
///   with the feed) instead of a unique index holding a second copy of every key; a look-up compares
///   the keys of what it finds, as for links in "v11-article-url-hash". An article whose guid is its
///   link keeps neither its key nor its guid: both come back from `articles.url`
///   (`ArticleIdentity.isDerivedFromLink`).
/// - Body dictionaries are kept in parts of 512 bytes (`body_dictionary_parts`), which fill pages.
///
/// SQLite cannot drop a table's UNIQUE constraint, so `articles` is copied into a table without it
/// (every column and value as it was, ids included), and its indexes and triggers are made again
/// from their stored SQL. The search index is not touched: the view it reads gives the same text.
/// Runs inside the migration's transaction with foreign keys off (`SchemaUpgrade`), so a failure
/// leaves the file as it was; the old pages are free for the store's next writes.
enum CompactStoreMigration {
    private static let batch = 10_000

    /// The articles table as "v11-article-url-hash" left it, without `UNIQUE (feed_id, identity)`,
    /// `identity` nullable and `identity_hash` added after it; columns in the same order otherwise.
    private static let articles = """
        CREATE TABLE articles_v12 (
            id INTEGER PRIMARY KEY,
            feed_id INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
            identity TEXT,
            identity_hash INTEGER NOT NULL,
            guid TEXT,
            url TEXT,
            external_url TEXT,
            title TEXT,
            authors TEXT,
            published REAL,
            updated REAL,
            sort_date REAL NOT NULL,
            content_type TEXT,
            image TEXT,
            comments TEXT,
            language TEXT,
            enclosures TEXT,
            tags TEXT,
            content_hash INTEGER NOT NULL,
            first_seen_at REAL NOT NULL,
            seen_in_apply INTEGER NOT NULL DEFAULT 0,
            read INTEGER NOT NULL DEFAULT 0,
            read_at REAL,
            starred INTEGER NOT NULL DEFAULT 0,
            ignored INTEGER NOT NULL DEFAULT 0,
            url_hash INTEGER,
            CHECK (identity IS NOT NULL OR url IS NOT NULL)
        )
        """

    /// The columns copied as they are.
    private static let copiedColumns = """
        id, feed_id, identity, guid, url, external_url, title, authors, published, updated, sort_date,
        content_type, image, comments, language, enclosures, tags, content_hash, first_seen_at, seen_in_apply,
        read, read_at, starred, ignored, url_hash
        """

    /// The view of the search index, reading dictionaries from their parts.
    static let searchView = """
        CREATE VIEW article_search_text (id, title, author, body) AS
            SELECT a.id, tidings_search_title(a.title), tidings_search_author(a.authors),
                   tidings_search_body(b.content, a.content_type, b.summary,
                       \(BodyDictionary.storedValue(of: "b.dictionary_id")))
            FROM articles a LEFT JOIN article_bodies b ON b.article_id = a.id;
        """

    static func run(_ db: Database) throws {
        // Views and triggers that name `articles` are made again once the new table has the name.
        let dependents = try Row.fetchAll(
            db,
            sql: """
                SELECT type, name, sql FROM sqlite_master
                WHERE sql IS NOT NULL AND name != 'articles'
                  AND (tbl_name = 'articles' OR (type IN ('view', 'trigger') AND sql LIKE '%articles%'))
                ORDER BY CASE type WHEN 'index' THEN 0 WHEN 'view' THEN 1 ELSE 2 END, rowid
                """)
        for row in dependents where row["type"] as String != "index" {
            let kind: String = row["type"]
            try db.execute(sql: "DROP \(kind == "view" ? "VIEW" : "TRIGGER") \(quoted(row["name"]))")
        }
        try db.execute(sql: articles)
        try db.execute(sql: """
            INSERT INTO articles_v12 (\(copiedColumns), identity_hash)
                SELECT \(copiedColumns), tidings_identity_hash(identity) FROM articles ORDER BY id;
            DROP TABLE articles;
            ALTER TABLE articles_v12 RENAME TO articles;
            """)
        for row in dependents {
            let name: String = row["name"]
            guard name != "article_search_text" else { continue }
            try db.execute(sql: row["sql"])
        }
        try db.execute(sql: "CREATE INDEX articles_feed_identity ON articles(feed_id, identity_hash)")
        try dropKeysDerivedFromLinks(db)
        try splitDictionaries(db)
        try db.execute(sql: searchView)
    }

    /// Keys and guids that `articles.url` gives back become NULL.
    private static func dropKeysDerivedFromLinks(_ db: Database) throws {
        let clear = try db.makeStatement(sql: "UPDATE articles SET identity = NULL, guid = NULL WHERE id = ?")
        var last: Int64 = .min
        while true {
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT id, identity, guid, url FROM articles WHERE id > ? ORDER BY id LIMIT ?",
                arguments: [last, batch])
            for row in rows {
                let id: Int64 = row["id"]
                let identity: String = row["identity"]
                let url: String? = row["url"]
                // The guid the row stands for (`ArticleIdentity.storedGUIDColumn` before this migration).
                let guid: String? = row["guid"] ?? (identity.hasPrefix("g:") ? String(identity.dropFirst(2)) : nil)
                if ArticleIdentity.isDerivedFromLink(identity: identity, guid: guid, url: url),
                   ArticleIdentity.key(stored: nil, url: url) == identity {
                    try clear.execute(arguments: [id])
                }
                last = id
            }
            if rows.count < batch { break }
        }
    }

    /// Moves each dictionary's bytes into `body_dictionary_parts`.
    private static func splitDictionaries(_ db: Database) throws {
        try db.execute(sql: BodyDictionary.partsTable)
        let rows = try Row.fetchCursor(db, sql: "SELECT id, dictionary FROM body_dictionaries ORDER BY id")
        while let row = try rows.next() {
            guard let stored = Data.fromDatabaseValue(row["dictionary"]), !stored.isEmpty else {
                throw FeedStoreError.inconsistent("body dictionary \(row["id"] as Int64) is not a blob")
            }
            try BodyDictionary.storeParts(db, id: row["id"], stored)
        }
        try db.execute(sql: "ALTER TABLE body_dictionaries DROP COLUMN dictionary")
    }

    private static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
