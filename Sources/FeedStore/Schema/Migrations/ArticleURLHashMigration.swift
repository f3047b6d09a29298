import GRDB

/// The "v11-article-url-hash" migration: articles are found by link through an 8-byte hash of the
/// link's key (`ArticleIdentity.urlHash`) instead of the key itself, which repeated the stored link
/// (`articles.url`) in the row and again in the index. A look-up compares the keys of the links it
/// finds, so a shared hash never matches the wrong article.
///
/// Every article gets the hash of its link's key as the store computes it today; no article, body,
/// mark or tag is otherwise changed. Runs inside the migration's transaction, so a failure leaves the
/// file as it was.
enum ArticleURLHashMigration {
    static func run(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE articles ADD COLUMN url_hash INTEGER")
        let update = try db.makeStatement(sql: "UPDATE articles SET url_hash = ? WHERE id = ?")
        try ArticleBatches.forEachLink(db) { id, url in
            if let key = ArticleIdentity.urlKey(stored: url) {
                try update.execute(arguments: [ArticleIdentity.urlHash(key), id])
            }
        }
        try db.execute(sql: """
            DROP INDEX articles_feed_url;
            CREATE INDEX articles_feed_url_hash ON articles(feed_id, url_hash) WHERE url_hash IS NOT NULL;
            ALTER TABLE articles DROP COLUMN url_key;
            """)
    }
}
