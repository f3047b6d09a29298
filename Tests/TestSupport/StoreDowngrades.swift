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

    /// Takes away what `v13-feed-counts` adds (its triggers name columns that older downgrades drop).
    public static let undoFeedCounts = """
        DROP TRIGGER feed_counts_feed_insert;
        DROP TRIGGER feed_counts_article_delete;
        DROP TRIGGER feed_counts_article_marks;
        DROP TRIGGER feed_counts_article_move;
        DROP TABLE feed_counts;
        DELETE FROM grdb_migrations WHERE identifier = 'v13-feed-counts';

        """
}
