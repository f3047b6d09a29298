import FeedModel
import Foundation
import GRDB
import XCTest

@testable import FeedStore

/// `ListIndexes`: a bulk load leaves the indexes that order article lists out, every list reads the
/// same rows in the same order meanwhile, and restoring gives back exactly the schema of a new store.
final class ListIndexesTests: XCTestCase {
    private let names = ["articles_date", "articles_link_key", "articles_starred_date", "articles_title", "articles_unread_date"]

    func testListsReadTheSameWithoutTheIndexesAndRestoringGivesTheSchemaOfANewStore() throws {
        let indexed = try makeStore(self)
        let deferred = try makeStore(self)
        let schema = try schemaRows(deferred.path)
        XCTAssertTrue(try deferred.deferListIndexes(newFeeds: 20))
        XCTAssertEqual(try missing(deferred.path), names)
        XCTAssertEqual(try missing(indexed.path), [])

        for store in [indexed, deferred] {
            for feed in 0..<3 {
                let id = try store.addFeed(url: "https://example.org/\(feed)/feed").id
                let items = (0..<40).map { n in
                    // Titles that tie, differ only in case, and dates that tie across feeds.
                    item(feed * 100 + n, title: ["apple", "Banana", "banana", "cherry \(n)", "Äpfel"][n % 5],
                         day: Double(n % 7))
                }
                try store.apply(feedID: id, feed: document(items), fetch: fetch())
            }
            let ids = try store.articleSummaries(ArticleQuery(sort: .oldestFirst), offset: 0, limit: 1_000).map(\.id)
            XCTAssertEqual(ids.count, 120)
            try store.setRead(true, articleIDs: ids.enumerated().filter { $0.offset % 3 == 0 }.map(\.element))
            try store.setStarred(true, articleIDs: ids.enumerated().filter { $0.offset % 4 == 1 }.map(\.element))
        }
        XCTAssertEqual(try missing(deferred.path), names, "storing feeds builds none of them")

        let lists: [ArticleQuery] = ArticleSort.allCases.flatMap { sort in
            [ArticleQuery(sort: sort), ArticleQuery(unreadOnly: true, sort: sort), ArticleQuery(starredOnly: true, sort: sort)]
        }
        func rows(_ store: FeedStore) throws -> [[String]] {
            try lists.map { query in
                try store.articleSummaries(query, offset: 0, limit: 1_000).map { "\($0.id) \($0.title ?? "")" }
            }
        }
        let expected = try rows(indexed)
        XCTAssertEqual(try rows(deferred), expected)
        XCTAssertEqual(expected[1].count, 80)

        XCTAssertEqual(try deferred.restoreListIndexes(), ListIndexes.definitions.count)
        XCTAssertEqual(try missing(deferred.path), [])
        XCTAssertEqual(try schemaRows(deferred.path), schema, "the same indexes, defined as a new store defines them")
        XCTAssertEqual(try rows(deferred), expected)
        XCTAssertEqual(try deferred.integrityCheck(), ["ok"])
        XCTAssertEqual(try deferred.restoreListIndexes(), 0, "nothing left to build")
    }

    func testDeferredOnlyWhenTheNewFeedsWouldBringMoreThanTheStoreHolds() throws {
        let store = try makeStore(self)
        XCTAssertFalse(try store.deferListIndexes(newFeeds: ListIndexes.minimumNewFeeds - 1), "too few feeds to pay")
        XCTAssertEqual(try missing(store.path), [])
        XCTAssertTrue(try store.deferListIndexes(newFeeds: ListIndexes.minimumNewFeeds), "an empty store")
        XCTAssertEqual(try store.restoreListIndexes(), ListIndexes.definitions.count)

        // 2,000 articles: as many as 20 new feeds' allowance (100 each), fewer than 21's.
        for feed in 0..<2 {
            let id = try store.addFeed(url: "https://example.org/\(feed)/feed").id
            try store.apply(feedID: id, feed: document((0..<1_000).map { item(feed * 10_000 + $0) }), fetch: fetch())
        }
        XCTAssertEqual(try store.counts().articles, 2_000)
        XCTAssertFalse(try store.deferListIndexes(newFeeds: 20))
        XCTAssertEqual(try missing(store.path), [])
        XCTAssertTrue(try store.deferListIndexes(newFeeds: 21))
        XCTAssertEqual(try missing(store.path), names)
        XCTAssertTrue(try store.deferListIndexes(newFeeds: 21), "a run after a killed one defers them again")
        XCTAssertEqual(try missing(store.path), names)
        XCTAssertEqual(try store.restoreListIndexes(), ListIndexes.definitions.count)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }

    private func schemaRows(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").map {
                "\($0["type"] as String) \($0["name"] as String) \($0["tbl_name"] as String): \($0["sql"] as String? ?? "")"
            }
        }
    }

    private func missing(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in try ListIndexes.missing(db) }.sorted()
    }
}
