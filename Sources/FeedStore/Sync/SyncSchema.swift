import GRDB

/// The tables and triggers of feed-service accounts ("v15-sync").
///
/// - `feeds.account` names the account a feed comes from (NULL: a local feed, fetched by Tidings), and
///   `feeds.sync_subscription_id` the service's id of it; `articles.sync_item_id` is the service's item id.
/// - `sync_accounts` keeps each account's `SyncState` as text, written after the changes it came with.
/// - `sync_outbox` holds the marks made here and not yet confirmed by the service. The triggers write it
///   in the transaction of the mark itself, whichever path made it (a key, `A`, `tidings mark`,
///   `export --mark-read`), except while a sync applies the service's own marks: a sync's transaction
///   holds a row in `sync_applying` for that, which no other connection ever sees.
enum SyncSchema {
    static func migrate(_ db: Database) throws {
        try db.execute(sql: sql)
    }

    private static let now = "((julianday('now') - 2440587.5) * 86400.0)"

    private static func outboxTrigger(_ name: String, column: String, on: String, off: String) -> String {
        """
        CREATE TRIGGER sync_outbox_\(name) AFTER UPDATE OF \(column) ON articles
        WHEN new.\(column) != old.\(column) AND new.sync_item_id IS NOT NULL
             AND NOT EXISTS (SELECT 1 FROM sync_applying)
        BEGIN
            INSERT INTO sync_outbox (account, item_id, article_id, action, changed_at)
            SELECT f.account, new.sync_item_id, new.id,
                   CASE new.\(column) WHEN 1 THEN '\(on)' ELSE '\(off)' END, \(now)
            FROM feeds f WHERE f.id = new.feed_id AND f.account IS NOT NULL;
        END;

        """
    }

    private static let sql = """
        ALTER TABLE feeds ADD COLUMN account TEXT;
        ALTER TABLE feeds ADD COLUMN sync_subscription_id TEXT;
        CREATE UNIQUE INDEX feeds_account_subscription ON feeds(account, sync_subscription_id)
            WHERE account IS NOT NULL;
        ALTER TABLE articles ADD COLUMN sync_item_id INTEGER;
        CREATE INDEX articles_sync_item ON articles(sync_item_id) WHERE sync_item_id IS NOT NULL;
        CREATE TABLE sync_accounts (
            name TEXT PRIMARY KEY,
            state TEXT NOT NULL,
            synced_at REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE sync_outbox (
            id INTEGER PRIMARY KEY,
            account TEXT NOT NULL,
            item_id INTEGER NOT NULL,
            article_id INTEGER,
            action TEXT NOT NULL CHECK (action IN ('read', 'unread', 'star', 'unstar')),
            changed_at REAL NOT NULL
        );
        CREATE INDEX sync_outbox_account ON sync_outbox(account, id);
        CREATE TABLE sync_applying (account TEXT NOT NULL);

        """
        + outboxTrigger("read", column: "read", on: "read", off: "unread")
        + outboxTrigger("starred", column: "starred", on: "star", off: "unstar")
}
