import FeedModel
import FeedStore
import Foundation
import XCTest

final class SchemaTests: XCTestCase {
    func testNewDatabaseIsWALWithForeignKeysAndSound() throws {
        let path = try temporaryDatabasePath(self)
        let store = try FeedStore(path: path)
        let feed = try store.addFeed(url: "https://example.org/feed")
        try store.apply(feedID: feed.id, feed: document([item(1), item(2)]), fetch: fetch())
        XCTAssertEqual(try store.integrityCheck(), ["ok"])

        XCTAssertEqual(try sqlite3(path, "PRAGMA journal_mode;"), "wal")
        let tables = try sqlite3(path, "SELECT name FROM sqlite_master WHERE type = 'table';")
            .split(separator: "\n").map(String.init)
        for table in ["feeds", "feed_tags", "feed_aliases", "articles", "article_search", "export_states",
                      "export_marks"] {
            XCTAssertTrue(tables.contains(table), table)
        }
        let migrations = try sqlite3(path, "SELECT identifier FROM grdb_migrations ORDER BY identifier;")
            .split(separator: "\n").map(String.init)
        for migration in ["v1", "v2", "v3-feed-subscription", "v4-ignored-articles", "v5-search-text",
                          "v6-compact-search",
                          "v7-title-sort", "v8-feed-list-scopes", "v9-search-body-first",
                          "v10-body-dictionaries", "v11-article-url-hash", "v12-compact-store",
                          "v13-feed-counts", "v14-search-merge-16", "v15-sync", "v16-downloads"] {
            XCTAssertTrue(migrations.contains(migration), migration)
        }
        // Foreign keys are enforced by the store's connections: deleting the feed cascades.
        try store.removeFeed(id: feed.id)
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM articles; SELECT count(*) FROM article_bodies;"),
                       "0\n0")
        XCTAssertEqual(try store.countArticles(ArticleQuery(search: "item")), 0)
        XCTAssertEqual(try store.integrityCheck(), ["ok"], "the index holds nothing of the deleted articles")
    }

    func testReopeningKeepsDataAndDoesNotMigrateAgain() throws {
        let path = try temporaryDatabasePath(self)
        do {
            let store = try FeedStore(path: path)
            let feed = try store.addFeed(url: "https://example.org/feed", title: "Mine", tags: ["news"])
            try store.apply(feedID: feed.id, feed: document([item(1)]), fetch: fetch())
        }
        let again = try FeedStore(path: path)
        let feeds = try again.feeds()
        XCTAssertEqual(feeds.map(\.displayTitle), ["Mine"])
        XCTAssertEqual(feeds.first?.tags, ["news"])
        XCTAssertEqual(feeds.first?.totalCount, 1)
        XCTAssertEqual(try again.integrityCheck(), ["ok"])
    }

    func testOpeningAMissingFolderFails() {
        XCTAssertThrowsError(try FeedStore(path: "/nonexistent-folder-\(UUID().uuidString)/tidings.db"))
    }
}
