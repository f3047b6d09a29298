import FeedModel
import Foundation
import GRDB

/// The database schema, as migrations applied in order. Never edit a shipped migration: add the next
/// one, with a name of its own (`v3-feed-subscription`), so that migrations written at the same time
/// on different branches do not collide. `SchemaUpgrade` applies the pending ones.
///
/// Dates are stored as REAL seconds since 1970 so that they sort and compare in indexes.
enum Schema {
    /// One schema change: its identifier (recorded in `grdb_migrations`, as GRDB's migrator does) and
    /// the change, run inside the upgrade's transaction.
    struct Migration: Sendable {
        let identifier: String
        let migrate: @Sendable (Database) throws -> Void
    }

    static let migrations: [Migration] = [
        Migration(identifier: "v1") { db in try db.execute(sql: v1) },
        Migration(identifier: "v2") { db in try db.execute(sql: v2) },
        Migration(identifier: "v3-feed-subscription", migrate: v3FeedSubscription),
        Migration(identifier: "v4-ignored-articles") { db in try db.execute(sql: ignoredArticles) },
        // The index holds the reader's plain text (all entities decoded) and CJK bigrams.
        Migration(identifier: "v5-search-text", migrate: SearchIndexRebuild.run),
        // One copy of each article's text: the index reads it from the stored columns.
        Migration(identifier: "v6-compact-search", migrate: CompactSearchMigration.run),
        Migration(identifier: "v7-title-sort") { db in try db.execute(sql: titleSort) },
        Migration(identifier: "v8-feed-list-scopes") { db in try db.execute(sql: feedListScopes) },
        // The body's position lists, most of the index, without a column marker each.
        Migration(identifier: "v9-search-body-first", migrate: SearchBodyFirstMigration.run),
        Migration(identifier: "v10-body-dictionaries") { db in try db.execute(sql: bodyDictionaries) },
        // Links found through an 8-byte hash, not a second copy of each link in the row and the index.
        Migration(identifier: "v11-article-url-hash", migrate: ArticleURLHashMigration.run),
        // Identity keys found through an 8-byte hash, not a unique index copying them; dictionaries in parts.
        Migration(identifier: "v12-compact-store", migrate: CompactStoreMigration.run),
        // Each feed's counts stored and kept by triggers: the feed list and `count` read, never count.
        Migration(identifier: "v13-feed-counts", migrate: FeedCountsMigration.run),
        Migration(identifier: "v14-search-merge-16") { db in try db.execute(sql: searchMergeSixteen) },
        // Feed-service accounts: their feeds and item ids, kept sync state, and the outbox of marks.
        Migration(identifier: "v15-sync", migrate: SyncSchema.migrate),
        // The download queue (`FeedStore/Downloads`).
        Migration(identifier: "v16-downloads") { db in try db.execute(sql: DownloadQueueSchema.v16) },
        // Extracted full texts beside the feeds' own bodies, indexed after them.
        Migration(identifier: "v17-full-text", migrate: FullTextMigration.run),
        // Copies of one article in several feeds, found by their canonical link (`ArticleCopies`).
        Migration(identifier: "v18-canonical-link", migrate: CanonicalLinkMigration.run),
        // Episodes the reader's player played (`FeedStore/Downloads`).
        Migration(identifier: "v20-played") { db in try db.execute(sql: PlayedSchema.v20) },
        // An episode's podcast namespace details (`PodcastColumn`), NULL for every other article.
        Migration(identifier: "v21-podcast") { db in try db.execute(sql: "ALTER TABLE articles ADD COLUMN podcast TEXT") },
    ]

    /// The full-text index merges its segments sixteen at a time: each feed's transaction adds a small
    /// segment, and merging more at once rewrites each entry fewer times on the store's one writer.
    /// Only the index's merging changes, not what it holds.
    private static let searchMergeSixteen = """
        INSERT INTO article_search (article_search, rank) VALUES ('automerge', 16);
        """

    /// Each feed's dictionaries (`BodyDictionary`), and the one each body was compressed with: NULL
    /// for bodies stored as text or as zlib streams (all rows written before). A dictionary outlives
    /// its feed while any body names it (articles that moved to another feed). The search view passes
    /// the dictionary to the function that reads the body; the text it gives is unchanged, so the
    /// index stays as it is.
    private static let bodyDictionaries = """
        CREATE TABLE body_dictionaries (
            id INTEGER PRIMARY KEY,
            feed_id INTEGER REFERENCES feeds(id) ON DELETE SET NULL,
            dictionary BLOB NOT NULL
        );
        CREATE INDEX body_dictionaries_feed ON body_dictionaries(feed_id, id);
        ALTER TABLE article_bodies ADD COLUMN dictionary_id INTEGER REFERENCES body_dictionaries(id);
        DROP VIEW article_search_text;
        CREATE VIEW article_search_text (id, title, author, body) AS
            SELECT a.id, tidings_search_title(a.title), tidings_search_author(a.authors),
                   tidings_search_body(b.content, a.content_type, b.summary,
                       (SELECT dictionary FROM body_dictionaries WHERE id = b.dictionary_id))
            FROM articles a LEFT JOIN article_bodies b ON b.article_id = a.id;
        """

