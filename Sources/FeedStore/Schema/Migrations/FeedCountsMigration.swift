import GRDB

/// The "v13-feed-counts" migration: each feed's article counts are stored (`feed_counts`) and kept
/// exact by triggers, so that the feed list, its tag and folder rows and `tidings count` read one
/// small row per feed instead of counting articles, which takes long in a big store.
///
/// Triggers keep them inside the statement that changes an article (a mark, retention, ignore rules,
/// a feed merged into another or deleted with its articles), so nothing can commit one without the
/// other. New articles are the exception: a trigger on each INSERT makes SQLite keep a statement
/// journal per row, so `ArticleWriter` adds a document's new articles to its feed's counts itself,
/// once, in the same transaction (every article is inserted there, unread, unstarred and not ignored; the
/// ignore rules then mark it through the trigger). The columns are the ones the readers subtract from
/// one another: every article, the unread ones, the starred ones, and of these the ignored ones
/// (`ArticleFilter.notIgnored`), each tested as the lists test it (`read = 0`, `starred = 1`,
/// `ignored = 1`). `FeedStore.integrityCheck()` compares them with a count.
///
/// A migration that rebuilds `articles` drops these triggers with it and must create them again; code
/// that inserts articles anywhere else must add them to `feed_counts` as `ArticleWriter` does.
enum FeedCountsMigration {
    /// The table, its triggers and the counts of the articles already stored (one pass over them).
    static func run(_ db: Database) throws {
        try db.execute(sql: schema)
        try db.execute(sql: """
            INSERT INTO feed_counts (feed_id, articles, unread, starred, ignored, ignored_unread)
            SELECT f.id, count(a.id), ifnull(sum(a.read = 0), 0), ifnull(sum(a.starred = 1), 0),
                ifnull(sum(a.ignored = 1), 0), ifnull(sum(a.ignored = 1 AND a.read = 0), 0)
            FROM feeds f LEFT JOIN articles a ON a.feed_id = f.id
            GROUP BY f.id
            """)
    }

    /// What an article adds to its feed's counts (`sign` 1) or takes away (-1), as SET assignments for
    /// the row `row` (`new` or `old`).
    private static func delta(_ row: String, _ sign: String) -> String {
        """
        articles = articles \(sign) 1, unread = unread \(sign) (\(row).read = 0),
            starred = starred \(sign) (\(row).starred = 1), ignored = ignored \(sign) (\(row).ignored = 1),
            ignored_unread = ignored_unread \(sign) (\(row).ignored = 1 AND \(row).read = 0)
        """
    }

    private static let schema = """
        CREATE TABLE feed_counts (
            feed_id INTEGER PRIMARY KEY REFERENCES feeds(id) ON DELETE CASCADE,
            articles INTEGER NOT NULL DEFAULT 0,
            unread INTEGER NOT NULL DEFAULT 0,
            starred INTEGER NOT NULL DEFAULT 0,
            ignored INTEGER NOT NULL DEFAULT 0,
            ignored_unread INTEGER NOT NULL DEFAULT 0
        );
        CREATE TRIGGER feed_counts_feed_insert AFTER INSERT ON feeds BEGIN
            INSERT OR REPLACE INTO feed_counts (feed_id) VALUES (new.id);
        END;
        CREATE TRIGGER feed_counts_article_delete AFTER DELETE ON articles BEGIN
            UPDATE feed_counts SET \(delta("old", "-")) WHERE feed_id = old.feed_id;
        END;
        CREATE TRIGGER feed_counts_article_marks AFTER UPDATE OF read, starred, ignored ON articles
            WHEN old.feed_id = new.feed_id
                AND (old.read IS NOT new.read OR old.starred IS NOT new.starred OR old.ignored IS NOT new.ignored)
        BEGIN
            UPDATE feed_counts SET
                unread = unread + (new.read = 0) - (old.read = 0),
                starred = starred + (new.starred = 1) - (old.starred = 1),
                ignored = ignored + (new.ignored = 1) - (old.ignored = 1),
                ignored_unread = ignored_unread + (new.ignored = 1 AND new.read = 0) - (old.ignored = 1 AND old.read = 0)
            WHERE feed_id = new.feed_id;
        END;
        CREATE TRIGGER feed_counts_article_move AFTER UPDATE OF feed_id, read, starred, ignored ON articles
            WHEN old.feed_id IS NOT new.feed_id
        BEGIN
            UPDATE feed_counts SET \(delta("old", "-")) WHERE feed_id = old.feed_id;
            UPDATE feed_counts SET \(delta("new", "+")) WHERE feed_id = new.feed_id;
        END;
        """
}
