import FeedModel
import FeedStore
import Foundation
import XCTest

/// A real v11 database (made by the Tidings before "v13-feed-counts": Resources/README.md) is upgraded
/// on open: a copy is kept, every article, mark and feed is as it was, and each feed's stored counts
/// are the counts of its articles, read and starred and ignored ones apart, then stay so as it changes.
final class FeedCountsMigrationTests: XCTestCase {
    /// (An identity key that the link gives back is not stored since "v12-compact-store": for these
    /// feeds' http(s) links with lower-case hosts it is the link without its scheme, after "g:".)
    private let everything = """
        SELECT a.id, a.feed_id, coalesce(a.identity, 'g://' || substr(a.url, instr(a.url, '://') + 3)), a.read, a.read_at, a.starred, a.ignored, a.content_hash,
               hex(b.content) FROM articles a LEFT JOIN article_bodies b ON b.article_id = a.id ORDER BY a.id;
        SELECT state_id, article_id FROM export_marks ORDER BY 1, 2;
        SELECT id, url, title, etag, body_hash, apply_count FROM feeds ORDER BY id;
        """

    /// Per feed: articles, unread, starred, ignored, ignored and unread, counted from `articles`.
    private let counted = """
        SELECT f.id, count(a.id), ifnull(sum(a.read = 0), 0), ifnull(sum(a.starred = 1), 0),
            ifnull(sum(a.ignored = 1), 0), ifnull(sum(a.ignored = 1 AND a.read = 0), 0)
        FROM feeds f LEFT JOIN articles a ON a.feed_id = f.id GROUP BY f.id ORDER BY f.id;
        """
    private let stored = "SELECT feed_id, articles, unread, starred, ignored, ignored_unread FROM feed_counts ORDER BY 1;"

    func testAVersion11StoreGainsExactCountsAndKeepsEverything() throws {
        let fixture = try XCTUnwrap(
            Bundle.module.url(forResource: "v11-store", withExtension: "db", subdirectory: "Resources"))
        let path = try temporaryDatabasePath(self)
        try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM grdb_migrations;"), "11")
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM sqlite_master WHERE name = 'feed_counts';"), "0")
        let before = try sqlite3(path, everything)
        let countedBefore = try sqlite3(path, counted)
        XCTAssertEqual(countedBefore, "1|10|10|1|2|2\n2|8|8|0|0|0\n3|7|7|1|0|0\n4|6|6|0|0|0\n5|5|5|1|0|0\n6|5|0|0|1|0",
                       "the fixture: 41 articles, 1-5 read, 18, 35 and 40 starred, 3, 20 and 21 ignored")

        let store = try FeedStore(path: path)
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM grdb_migrations WHERE identifier = 'v13-feed-counts';"), "1")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + ".bak-v11"), "a copy of the v11 file is kept")
        XCTAssertEqual(try sqlite3(path + ".bak-v11", "SELECT count(*) FROM sqlite_master WHERE name = 'feed_counts';"), "0")
        XCTAssertEqual(try sqlite3(path, everything), before, "articles, bodies, marks, exports and feeds as they were")
        XCTAssertEqual(try sqlite3(path, stored), countedBefore)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])

        let counts = try store.counts()
        XCTAssertEqual([counts.feeds, counts.articles, counts.unread, counts.starred, counts.feedsWithUnread],
                       [6, 38, 34, 3, 5])
        XCTAssertEqual(try store.countArticles(.all), 38)
        XCTAssertEqual(try store.countArticles(.allUnread), 34)
        XCTAssertEqual(try store.feeds().map(\.unreadCount).reduce(0, +), 34)

        // The triggers came with the table: the counts follow marks, new articles and deletions.
        try store.setRead(true, articleIDs: [6, 7, 18])
        try store.setStarred(true, articleIDs: [1])
        try store.apply(feedID: 4, feed: document([item(900)]), fetch: fetch())
        XCTAssertEqual(try store.removeFeed(id: 2), true)
        XCTAssertEqual(try sqlite3(path, stored), try sqlite3(path, counted))
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }
}
