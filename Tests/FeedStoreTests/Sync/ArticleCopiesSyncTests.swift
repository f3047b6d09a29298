import FeedModel
import FeedStore
import Foundation
import XCTest

/// An article an account's feed and a local feed both carry (`ArticleCopies`): reading either copy
/// reads both, and the outbox records the account's copy once, with its own item id.
final class ArticleCopiesSyncTests: XCTestCase {
    private var store: FeedStore!
    private var local: Int64 = 0
    private var remote: Int64 = 0

    override func setUpWithError() throws {
        store = try makeStore(self)
        let localFeed = try store.addFeed(url: "https://example.org/local").id
        try store.apply(feedID: localFeed, feed: document([
            item(1, url: "https://example.org/101?utm_source=rss"), item(2, url: "https://example.org/local/2"),
        ]), fetch: fetch())
        let ids = try store.syncAccountFeeds(account: "home", [
            AccountFeedEntry(subscriptionID: "feed/1", url: "https://example.org/remote", title: "Remote", siteURL: nil,
                             labels: []),
        ])
        let accountFeed = try XCTUnwrap(ids["feed/1"])
        let items = (101...102).map { n in
            Article(id: "tag:google.com,2005:reader/item/\(String(format: "%016x", n))", url: "https://example.org/\(n)",
                    title: "Item \(n)")
        }
        let prepared = try store.prepare(feedID: accountFeed, feed: document(items), fetchedAt: fetchTime)
        let guids = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1.id ?? "", Int64(101 + $0)) })
        XCTAssertEqual(try store.applySynced(prepared, fetch: fetch(), itemIDs: guids).new, 2)
        local = try XCTUnwrap(try store.articleSummaries(.feed(localFeed), offset: 0, limit: 10)
            .first { $0.url?.contains("/101") == true }?.id)
        remote = try XCTUnwrap(try store.articleSummaries(.feed(accountFeed), offset: 0, limit: 10)
            .first { $0.title == "Item 101" }?.id)
    }

    func testReadingTheLocalCopyQueuesTheAccountCopy() throws {
        XCTAssertEqual(try store.setRead(true, articleIDs: [local]), 1)
        XCTAssertEqual(try store.article(id: remote)?.read, true)
        XCTAssertEqual(try store.outbox(account: "home").map { "\($0.itemID):\($0.action)" }, ["101:read"])
        try store.setRead(false, articleIDs: [local])
        XCTAssertEqual(try store.outbox(account: "home").map { "\($0.itemID):\($0.action)" }, ["101:read", "101:unread"])
    }

    func testReadingTheAccountCopyQueuesItOnce() throws {
        XCTAssertEqual(try store.setRead(true, articleIDs: [remote]), 1)
        XCTAssertEqual(try store.article(id: local)?.read, true)
        XCTAssertEqual(try store.outbox(account: "home").map { "\($0.itemID):\($0.action)" }, ["101:read"])
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }
}
