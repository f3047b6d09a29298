import Foundation
import GRDB

/// Deletes the articles a `RetentionPolicy` lets go, inside the caller's transaction.
///
/// An article goes when it is not starred, not in its feed's latest document, not unread and first
/// seen within `keepUnreadFor`, and either older than `maxAge` or past the newest `maxArticlesPerFeed`
/// of its feed (by date, then id). The two reasons are looked for apart, each where it can be: the
/// age in one pass over the articles, no sort; the rank only in feeds with more articles than the
/// limit (`feed_counts`, exact: `FeedCountsMigration`), whose other articles cannot be past it. A
/// refresh runs this after every run that stored anything: ranking every article of the store
/// instead (a window sorted over all of them) took 1.5 s of processor time at 1,000,000 articles,
/// the single pass 0.2 s.
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
        // `+a.sort_date`: one pass over the table. Through the date index, a cut-off that most
        // articles are older than (a store filled from feeds' archives) read every row out of order.
        try db.execute(
            sql: """
                DELETE FROM articles WHERE id IN (
                    SELECT a.id FROM articles a JOIN feeds f ON f.id = a.feed_id
                    WHERE :ageCutoff IS NOT NULL AND +a.sort_date < :ageCutoff
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
                "ageCutoff": policy.maxAge.map { seconds - $0 },
                "unreadCutoff": seconds - policy.keepUnreadFor,
            ])
        return db.changesCount
    }
}
