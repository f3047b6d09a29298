import FeedModel
import FeedStore
import Foundation
import TestSupport
import XCTest

/// `BackgroundCheckpoints`: committed pages reach the database file without the writer checkpointing,
/// and stopping leaves a sound store that goes on working.
final class BackgroundCheckpointsTests: XCTestCase {
    func testCommittedArticlesReachTheDatabaseFileWhileTheWriterGoesOn() throws {
        let path = try temporaryDatabasePath(self)
        let store = try FeedStore(path: path)
        let feed = try store.addFeed(url: "https://example.org/feed")
        try store.apply(feedID: feed.id, feed: document((1...20).map { item($0) }), fetch: fetch())
        // Far below the writer's checkpoint interval: the articles are only in the log so far.
        XCTAssertEqual(try articlesInDatabaseFileAlone(path), "0")

        let checkpoints = try store.startBackgroundCheckpoints()
        XCTAssertTrue(StateWait.blockingUntil(seconds: 10) { (try? self.articlesInDatabaseFileAlone(path)) == "20" }, "not copied within 10 s")

        try store.apply(feedID: feed.id, feed: document((1...30).map { item($0) }), fetch: fetch(fetchTime + 60))
        XCTAssertTrue(StateWait.blockingUntil(seconds: 10) { (try? self.articlesInDatabaseFileAlone(path)) == "30" }, "not copied within 10 s")
        checkpoints.stop()
        checkpoints.stop()

        try store.apply(feedID: feed.id, feed: document((1...31).map { item($0) }), fetch: fetch(fetchTime + 120))
        XCTAssertEqual(try store.counts().articles, 31)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }

    /// The number of articles a copy of the database file holds without its write-ahead log.
    private func articlesInDatabaseFileAlone(_ path: String) throws -> String {
        let copy = try TemporaryFolder.make(self, prefix: "FeedStoreTests") + "/alone.db"
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        return try sqlite3(copy, "SELECT count(*) FROM articles;")
    }
}
