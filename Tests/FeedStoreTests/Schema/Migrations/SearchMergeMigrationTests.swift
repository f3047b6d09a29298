import FeedModel
import FeedStore
import Foundation
import XCTest

/// "v14-search-merge-16": the full-text index merges sixteen segments at a time, in new stores and in
/// upgraded ones, and an upgraded index finds what it found before.
final class SearchMergeMigrationTests: XCTestCase {
    private let automerge = "SELECT v FROM article_search_config WHERE k = 'automerge';"

    func testANewStoreMergesSixteenSegmentsAtATime() throws {
        let path = try temporaryDatabasePath(self)
        _ = try FeedStore(path: path)
        XCTAssertEqual(try sqlite3(path, automerge), "16")
    }

    func testAnUpgradedStoreMergesSixteenAtATimeAndFindsTheSameArticles() throws {
        let fixture = try XCTUnwrap(
            Bundle.module.url(forResource: "v11-store", withExtension: "db", subdirectory: "Resources"))
        let path = try temporaryDatabasePath(self)
        try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
        XCTAssertEqual(try sqlite3(path, automerge), "8", "the fixture, as v6 and v9 left it")
        let search = "SELECT rowid FROM article_search WHERE article_search MATCH 'item OR feed' ORDER BY rowid;"
        let found = try sqlite3(path, search)
        XCTAssertFalse(found.isEmpty, "the fixture's index finds articles")

        let store = try FeedStore(path: path)
        XCTAssertEqual(try sqlite3(path, automerge), "16")
        XCTAssertEqual(try sqlite3(path, search), found)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])

        // New articles go into the index merged the new way, and are found with the old ones.
        let feed = try store.addFeed(url: "https://merge.example/feed")
        let items = (0..<40).map { i in
            Article(id: "merge-\(i)", url: "https://merge.example/\(i)", title: "Merged item \(i)",
                    contentHTML: "<p>segment sixteen \(i)</p>")
        }
        for i in stride(from: 0, to: items.count, by: 2) {
            try store.apply(
                feedID: feed.id, feed: Feed(format: .rss20, title: "Merge", items: Array(items[0...i + 1])),
                fetch: FetchRecord(fetchedAt: Date()))
        }
        XCTAssertEqual(try store.countArticles(ArticleQuery(search: "sixteen")), 40)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }
}
