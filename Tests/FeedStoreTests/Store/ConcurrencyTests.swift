import FeedModel
import FeedStore
import Foundation
import XCTest

/// Errors gathered from several threads.
private final class ErrorLog: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [String] = []

    func record(_ error: any Error, _ context: String) {
        lock.lock()
        errors.append("\(context): \(error)")
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return errors
    }
}

/// The reader and a refresh in separate connections (and processes) on one file: no "database is
/// locked", no lost mark, a sound file after a writer is killed.
final class ConcurrencyTests: XCTestCase {
    private func seed(_ store: FeedStore, feeds: Int, items: Int) throws -> [Int64] {
        try (0..<feeds).map { f in
            let id = try store.addFeed(url: "https://feed\(f).example/rss").id
            try store.apply(feedID: id, feed: document((1...items).map { item($0) }), fetch: fetch())
            return id
        }
    }

    func testTwoPoolsWritingAtOnceLoseNoMark() throws {
        let path = try temporaryDatabasePath(self)
        let refresh = try FeedStore(path: path)
        let reader = try FeedStore(path: path)
        // The feeds share links (`item`): here each copy is an article of its own, marked alone.
        refresh.collapsesCopies = false
        reader.collapsesCopies = false
        let feeds = try seed(refresh, feeds: 10, items: 20)
        let ids = try reader.articleSummaries(.all, offset: 0, limit: 1000).map(\.id)
        XCTAssertEqual(ids.count, 200)
        let log = ErrorLog()
        let group = DispatchGroup()

        DispatchQueue.global().async(group: group) {
            // Refresh: every round rewrites every feed (new titles), one transaction per feed.
            for round in 1...6 {
                for feed in feeds {
                    let items = (1...20).map { item($0, title: "Post \($0), round \(round)") } + [item(100 + round)]
                    do { try refresh.apply(feedID: feed, feed: document(items), fetch: fetch()) }
                    catch { log.record(error, "apply") }
                }
            }
        }
        DispatchQueue.global().async(group: group) {
            // Reader: marks every other article read and every fifth starred, one commit each,
            // reading pages in between.
            for (index, id) in ids.enumerated() {
                do {
                    if index % 2 == 0 { try reader.setRead(true, articleIDs: [id]) }
                    if index % 5 == 0 { try reader.setStarred(true, articleIDs: [id]) }
                    if index % 10 == 0 { _ = try reader.articlePage(.allUnread, offset: 0, limit: 50) }
                } catch { log.record(error, "mark") }
            }
        }
        DispatchQueue.global().async(group: group) {
            for _ in 0..<30 {
                do { _ = try reader.feeds() } catch { log.record(error, "feeds") }
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(log.all, [])

        for (index, id) in ids.enumerated() {
            let article = try XCTUnwrap(try reader.article(id: id))
            XCTAssertEqual(article.read, index % 2 == 0, "read mark of \(id)")
            XCTAssertEqual(article.starred, index % 5 == 0, "star of \(id)")
            XCTAssertTrue(article.title?.hasSuffix("round 6") ?? false)
        }
        XCTAssertEqual(try reader.countArticles(.all), 10 * 26)
        XCTAssertEqual(try reader.integrityCheck(), ["ok"])
    }

    func testAnotherProcessWritingAtTheSameTime() throws {
        let path = try temporaryDatabasePath(self)
        let store = try FeedStore(path: path)
        let feeds = try seed(store, feeds: 4, items: 25)
        let ids = try store.articleSummaries(ArticleQuery(sort: .oldestFirst), offset: 0, limit: 1000).map(\.id)

        // sqlite3 stars every article, one IMMEDIATE transaction each, while this process refreshes
        // and marks articles read.
        let script = ids.map { "BEGIN IMMEDIATE; UPDATE articles SET starred = 1 WHERE id = \($0); COMMIT;" }
            .joined(separator: "\n")
        let log = ErrorLog()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            do { try sqlite3(path, script + "\nSELECT count(*) FROM articles WHERE starred = 1;") }
            catch { log.record(error, "sqlite3") }
        }
        for round in 1...5 {
            for feed in feeds {
                let items = (1...25).map { item($0, title: "Round \(round) post \($0)") }
                try store.apply(feedID: feed, feed: document(items), fetch: fetch())
            }
            try store.setRead(true, articleIDs: ids.enumerated().filter { $0.offset % 5 == round - 1 }.map(\.element))
        }
        XCTAssertEqual(group.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(log.all, [])
        XCTAssertEqual(try store.countArticles(.starred), ids.count)
        XCTAssertEqual(try store.countArticles(.allUnread), 0)
        XCTAssertEqual(try sqlite3(path, "PRAGMA integrity_check;"), "ok")
    }

    func testAWriterKilledMidTransactionLeavesTheFileSound() throws {
        let path = try temporaryDatabasePath(self)
        let store = try FeedStore(path: path)
        store.collapsesCopies = false
        let feeds = try seed(store, feeds: 2, items: 10)
        try store.setRead(true, articleIDs: try store.articleSummaries(.feed(feeds[0]), offset: 0, limit: 100).map(\.id))

        let child = try SQLite3Process(path: path)
        child.send("""
            BEGIN IMMEDIATE;
            UPDATE articles SET title = 'clobbered', read = 0;
            DELETE FROM feed_tags;
            INSERT INTO feeds (url, created_at) VALUES ('https://half.example/', 0);
            SELECT 'in-transaction';

            """)
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("in-transaction") {
            let chunk = child.output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += chunk
        }
        XCTAssertTrue(String(decoding: seen, as: UTF8.self).contains("in-transaction"))
        kill(child.process.processIdentifier, SIGKILL)
        child.process.waitUntilExit()
        XCTAssertEqual(child.process.terminationReason, .uncaughtSignal)

        XCTAssertEqual(try store.integrityCheck(), ["ok"])
        XCTAssertEqual(try store.feeds().count, 2, "the uncommitted feed is not there")
        XCTAssertEqual(try store.countArticles(.allUnread), 10, "committed marks are all there")
        XCTAssertEqual(try store.countArticles(.search("clobbered")), 0)
        // The lock died with the process: the next write goes through at once.
        try store.apply(feedID: feeds[1], feed: document((1...12).map { item($0) }), fetch: fetch())
        XCTAssertEqual(try store.countArticles(.all), 22)
        XCTAssertEqual(try sqlite3(path, "PRAGMA integrity_check;"), "ok")
    }
}
