/// SQL that takes a store back to an older schema, for tests of upgrades and of refusals to open one;
/// shared so that every downgrade undoes a migration the same way.
public enum StoreDowngrades {
    /// Takes away what `v7-title-sort` and `v8-feed-list-scopes` add (their triggers name columns of
    /// `feeds` that the other downgrades drop).
    public static let undoFeedListScopesAndTitleSort = """
        DROP INDEX articles_title;
        DROP TRIGGER feed_list_scopes_feed_insert;
        DROP TRIGGER feed_list_scopes_feed_delete;
        DROP TRIGGER feed_list_scopes_feed_update;
        DROP TRIGGER feed_list_scopes_tag_insert;
        DROP TRIGGER feed_list_scopes_tag_delete;
        DROP TRIGGER feed_list_scopes_tag_update;
        DROP TRIGGER feed_list_scopes_alias_insert;
        DROP TRIGGER feed_list_scopes_alias_delete;
        DROP TRIGGER feed_list_scopes_alias_update;
        DROP TABLE feed_list_scopes;
        DELETE FROM grdb_migrations WHERE identifier IN ('v7-title-sort', 'v8-feed-list-scopes');

        """

    /// Takes away what `v21-podcast` adds (the episodes' podcast column). Runs before the older ones.
    public static let undoPodcast = """
        ALTER TABLE articles DROP COLUMN podcast;
        DELETE FROM grdb_migrations WHERE identifier = 'v21-podcast';

        """

    /// Takes away what `v18-canonical-link` adds (its columns, indexes and triggers). Runs before the
    /// older downgrades, which make the articles table again.
    public static let undoCanonicalLink = """
        DROP TRIGGER articles_copies_link;
        DROP TRIGGER articles_copies_delete;
        DROP INDEX articles_link_key;
        DROP INDEX articles_duplicates;
        ALTER TABLE articles DROP COLUMN link_key;
        ALTER TABLE articles DROP COLUMN duplicate;
        DELETE FROM grdb_migrations WHERE identifier = 'v18-canonical-link';

        """

    /// Takes away what `v20-played` adds (the played marks).
    public static let undoPlayed = """
        DROP TABLE played_enclosures;
        ALTER TABLE downloads DROP COLUMN file_identity;
        DELETE FROM grdb_migrations WHERE identifier = 'v20-played';

        """

    /// Takes away what `v16-downloads` adds (the download queue).
    public static let undoDownloads = """
        DROP TABLE downloads;
        DELETE FROM grdb_migrations WHERE identifier = 'v16-downloads';

        """

    /// Takes away what `v17-full-text` adds: the full texts and the search view reading them (the view
    /// "v12-compact-store" made comes back). Runs before the older downgrades, which drop that view.
    public static let undoFullText = """
        DROP VIEW article_search_text;
        DROP TABLE article_full_texts;
        CREATE VIEW article_search_text (id, title, author, body) AS
            SELECT a.id, tidings_search_title(a.title), tidings_search_author(a.authors),
                   tidings_search_body(b.content, a.content_type, b.summary,
                       (SELECT tidings_dictionary_parts(id - (b.dictionary_id) * 256, bytes) FROM body_dictionary_parts
                        WHERE id BETWEEN (b.dictionary_id) * 256 AND (b.dictionary_id) * 256 + 255))
            FROM articles a LEFT JOIN article_bodies b ON b.article_id = a.id;
        DELETE FROM grdb_migrations WHERE identifier = 'v17-full-text';

        """

    /// Takes away what `v15-sync` adds (its columns would make an upgrade from before it fail).
    public static let undoSync = """
        DROP TRIGGER sync_outbox_read;
        DROP TRIGGER sync_outbox_starred;
        DROP TABLE sync_applying;
        DROP TABLE sync_outbox;
        DROP TABLE sync_accounts;
        DROP INDEX articles_sync_item;
        ALTER TABLE articles DROP COLUMN sync_item_id;
        DROP INDEX feeds_account_subscription;
        ALTER TABLE feeds DROP COLUMN sync_subscription_id;
        ALTER TABLE feeds DROP COLUMN account;
        DELETE FROM grdb_migrations WHERE identifier = 'v15-sync';

        """

    /// Takes away what `v13-feed-counts` adds (its triggers name columns that older downgrades drop).
    public static let undoFeedCounts = """
        DROP TRIGGER feed_counts_feed_insert;
        DROP TRIGGER feed_counts_article_delete;
        DROP TRIGGER feed_counts_article_marks;
        DROP TRIGGER feed_counts_article_move;
        DROP TABLE feed_counts;
        DELETE FROM grdb_migrations WHERE identifier = 'v13-feed-counts';

        """

