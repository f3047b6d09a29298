import FeedModel
import Foundation
import GRDB
import XCTest

@testable import FeedStore

/// The page cache of the reading connections follows what the opener asked for (the terminal reader
/// asks for less); the writing connection keeps 16 MB.
final class ReaderPageCacheTests: XCTestCase {
    private func cacheSizes(_ store: FeedStore) throws -> (reader: Int?, writer: Int?) {
        (try store.pool.read { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") },
         try store.pool.write { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") })
    }

    func testReadingConnectionsCacheWhatTheOpenerAskedFor() throws {
        let path = try temporaryDatabasePath(self)
        let defaults = try cacheSizes(try FeedStore(path: path))
        XCTAssertEqual(defaults.reader, -16_384)
        XCTAssertEqual(defaults.writer, -16_384)
        let small = try FeedStore(path: path, readerCacheKilobytes: 4_096)
        XCTAssertEqual(try cacheSizes(small).reader, -4_096)
        XCTAssertEqual(try cacheSizes(small).writer, -16_384)
        let feed = try small.addFeed(url: "https://example.org/feed")
        try small.apply(feedID: feed.id, feed: document([item(1), item(2)]), fetch: fetch())
        XCTAssertEqual(try small.counts().articles, 2)
    }
}
