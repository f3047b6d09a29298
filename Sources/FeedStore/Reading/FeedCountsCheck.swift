import GRDB

/// Compares each feed's stored counts (`feed_counts`, see `FeedCountsMigration`) with a count of its
/// articles, for `FeedStore.integrityCheck()`. Reads every article: a check, never a hot path.
enum FeedCountsCheck {
    /// One line per feed whose stored counts differ from its articles' (or that has no counts row),
    /// naming the feed and both sets of figures; empty when every feed's counts are exact.
    static func differences(_ db: Database) throws -> [String] {
        try Row.fetchAll(db, sql: """
            WITH counted AS (
                SELECT f.id AS feed_id, count(a.id) AS articles, ifnull(sum(a.read = 0), 0) AS unread,
                    ifnull(sum(a.starred = 1), 0) AS starred, ifnull(sum(a.ignored = 1), 0) AS ignored,
                    ifnull(sum(a.ignored = 1 AND a.read = 0), 0) AS ignored_unread
                FROM feeds f LEFT JOIN articles a ON a.feed_id = f.id
                GROUP BY f.id
            )
            SELECT n.feed_id AS feed_id,
                n.articles || ' ' || n.unread || ' ' || n.starred || ' ' || n.ignored || ' ' || n.ignored_unread
                    AS counted,
                s.articles || ' ' || s.unread || ' ' || s.starred || ' ' || s.ignored || ' ' || s.ignored_unread
                    AS stored
            FROM counted n LEFT JOIN feed_counts s ON s.feed_id = n.feed_id
            WHERE s.feed_id IS NULL OR s.articles != n.articles OR s.unread != n.unread OR s.starred != n.starred
                OR s.ignored != n.ignored OR s.ignored_unread != n.ignored_unread
            ORDER BY n.feed_id
            """).map { row in
            let stored: String? = row["stored"]
            return "feed counts of feed \(row["feed_id"] as Int64): stored \(stored ?? "none"), "
                + "counted \(row["counted"] as String) (articles unread starred ignored ignored-unread)"
        }
    }
}