    /// Takes away what `v12-compact-store` adds, for stores whose links are http(s) URLs with
    /// lower-case hosts (the keys it stopped storing are computed in SQL) and without body
    /// dictionaries (the column comes back empty): the articles table is made again as v11 had it,
    /// with its unique index, and the view reads the dictionary column again.
    public static let undoCompactStore = """
        DROP VIEW article_search_text;
        DROP TRIGGER articles_search_delete;
        CREATE TABLE articles_v11 (
            id INTEGER PRIMARY KEY,
            feed_id INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
            identity TEXT NOT NULL,
            guid TEXT, url TEXT, external_url TEXT, title TEXT, authors TEXT, published REAL, updated REAL,
            sort_date REAL NOT NULL, content_type TEXT, image TEXT, comments TEXT, language TEXT, enclosures TEXT,
            tags TEXT, content_hash INTEGER NOT NULL, first_seen_at REAL NOT NULL,
            seen_in_apply INTEGER NOT NULL DEFAULT 0, read INTEGER NOT NULL DEFAULT 0, read_at REAL,
            starred INTEGER NOT NULL DEFAULT 0, ignored INTEGER NOT NULL DEFAULT 0, url_hash INTEGER,
            UNIQUE (feed_id, identity)
        );
        INSERT INTO articles_v11
            SELECT id, feed_id, coalesce(identity, 'g://' || substr(url, instr(url, '://') + 3)),
                CASE WHEN identity IS NULL THEN url ELSE guid END, url, external_url, title, authors, published,
                updated, sort_date, content_type, image, comments, language, enclosures, tags, content_hash,
                first_seen_at, seen_in_apply, read, read_at, starred, ignored, url_hash
            FROM articles;
        DROP TABLE articles;
        ALTER TABLE articles_v11 RENAME TO articles;
        CREATE INDEX articles_feed_date ON articles(feed_id, sort_date, id);
        CREATE INDEX articles_feed_unread ON articles(feed_id) WHERE read = 0;
        CREATE INDEX articles_date ON articles(sort_date, id);
        CREATE INDEX articles_unread_date ON articles(sort_date, id) WHERE read = 0;
        CREATE INDEX articles_starred_date ON articles(sort_date, id) WHERE starred = 1;
        CREATE INDEX articles_ignored ON articles(feed_id, read) WHERE ignored = 1;
        CREATE INDEX articles_title ON articles(ifnull(title, '') COLLATE NOCASE, id);
        CREATE INDEX articles_feed_url_hash ON articles(feed_id, url_hash) WHERE url_hash IS NOT NULL;
        CREATE TRIGGER articles_search_delete BEFORE DELETE ON articles BEGIN
            DELETE FROM article_search WHERE rowid = old.id;
        END;
        DROP TRIGGER body_dictionaries_parts_delete;
        DROP TABLE body_dictionary_parts;
        ALTER TABLE body_dictionaries ADD COLUMN dictionary BLOB NOT NULL DEFAULT x'';
        CREATE VIEW article_search_text (id, title, author, body) AS
            SELECT a.id, tidings_search_title(a.title), tidings_search_author(a.authors),
                   tidings_search_body(b.content, a.content_type, b.summary,
                       (SELECT dictionary FROM body_dictionaries WHERE id = b.dictionary_id))
            FROM articles a LEFT JOIN article_bodies b ON b.article_id = a.id;
        DELETE FROM grdb_migrations WHERE identifier = 'v12-compact-store';

        """

    /// Takes a current store back to schema version 2 (what Tidings wrote before v3).
    public static let toVersion2 = undoPodcast + undoPlayed + undoCanonicalLink + undoDownloads + undoFullText + undoSync + undoFeedCounts
        + undoCompactStore + undoBodyDictionaries + undoFeedListScopesAndTitleSort + """
        DROP TRIGGER articles_search_delete;
        DROP TABLE article_search;
        DROP VIEW article_search_text;
        CREATE VIRTUAL TABLE article_search USING fts5(
            title, author, body, tokenize = 'unicode61 remove_diacritics 2', columnsize = 0);
        CREATE TRIGGER articles_search_delete AFTER DELETE ON articles BEGIN
            DELETE FROM article_search WHERE rowid = old.id;
        END;
        CREATE TABLE search_pending (
            article_id INTEGER PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE,
            title TEXT, author TEXT, body TEXT NOT NULL);
        DROP INDEX articles_ignored;
        ALTER TABLE articles DROP COLUMN ignored;
        DROP TABLE ignore_rules_state;
        DROP INDEX feeds_url_key;
        ALTER TABLE feeds DROP COLUMN url_key;
        ALTER TABLE feeds DROP COLUMN last_listed_at;
        DELETE FROM grdb_migrations WHERE identifier NOT IN ('v1', 'v2');
        """

    /// Takes away what `v11-article-url-hash` (the links' keys computed in SQL: the test stores' links
    /// are https URLs with lower-case hosts) and `v10-body-dictionaries` add (a column with a foreign
    /// key cannot be dropped: the bodies table is made again without it), leaving the view
    /// "v6-compact-search" made.
    public static let undoBodyDictionaries = """
        DROP VIEW article_search_text;
        DROP INDEX articles_feed_url_hash;
        ALTER TABLE articles DROP COLUMN url_hash;
        ALTER TABLE articles ADD COLUMN url_key TEXT;
        UPDATE articles SET url_key = '//' || substr(url, instr(url, '://') + 3) WHERE url IS NOT NULL;
        CREATE INDEX articles_feed_url ON articles(feed_id, url_key) WHERE url_key IS NOT NULL;
        DELETE FROM grdb_migrations WHERE identifier = 'v11-article-url-hash';
        DROP TABLE body_dictionaries;
        CREATE TABLE article_bodies_v1 (
            article_id INTEGER PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE,
            summary TEXT,
            content TEXT
        );
        INSERT INTO article_bodies_v1 SELECT article_id, summary, content FROM article_bodies;
        DROP TABLE article_bodies;
        ALTER TABLE article_bodies_v1 RENAME TO article_bodies;
        CREATE VIEW article_search_text (id, title, author, body) AS
            SELECT a.id, tidings_search_title(a.title), tidings_search_author(a.authors),
                   tidings_search_body(b.content, a.content_type, b.summary)
            FROM articles a LEFT JOIN article_bodies b ON b.article_id = a.id;
        DELETE FROM grdb_migrations WHERE identifier = 'v10-body-dictionaries';

        """
}
