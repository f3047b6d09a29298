import GRDB

/// The "v6-compact-search" migration: the full-text index stops keeping its own copy of every
/// article's text, and the staging table of deferred search text goes. `article_search` becomes an
/// FTS5 external-content table over the view `article_search_text`, which computes the indexed text
/// from the stored title, authors and body (`SearchFunctions`); the index is rebuilt from that view.
///
/// Articles, bodies, marks and tags are read, never written. Runs inside the migration's transaction,
/// so a failure leaves the file as it was. The pages the old tables held are free for the store's
/// next writes (no VACUUM: that would rewrite the whole file).
enum CompactSearchMigration {
    static func run(_ db: Database) throws {
        try db.execute(sql: """
            DROP TRIGGER IF EXISTS articles_search_delete;
            DROP TABLE article_search;
            DROP TABLE IF EXISTS search_pending;
            \(schema)
            INSERT INTO article_search (article_search) VALUES ('rebuild');
            """)
        // Each feed's articles enter the index in their own transaction, a small segment each: merged
        // eight at a time instead of four, a cold refresh of 500 feeds merges its text about half as
        // often, at no measurable cost to searches.
        try db.execute(sql: "INSERT INTO article_search (article_search, rank) VALUES ('automerge', 8)")
    }

    /// The view, the index over it, and the trigger that takes a deleted article out of the index
    /// (also on cascading deletes: feeds removed or pruned). BEFORE the delete: the index reads the
    /// text to remove from the view, which gives nothing once the article is gone.
    static let schema = """
        CREATE VIEW article_search_text (id, title, author, body) AS
            SELECT a.id, tidings_search_title(a.title), tidings_search_author(a.authors),
                   tidings_search_body(b.content, a.content_type, b.summary)
            FROM articles a LEFT JOIN article_bodies b ON b.article_id = a.id;
        CREATE VIRTUAL TABLE article_search USING fts5(
            title, author, body, content = 'article_search_text', content_rowid = 'id',
            tokenize = 'unicode61 remove_diacritics 2', columnsize = 0
        );
        CREATE TRIGGER articles_search_delete BEFORE DELETE ON articles BEGIN
            DELETE FROM article_search WHERE rowid = old.id;
        END;
        """
}