    /// Article lists sorted by title (`S` in the reader) walk this index instead of sorting every
    /// article: the expression and collation are `ArticleFilter`'s title key, which they must match
    /// for SQLite to use it.
    private static let titleSort = """
        CREATE INDEX articles_title ON articles(ifnull(title, '') COLLATE NOCASE, id);
        """

    /// The scope cache of `FeedListScopeCache`: one row per feed list file, dropped whole by any change
    /// to what a list's scope or its sync depends on (feeds added or deleted, their URL, title or
    /// refresh interval, their tags and aliases). `feed_ids` holds 8-byte little-endian ids, `places`
    /// each listed URL and its folder (`FeedListPlace`).
    private static let feedListScopes = """
        CREATE TABLE feed_list_scopes (
            path TEXT PRIMARY KEY,
            device INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            size INTEGER NOT NULL,
            modified INTEGER NOT NULL,
            changed INTEGER NOT NULL,
            content_hash INTEGER NOT NULL,
            format INTEGER NOT NULL,
            feed_ids BLOB,
            places BLOB,
            listed_at REAL NOT NULL
        ) WITHOUT ROWID;
        """
        + scopeClearingTriggers(on: "feeds", named: "feed", after: [
            "INSERT", "DELETE", "UPDATE OF id, url, url_key, title, refresh_interval",
        ])
        + scopeClearingTriggers(on: "feed_tags", named: "tag", after: ["INSERT", "DELETE", "UPDATE"])
        + scopeClearingTriggers(on: "feed_aliases", named: "alias", after: ["INSERT", "DELETE", "UPDATE"])

    /// The triggers that empty `feed_list_scopes` after each of `events` on `table`:
    /// `feed_list_scopes_<name>_<the event's first word>`.
    private static func scopeClearingTriggers(on table: String, named name: String, after events: [String]) -> String {
        events.map { event in
            let trigger = "feed_list_scopes_\(name)_\(event.prefix { $0 != " " }.lowercased())"
            return "CREATE TRIGGER \(trigger) AFTER \(event) ON \(table) BEGIN DELETE FROM feed_list_scopes; END;\n"
        }.joined()
    }

