import FeedModel
import FeedStore
import Foundation
import GRDB
import TestSupport
import XCTest

/// Retention looks for old articles and for articles past their feed's limit apart (`RetentionWriter`).
/// Here it must delete exactly what the single ranked query it replaced deleted, on a store whose
/// dates, marks, first-seen times and latest documents are drawn at random, for every kind of policy,
/// for one feed and for a feed list's scope.
final class RetentionEquivalenceTests: XCTestCase {
    private let day: TimeInterval = 86_400
    private let now = Date(timeIntervalSince1970: 1_735_689_600)

    /// The query retention ran until its two searches were split (kept here as the reference).
    private func reference(_ db: Database, _ policy: RetentionPolicy, feedID: Int64?, scope: String) throws -> Set<Int64> {
        let seconds = now.timeIntervalSince1970
        return Set(try Int64.fetchAll(
            db,
            sql: """
                SELECT r.id FROM (
                    SELECT id, feed_id, sort_date, read, starred, first_seen_at, seen_in_apply,
                        row_number() OVER (PARTITION BY feed_id ORDER BY sort_date DESC, id DESC) AS rank
                    FROM articles WHERE (:feed IS NULL OR feed_id = :feed) AND \(scope)
                ) r JOIN feeds f ON f.id = r.feed_id
                WHERE r.starred = 0
                    AND NOT (f.apply_count > 0 AND r.seen_in_apply = f.apply_count)
                    AND NOT (r.read = 0 AND r.first_seen_at >= :unreadCutoff)
                    AND ((:maxCount IS NOT NULL AND r.rank > :maxCount)
                        OR (:ageCutoff IS NOT NULL AND r.sort_date < :ageCutoff))
                """,
            arguments: [
                "feed": feedID, "maxCount": policy.maxArticlesPerFeed.map { max(0, $0) },
                "ageCutoff": policy.maxAge.map { seconds - $0 },
                "unreadCutoff": seconds - policy.keepUnreadFor,
            ]))
    }

    func testDeletesExactlyWhatTheRankedQueryDeleted() throws {
        let folder = try TemporaryFolder.make(self, prefix: "RetentionEquivalence")
        let original = folder + "/original.db"
        var feedIDs: [Int64] = []
        do {
            let store = try FeedStore(path: original)
            // The feeds share links (`item`): every stored article is listed, copies too.
            store.collapsesCopies = false
            // Feeds of 3 to 60 articles; each fetched twice, the second document holding some of the
            // first's articles (still in the feed: never deleted) and some new ones.
            for (index, count) in [3, 12, 25, 40, 7, 60].enumerated() {
                let feed = try store.addFeed(url: "https://feed\(index).example/rss").id
                feedIDs.append(feed)
                let items = (0..<count).map { item($0, guid: "feed\(index)-\(count)-\($0)") }
                try store.apply(feedID: feed, feed: document(Array(items.prefix(count * 2 / 3))), fetch: fetch())
                try store.apply(feedID: feed, feed: document(Array(items.suffix(count / 2))), fetch: fetch())
            }
            // Dates, marks and first-seen times at random (the same every run).
            var random = SplitMix(seed: 0x7E7E_1DE5)
            let ids = try store.articleSummaries(.all, offset: 0, limit: 1_000).map(\.id)
            XCTAssertEqual(ids.count, 147)
            let queue = try DatabaseQueue(path: original)
            try queue.write { db in
                for id in ids {
                    try db.execute(
                        sql: "UPDATE articles SET sort_date = ?, read = ?, starred = ?, first_seen_at = ? WHERE id = ?",
                        arguments: [
                            now.timeIntervalSince1970 - Double(random.next() % 400) * day - 3_600,
                            random.next() % 3 == 0 ? 0 : 1, random.next() % 10 == 0 ? 1 : 0,
                            now.timeIntervalSince1970 - Double(random.next() % 60) * day, id,
                        ])
                }
            }
            try queue.close()
            try store.truncateWriteAheadLog()
        }

        var cases = 0
        var deletedInAll = 0
        for maxCount in [nil, 0, 5, 20, 50] as [Int?] {
            // 30 and 200 days: most articles are older (read in one pass); 380: few (by the date index).
            for maxAge in [nil, 30 * day, 200 * day, 380 * day] as [TimeInterval?] {
                for keepUnread in [nil, 7 * day] as [TimeInterval?] {
                    for (feed, scope) in [(nil, FeedScope.every), (feedIDs[3], .every), (nil, .listed([feedIDs[1], feedIDs[5]]))] {
                        let policy = RetentionPolicy(maxArticlesPerFeed: maxCount, maxAge: maxAge, keepUnreadFor: keepUnread)
                        let path = folder + "/case\(cases).db"
                        try FileManager.default.copyItem(atPath: original, toPath: path)
                        cases += 1
                        let scopeSQL: String
                        switch scope {
                        case .every: scopeSQL = "1"
                        case .listed(let ids): scopeSQL = "feed_id IN (\(ids.map(String.init).joined(separator: ",")))"
                        }
                        let queue = try DatabaseQueue(path: path)
                        let (all, expected) = try queue.read { db in
                            (Set(try Int64.fetchAll(db, sql: "SELECT id FROM articles")),
                             try reference(db, policy, feedID: feed, scope: scopeSQL))
                        }
                        try queue.close()
                        let store = try FeedStore(path: path)
                        store.collapsesCopies = false
                        let deleted = try store.applyRetention(policy, feedID: feed, in: scope, now: now)
                        let left = Set(try store.articleSummaries(.all, offset: 0, limit: 1_000).map(\.id))
                        let label = "max \(maxCount.map(String.init) ?? "-"), age \(maxAge.map { String($0 / day) } ?? "-"), "
                            + "unread \(keepUnread.map { String($0 / day) } ?? "-"), feed \(feed.map(String.init) ?? "-"), \(scope)"
                        XCTAssertEqual(deleted, expected.count, label)
                        XCTAssertEqual(left, all.subtracting(expected), label)
                        XCTAssertEqual(try store.integrityCheck(), ["ok"], label)
                        deletedInAll += deleted
                    }
                }
            }
        }
        XCTAssertEqual(cases, 120)
        XCTAssertGreaterThan(deletedInAll, 500, "the cases delete enough to tell the two apart")
    }
}
