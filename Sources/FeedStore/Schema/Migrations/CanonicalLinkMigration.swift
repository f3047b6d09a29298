import GRDB

/// The "v18-canonical-link" migration: each article gets the key of its canonical link
/// (`ArticleCopies.linkKey`) and the flag of a copy of an article stored earlier in another feed
/// (`duplicate`), both computed for the stored articles here; no article, body or mark changes.
///
/// The triggers keep the flags when a link changes or a representative is deleted (its next copy
/// then represents the article). New articles are flagged by `ArticleWriter` once per document:
/// a trigger on each INSERT costs a statement journal per row (`FeedCountsMigration`).
enum CanonicalLinkMigration {
    static func run(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE articles ADD COLUMN link_key INTEGER;
            ALTER TABLE articles ADD COLUMN duplicate INTEGER NOT NULL DEFAULT 0;
            """)
        let update = try db.makeStatement(sql: "UPDATE articles SET link_key = ? WHERE id = ?")
        try ArticleBatches.forEachLink(db) { id, url in
            if let key = ArticleCopies.linkKey(url) { try update.execute(arguments: [key, id]) }
        }
        try db.execute(sql: """
            CREATE INDEX articles_link_key ON articles(link_key, feed_id) WHERE link_key IS NOT NULL;
            UPDATE articles SET duplicate = 1 WHERE \(ArticleCopies.isCopy("articles"));
            CREATE INDEX articles_duplicates ON articles(feed_id, read) WHERE duplicate = 1;
            CREATE TRIGGER articles_copies_link AFTER UPDATE OF link_key ON articles
                WHEN old.link_key IS NOT new.link_key
            BEGIN
                UPDATE articles SET duplicate = \(ArticleCopies.isCopy("articles"))
                WHERE id = new.id OR link_key = old.link_key OR link_key = new.link_key;
            END;
            CREATE TRIGGER articles_copies_delete AFTER DELETE ON articles
                WHEN old.link_key IS NOT NULL AND old.duplicate = 0
            BEGIN
                UPDATE articles SET duplicate = 0
                WHERE link_key = old.link_key AND duplicate = 1 AND NOT \(ArticleCopies.isCopy("articles"));
            END;
            """)
    }
}