    /// Feeds are compared by `FeedURL.key` (`url_key`, aliases stored as keys), and each feed records
    /// when a feed list last named it (`last_listed_at`, for `feeds prune`); feeds present now were
    /// all listed, since the store used to delete the others.
    private static func v3FeedSubscription(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE feeds ADD COLUMN url_key TEXT;
            ALTER TABLE feeds ADD COLUMN last_listed_at REAL;
            """)
        try db.execute(sql: "UPDATE feeds SET last_listed_at = ?", arguments: [Date().timeIntervalSince1970])
        for row in try Row.fetchAll(db, sql: "SELECT id, url FROM feeds") {
            try db.execute(
                sql: "UPDATE feeds SET url_key = ? WHERE id = ?", arguments: [FeedURL.key(row["url"]), row["id"] as Int64])
        }
        for row in try Row.fetchAll(db, sql: "SELECT url, feed_id FROM feed_aliases") {
            let url: String = row["url"]
            let key = FeedURL.key(url)
            guard key != url else { continue }
            try db.execute(sql: "DELETE FROM feed_aliases WHERE url = ?", arguments: [url])
            try db.execute(
                sql: "INSERT OR IGNORE INTO feed_aliases (url, feed_id) VALUES (?, ?)",
                arguments: [key, row["feed_id"] as Int64])
        }
        // Not UNIQUE: a database may already hold one feed twice under two spellings; both stay, and
        // the older one is the feed that URL finds.
        try db.execute(sql: "CREATE INDEX feeds_url_key ON feeds(url_key, id)")
    }

    /// Articles hidden by ignore rules (`IgnoreWriter`): a mark, never a deletion. The partial index
    /// holds only ignored articles, so leaving them out of a list or count (`ArticleFilter.notIgnored`)
    /// and subtracting them from a feed's counts stays cheap. `ignore_rules_state` remembers the rules
    /// last applied to every article, so that changed rules are applied again.
    private static let ignoredArticles = """
        ALTER TABLE articles ADD COLUMN ignored INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX articles_ignored ON articles(feed_id, read) WHERE ignored = 1;
        CREATE TABLE ignore_rules_state (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            fingerprint TEXT NOT NULL,
            applied_at REAL NOT NULL
        );
        """

    /// Search text waiting to enter the full-text index: `FeedStore.apply(..., deferSearchIndex: true)`
    /// writes here and `FeedStore.indexPendingSearch()` moves the rows into `article_search` in one
    /// transaction. An article is in at most one of the two; its row goes with it when it is deleted.
    private static let v2 = """
        CREATE TABLE search_pending (
            article_id INTEGER PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE,
            title TEXT,
            author TEXT,
            body TEXT NOT NULL
        );
        """

    private static let v1 = """
        CREATE TABLE feeds (
            id INTEGER PRIMARY KEY,
            url TEXT NOT NULL UNIQUE,
            title TEXT,
            feed_title TEXT,
            display_title TEXT GENERATED ALWAYS AS
                (coalesce(nullif(title, ''), nullif(feed_title, ''), url)) VIRTUAL,
            site_url TEXT,
            description TEXT,
            refresh_interval REAL,
            disabled INTEGER NOT NULL DEFAULT 0,
            disabled_reason TEXT,
            etag TEXT,
            last_modified TEXT,
            body_hash TEXT,
            last_fetch_at REAL,
            last_success_at REAL,
            last_status INTEGER,
            last_error TEXT,
            consecutive_failures INTEGER NOT NULL DEFAULT 0,
            next_fetch_at REAL,
            permanent_redirect_url TEXT,
            apply_count INTEGER NOT NULL DEFAULT 0,
            created_at REAL NOT NULL
        );
        CREATE INDEX feeds_display_title ON feeds(display_title COLLATE NOCASE, id);

        CREATE TABLE feed_tags (
            feed_id INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
            tag TEXT NOT NULL,
            position INTEGER NOT NULL,
            PRIMARY KEY (feed_id, tag)
        ) WITHOUT ROWID;
        CREATE INDEX feed_tags_tag ON feed_tags(tag, feed_id);

        -- Earlier URLs of feeds that moved (permanent redirects), so that a feed list still naming
        -- the old URL finds the feed.
        CREATE TABLE feed_aliases (
            url TEXT PRIMARY KEY,
            feed_id INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE
        ) WITHOUT ROWID;
        CREATE INDEX feed_aliases_feed ON feed_aliases(feed_id);

        CREATE TABLE articles (
            id INTEGER PRIMARY KEY,
            feed_id INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
            identity TEXT NOT NULL,
            url_key TEXT,
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
            UNIQUE (feed_id, identity)
        );
        -- Bodies apart from the list columns, so that list scans and headline exports read small rows.
        CREATE TABLE article_bodies (
            article_id INTEGER PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE,
            summary TEXT,
            content TEXT
        );
        CREATE INDEX articles_feed_url ON articles(feed_id, url_key) WHERE url_key IS NOT NULL;
        CREATE INDEX articles_feed_date ON articles(feed_id, sort_date, id);
        CREATE INDEX articles_feed_unread ON articles(feed_id) WHERE read = 0;
        CREATE INDEX articles_date ON articles(sort_date, id);
        CREATE INDEX articles_unread_date ON articles(sort_date, id) WHERE read = 0;
        CREATE INDEX articles_starred_date ON articles(sort_date, id) WHERE starred = 1;

        -- Full-text index; rowid = articles.id. Rows are written with the article (the text is
        -- HTML-stripped in Swift) and removed by the trigger, also on cascading deletes.
        CREATE VIRTUAL TABLE article_search USING fts5(
            title, author, body, tokenize = 'unicode61 remove_diacritics 2', columnsize = 0
        );
        CREATE TRIGGER articles_search_delete AFTER DELETE ON articles BEGIN
            DELETE FROM article_search WHERE rowid = old.id;
        END;

        CREATE TABLE export_states (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            created_at REAL NOT NULL,
            last_export_at REAL
        );
        CREATE TABLE export_marks (
            state_id INTEGER NOT NULL REFERENCES export_states(id) ON DELETE CASCADE,
            article_id INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
            PRIMARY KEY (state_id, article_id)
        ) WITHOUT ROWID;
        CREATE INDEX export_marks_article ON export_marks(article_id);
        """
}
