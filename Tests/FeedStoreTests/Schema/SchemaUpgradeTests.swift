import FeedModel
import FeedStore
import Foundation
import TestSupport
import XCTest

/// Schema upgrades on real database files: a copy is kept first, the data survives, and a failed
/// upgrade leaves the file byte for byte as it was.
final class SchemaUpgradeTests: XCTestCase {
    func testUpgradingAVersion2DatabaseKeepsACopyAndTheData() throws {
        let path = try temporaryDatabasePath(self)
        try makeVersion2Database(path)
        XCTAssertTrue(FileManager.default.createFile(atPath: path + ".bak-v1", contents: Data("an older copy".utf8)))

        let store = try FeedStore(path: path)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
        let copy = path + ".bak-v2"
        XCTAssertTrue(FileManager.default.fileExists(atPath: copy), "a copy is kept before migrating")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".bak-v1"), "the older copy goes")
        XCTAssertEqual(try sqlite3(copy, "SELECT identifier FROM grdb_migrations ORDER BY identifier;"), "v1\nv2")
        XCTAssertEqual(try sqlite3(copy, "SELECT count(*), sum(read), sum(starred) FROM articles;"), "3|1|1")
        XCTAssertEqual(try sqlite3(copy, "PRAGMA integrity_check;"), "ok")

        XCTAssertEqual(try store.countArticles(.all), 3)
        XCTAssertEqual(try store.countArticles(.starred), 1)
        XCTAssertEqual(try store.countArticles(ArticleQuery(unreadOnly: true)), 2)
        XCTAssertEqual(try store.feed(url: "HTTPS://Example.ORG:443/feed#top")?.title, "Mine", "URLs compare by key")
        XCTAssertNotNil(try store.feed(url: "http://OLD.example/feed"), "aliases compare by key after the upgrade")
        XCTAssertEqual(
            try store.feed(url: "http://older.example/feed")?.url, "https://new.example/feed",
            "an alias stored before the upgrade is compared by key")
        XCTAssertThrowsError(try store.addFeed(url: "https://example.org/feed#x"))
    }

    func testAReopenedDatabaseIsNotCopiedAgain() throws {
        let path = try temporaryDatabasePath(self)
        try makeVersion2Database(path)
        _ = try FeedStore(path: path)
        try FileManager.default.removeItem(atPath: path + ".bak-v2")
        _ = try FeedStore(path: path)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".bak-v2"), "nothing to migrate, no copy")
    }

    func testANewDatabaseNeedsNoCopy() throws {
        let path = try temporaryDatabasePath(self)
        _ = try FeedStore(path: path)
        let folder = (path as NSString).deletingLastPathComponent
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".bak") }, [])
    }

    func testTheCopyHoldsWhatOnlyTheWALHolds() throws {
        let path = try temporaryDatabasePath(self)
        let first = try FeedStore(path: path)
        let feed = try first.addFeed(url: "https://example.org/feed")
        try first.apply(feedID: feed.id, feed: document([item(1), item(2)]), fetch: fetch())
        XCTAssertGreaterThan(fileSize(path + "-wal"), 0, "the articles are still in the WAL")
        // Another program (an older Tidings) left the schema at version 2 while this one is open.
        _ = try sqlite3(path, StoreDowngrades.toVersion2)
        let second = try FeedStore(path: path)
        XCTAssertEqual(try second.countArticles(.all), 2)
        XCTAssertEqual(try sqlite3(path + ".bak-v2", "SELECT count(*) FROM articles;"), "2")
        withExtendedLifetime(first) {}
    }

    func testAFailedUpgradeLeavesTheDatabaseAsItWasAndSaysSoInOneLine() throws {
        let path = try temporaryDatabasePath(self)
        try makeVersion2Database(path)
        // A column the upgrade adds is already there: the migration fails half-way through.
        _ = try sqlite3(path, "ALTER TABLE feeds ADD COLUMN last_listed_at REAL;")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))

        XCTAssertThrowsError(try FeedStore(path: path)) { error in
            guard case let FeedStoreError.upgradeFailed(_, version, backup, reason) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(version, 2)
            XCTAssertEqual(backup, path + ".bak-v2")
            XCTAssertTrue(reason.contains("last_listed_at"), reason)
            let message = "\(error)"
            XCTAssertFalse(message.contains("\n"), message)
            XCTAssertFalse(message.contains("ALTER TABLE"), "no SQL in the message: \(message)")
            XCTAssertTrue(message.contains("left as it was"), message)
        }
        let after = try Data(contentsOf: URL(fileURLWithPath: path))
        let changed = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        XCTAssertEqual(changed, [], "byte for byte as it was")
        XCTAssertEqual(try sqlite3(path, "SELECT identifier FROM grdb_migrations ORDER BY identifier;"), "v1\nv2")
        XCTAssertEqual(try sqlite3(path, "SELECT count(*), sum(read), sum(starred) FROM articles;"), "3|1|1")
    }


    /// A version 2 database: two feeds (one moved, its old URL an alias), three articles, one read,
    /// one starred; checkpointed, so that the file alone holds everything.
    private func makeVersion2Database(_ path: String) throws {
        do {
            let store = try FeedStore(path: path)
            let mine = try store.addFeed(url: "https://example.org/feed", title: "Mine", tags: ["news"])
            let moved = try store.addFeed(url: "http://old.example/feed")
            try store.apply(feedID: mine.id, feed: document([item(1), item(2)]), fetch: fetch())
            try store.apply(feedID: moved.id, feed: document([item(3)]), fetch: fetch())
            try store.recordPermanentRedirect(feedID: moved.id, to: "https://new.example/feed")
            let ids = try store.articleSummaries(.all, offset: 0, limit: 3).map(\.id)
            try store.setRead(true, articleIDs: [ids[0]])
            try store.setStarred(true, articleIDs: [ids[1]])
        }
        _ = try sqlite3(path, StoreDowngrades.toVersion2 + """
            INSERT INTO feed_aliases (url, feed_id) VALUES ('HTTP://Older.Example:80/feed', 2);
            PRAGMA wal_checkpoint(TRUNCATE);
            """)
        XCTAssertEqual(try sqlite3(path, "SELECT identifier FROM grdb_migrations ORDER BY identifier;"), "v1\nv2")
    }

    private func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
}
