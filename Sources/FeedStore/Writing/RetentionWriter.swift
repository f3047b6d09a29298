import Foundation
import GRDB

/// Deletes the articles a `RetentionPolicy` lets go, inside the caller's transaction.
///
/// An article goes when it is not starred, not in its feed's latest document, not unread and first
/// seen within `keepUnreadFor`, and either older than `maxAge` or past the newest `maxArticlesPerFeed`
/// of its feed (by date, then id). The two reasons are looked for apart, each where it can be: the
/// age by the date index or one pass over the articles (`ageTerm`), no sort; the rank only in feeds
/// with more articles than the limit (`feed_counts`, exact: `FeedCountsMigration`), whose other
/// articles cannot be past it. A refresh runs this after every run that stored anything, so it
/// never ranks every article of the store (a window sorted over all of them).
enum RetentionWriter {
    static func apply(
        _ db: Database, _ policy: RetentionPolicy, feedID: Int64?, scope: FeedScope = .every, now: Date
    ) throws -> Int {
        guard policy.maxArticlesPerFeed != nil || policy.maxAge != nil else { return 0 }
        let seconds = now.timeIntervalSince1970
        // What keeps an article whatever its age or rank.
        let kept = { (a: String) in
            """
            \(a).starred = 0 AND NOT (f.apply_count > 0 AND \(a).seen_in_apply = f.apply_count)
                AND NOT (\(a).read = 0 AND \(a).first_seen_at >= :unreadCutoff)
            """
        }
        let ageCutoff = policy.maxAge.map { seconds - $0 }
        let old = try ageTerm(db, cutoff: ageCutoff)
        try db.execute(
            sql: """
                DELETE FROM articles WHERE id IN (
                    SELECT a.id FROM articles a JOIN feeds f ON f.id = a.feed_id
                    WHERE \(old)
                        AND (:feed IS NULL OR a.feed_id = :feed) AND \(scope.condition("a.feed_id"))
                        AND \(kept("a"))
                    UNION ALL
                    SELECT r.id FROM (
                        SELECT id, feed_id, read, starred, first_seen_at, seen_in_apply,
                            row_number() OVER (PARTITION BY feed_id ORDER BY sort_date DESC, id DESC) AS rank
                        FROM articles
                        WHERE :maxCount IS NOT NULL
                            AND feed_id IN (SELECT feed_id FROM feed_counts WHERE articles > :maxCount)
                            AND (:feed IS NULL OR feed_id = :feed) AND \(scope.condition("feed_id"))
                    ) r JOIN feeds f ON f.id = r.feed_id
                    WHERE r.rank > :maxCount AND \(kept("r"))
                )
                """,
            arguments: [
                "feed": feedID, "maxCount": policy.maxArticlesPerFeed.map { max(0, $0) },
                "ageCutoff": ageCutoff,
                "unreadCutoff": seconds - policy.keepUnreadFor,
            ])
        return db.changesCount
    }

    /// The age condition, written for the way to the old articles that reads least: through the date
    /// index when few articles are past the cut-off (a store that retention keeps: only the ones it
    /// keeps for other reasons), in one pass over the table when many are (a store filled from feeds'
    /// archives, where the index would read nearly every row, out of order). Either finds the same rows;
    /// with no age limit, none.
    private static func ageTerm(_ db: Database, cutoff: Double?) throws -> String {
        guard let cutoff else { return "0" }
        let old = try Int.fetchOne(
            db.cachedStatement(sql: "SELECT count(*) FROM articles WHERE sort_date < ?"), arguments: [cutoff]) ?? 0
        let all = try FeedCountsTotal.total(db, ArticleQuery(includeIgnored: true)) ?? 0
        return old * 8 < all ? "a.sort_date < :ageCutoff" : "+a.sort_date < :ageCutoff"
    }
}
