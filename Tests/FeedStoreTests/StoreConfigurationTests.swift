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

    func testANewFileGivesFreePagesBackWhenTheLogIsTruncated() throws {
        let path = try temporaryDatabasePath(self)
        let store = try FeedStore(path: path)
        XCTAssertEqual(try sqlite3(path, "PRAGMA auto_vacuum;"), "2", "incremental")
        let kept = try store.addFeed(url: "https://example.org/kept")
        let gone = try store.addFeed(url: "https://example.org/gone")
        // Words that neither compress nor repeat: the articles take many pages, of bodies and index.
        func words() -> String {
            (0..<300).map { _ in String(UInt64.random(in: 0...UInt64.max), radix: 36) }.joined(separator: " ")
        }
        try store.apply(feedID: kept.id, feed: document([item(1)]), fetch: fetch())
        try store.apply(
            feedID: gone.id, feed: document((1...200).map { item($0, content: "<p>\(words())</p>") }), fetch: fetch())
        try store.removeFeed(id: gone.id)
        XCTAssertGreaterThan(Int(try sqlite3(path, "PRAGMA freelist_count;")) ?? 0, 10, "the deleted articles' pages are free")
        try store.truncateWriteAheadLog()
        XCTAssertEqual(try sqlite3(path, "PRAGMA freelist_count;"), "0")
        let pages = Int(try sqlite3(path, "PRAGMA page_count;")) ?? 0
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        XCTAssertEqual(size, pages * 16384, "the file holds no free page")
        XCTAssertEqual(try store.counts().articles, 1)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }
}
