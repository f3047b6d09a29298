import Foundation
import GRDB

/// Deletes the articles a `RetentionPolicy` lets go, inside the caller's transaction.
enum RetentionWriter {
    static func apply(
        _ db: Database, _ policy: RetentionPolicy, feedID: Int64?, scope: FeedScope = .every, now: Date
    ) throws -> Int {
        guard policy.maxArticlesPerFeed != nil || policy.maxAge != nil else { return 0 }
        let seconds = now.timeIntervalSince1970
        try db.execute(
            sql: """
                DELETE FROM articles WHERE id IN (
                    SELECT r.id FROM (
                        SELECT id, feed_id, sort_date, read, starred, first_seen_at, seen_in_apply,
                            row_number() OVER (PARTITION BY feed_id ORDER BY sort_date DESC, id DESC) AS rank
                        FROM articles WHERE (:feed IS NULL OR feed_id = :feed) AND \(scope.condition("feed_id"))
                    ) r JOIN feeds f ON f.id = r.feed_id
                    WHERE r.starred = 0
                        AND NOT (f.apply_count > 0 AND r.seen_in_apply = f.apply_count)
                        AND NOT (r.read = 0 AND r.first_seen_at >= :unreadCutoff)
                        AND ((:maxCount IS NOT NULL AND r.rank > :maxCount)
                            OR (:ageCutoff IS NOT NULL AND r.sort_date < :ageCutoff))
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
