import FeedModel
import FeedStore
import Foundation
import XCTest

/// The connection settings of the store: page size of new files, and files made with another page
/// size (by an earlier version) opened as they are.
final class StoreConfigurationTests: XCTestCase {
    func testNewDatabaseUses16KBPages() throws {
        let path = try temporaryDatabasePath(self)
        let store = try FeedStore(path: path)
        let feed = try store.addFeed(url: "https://example.org/feed")
        try store.apply(feedID: feed.id, feed: document([item(1), item(2)]), fetch: fetch())
        XCTAssertEqual(try sqlite3(path, "PRAGMA page_size;"), "16384")
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }

    func testDatabaseWith4KBPagesKeepsThemAndItsData() throws {
        let path = try temporaryDatabasePath(self)
        _ = try sqlite3(path, "PRAGMA page_size = 4096; PRAGMA journal_mode = WAL; CREATE TABLE placeholder (x);")
        let store = try FeedStore(path: path)
        let feed = try store.addFeed(url: "https://example.org/feed")
        try store.apply(feedID: feed.id, feed: document([item(1), item(2)]), fetch: fetch())
        XCTAssertEqual(try sqlite3(path, "PRAGMA page_size;"), "4096")
        XCTAssertEqual(try store.counts().articles, 2)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }

    func testTruncatingTheWriteAheadLogKeepsEverythingCommitted() throws {
        let path = try temporaryDatabasePath(self)
        let store = try FeedStore(path: path)
        let feed = try store.addFeed(url: "https://example.org/feed")
        try store.apply(feedID: feed.id, feed: document((1...20).map { item($0) }), fetch: fetch())
        let before = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int
        XCTAssertGreaterThan(before ?? 0, 0)
        try store.truncateWriteAheadLog()
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int, 0)
        XCTAssertEqual(try store.counts().articles, 20)
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM articles;"), "20")
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }
}
