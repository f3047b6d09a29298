import GRDB

/// The "v9-search-body-first" migration: the full-text index puts `body` in its first column. FTS5
/// writes every position list of a column other than the first behind a two-byte column marker, and
/// most of an index is the body's position lists (one per word per article): with the body first they
/// need none. On the shared 500-feed corpus the index shrinks by about a third. Searches are unchanged:
/// columns are named in queries (`{title} : ...`) and in the view the index reads, never numbered.
///
/// The index is dropped and rebuilt from the view (`CompactSearchMigration`); articles, bodies, marks
/// and tags are read, never written. Runs inside the migration's transaction, so a failure leaves the
/// file as it was; the old index's pages are free for the new one, which is built after the drop.
enum SearchBodyFirstMigration {
    static func run(_ db: Database) throws {
        try db.execute(sql: """
            DROP TRIGGER IF EXISTS articles_search_delete;
            DROP TABLE article_search;
            \(schema)
            INSERT INTO article_search (article_search) VALUES ('rebuild');
            INSERT INTO article_search (article_search, rank) VALUES ('automerge', 8);
            """)
    }

    /// The index over `article_search_text` (which "v6-compact-search" made and this keeps), body
    /// first, and the trigger that takes a deleted article out of it (`CompactSearchMigration`).
    static let schema = """
        CREATE VIRTUAL TABLE article_search USING fts5(
            body, title, author, content = 'article_search_text', content_rowid = 'id',
            tokenize = 'unicode61 remove_diacritics 2', columnsize = 0
        );
        CREATE TRIGGER articles_search_delete BEFORE DELETE ON articles BEGIN
            DELETE FROM article_search WHERE rowid = old.id;
        END;
        """
}
