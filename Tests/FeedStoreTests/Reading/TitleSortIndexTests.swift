import FeedModel
import Foundation
import GRDB
import TestSupport
import XCTest

@testable import FeedStore

/// `v7-title-sort`: an older database gains the title index through the migration runner (a copy kept
/// first), and article lists sorted by title walk it in the reader's collation instead of sorting.
final class TitleSortIndexTests: XCTestCase {
    func testAnOlderDatabaseGainsTheIndexAndKeepsACopy() throws {
        let path = try temporaryDatabasePath(self)
        do {
            let store = try FeedStore(path: path)
            let feed = try store.addFeed(url: "https://example.org/feed")
            try store.apply(feedID: feed.id, feed: document([item(1, title: "b"), item(2, title: "A")]), fetch: fetch())
        }
        _ = try sqlite3(path, StoreDowngrades.undoFeedListScopesAndTitleSort + "PRAGMA wal_checkpoint(TRUNCATE);")
        let version = try sqlite3(path, "SELECT count(*) FROM grdb_migrations;")
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM sqlite_master WHERE name = 'articles_title';"), "0")

        let store = try FeedStore(path: path)
        let copy = path + ".bak-v" + version
        XCTAssertTrue(FileManager.default.fileExists(atPath: copy), "a copy is kept before migrating")
        XCTAssertEqual(try sqlite3(copy, "SELECT count(*) FROM sqlite_master WHERE name = 'articles_title';"), "0")
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM sqlite_master WHERE name = 'articles_title';"), "1")
        XCTAssertEqual(
            try sqlite3(path, "SELECT count(*) FROM grdb_migrations WHERE identifier IN ('v7-title-sort', 'v8-feed-list-scopes');"),
            "2")
        XCTAssertEqual(try store.titles(ArticleQuery(sort: .titleAscending)), ["A", "b"])
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }

    func testTitleOrdersWalkTheIndexInTheReadersCollation() throws {
        let path = try temporaryDatabasePath(self)
        let store = try FeedStore(path: path)
        let feed = try store.addFeed(url: "https://example.org/feed")
        let titles = ["banana", "Apple", "cherry", "apple", "Äpfel", "_under"]
        try store.apply(
            feedID: feed.id,
            feed: document(titles.enumerated().map { item($0.offset, title: $0.element, day: Double($0.offset)) }),
            fetch: fetch())
        // Case-insensitive for ASCII (SQLite's NOCASE: letters folded to lower case), ties by id.
        XCTAssertEqual(
            try store.titles(ArticleQuery(sort: .titleAscending)), ["_under", "Apple", "apple", "banana", "cherry", "Äpfel"])
        XCTAssertEqual(
            try store.titles(ArticleQuery(sort: .titleDescending)), ["Äpfel", "cherry", "banana", "apple", "Apple", "_under"])

        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        for query in [
            ArticleQuery(sort: .titleAscending), ArticleQuery(sort: .titleDescending),
            ArticleQuery(unreadOnly: true, sort: .titleAscending),
        ] {
            let filter = ArticleFilter(query)
            let plan = try queue.read { db in
                try Row.fetchAll(
                    db,
                    sql: "EXPLAIN QUERY PLAN SELECT a.id FROM \(filter.from) WHERE \(filter.condition.sql) "
                        + "ORDER BY \(filter.orderBy) LIMIT 100",
                    arguments: filter.condition.arguments
                ).map { $0["detail"] as String }.joined(separator: "\n")
            }
            XCTAssertTrue(plan.contains("articles_title"), plan)
            XCTAssertFalse(plan.contains("TEMP B-TREE FOR ORDER BY"), plan)
        }
    }
}
