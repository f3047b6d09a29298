import FeedModel
import FeedStore
import Foundation
import XCTest

/// The outbox of an account's marks ("v15-sync"): every mark path writes it in the mark's own
/// transaction, a sync's own marks never do, a waiting entry keeps the service from overriding that
/// mark, and only confirmed entries leave it.
final class SyncOutboxTests: XCTestCase {
    private var store: FeedStore!
    private var accountFeed: Int64 = 0
    private var localFeed: Int64 = 0
    /// The store's article ids by item id (101...105).
    private var articles: [Int64: Int64] = [:]

    override func setUpWithError() throws {
        store = try makeStore(self)
        localFeed = try store.addFeed(url: "https://example.org/local").id
        try store.apply(feedID: localFeed, feed: document([item(1), item(2)]), fetch: fetch())
        let ids = try store.syncAccountFeeds(account: "home", [
            AccountFeedEntry(subscriptionID: "feed/1", url: "https://example.org/local", title: "Remote", siteURL: nil,
                             labels: ["News"]),
        ])
        accountFeed = try XCTUnwrap(ids["feed/1"])
        let items = (101...105).map { n in
            Article(id: "tag:google.com,2005:reader/item/\(String(format: "%016x", n))", url: "https://example.org/\(n)",
                    title: "Item \(n)")
        }
        let prepared = try store.prepare(feedID: accountFeed, feed: document(items), fetchedAt: fetchTime)
        let guids = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1.id ?? "", Int64(101 + $0)) })
        XCTAssertEqual(try store.applySynced(prepared, fetch: fetch(), itemIDs: guids).new, 5)
        for summary in try store.articleSummaries(ArticleQuery(feedIDs: [accountFeed]), offset: 0, limit: 10) {
            let number = Int64(summary.title?.dropFirst(5) ?? "") ?? 0
            articles[number] = summary.id
        }
        XCTAssertEqual(articles.count, 5)
    }

    func testAnAccountFeedKeepsItsOwnURLBesideALocalFeedAndIsInEveryScope() throws {
        let feed = try XCTUnwrap(try store.feed(id: accountFeed))
        XCTAssertEqual(feed.account, "home")
        XCTAssertEqual(feed.url, "https://example.org/local#account=home")
        XCTAssertEqual(feed.tags, ["News"])
        XCTAssertNil(try store.feed(id: localFeed)?.account)
        XCTAssertEqual(try store.scope(listing: ["https://example.org/local"]), .listed([localFeed, accountFeed]))
    }

    func testEveryMarkPathQueuesInTheSameTransaction() throws {
        let a = try XCTUnwrap(articles[101]), b = try XCTUnwrap(articles[102])
        XCTAssertEqual(try store.setRead(true, articleIDs: [a]), 1)
        XCTAssertEqual(try store.setStarred(true, articleIDs: [b]), 1)
        XCTAssertEqual(try store.setStarred(false, articleIDs: [b]), 1)
        XCTAssertEqual(try store.markAllRead(ArticleQuery(feedIDs: [accountFeed, localFeed])), 6)
        try store.advanceExportState(name: "x", through: [a], markRead: true)
        let queued = try store.outbox(account: "home").map { "\($0.itemID):\($0.action)" }
        XCTAssertEqual(queued, ["101:read", "102:star", "102:unstar", "102:read", "103:read", "104:read", "105:read"])
        XCTAssertEqual(try store.outboxCount(account: "home"), 7, "the local feed's marks queue nothing")
    }

    func testTheServiceMarksWriteNoOutboxAndYieldToWaitingChanges() throws {
        let a = try XCTUnwrap(articles[101])
        XCTAssertEqual(try store.setRead(true, articleIDs: [a]), 1)
        // The service still says 101 is unread and 102 is starred: 101 waits, so it stays read.
        let marks = try store.applySyncedMarks(
            account: "home", unread: [101, 103, 104, 105], starred: [102], state: "{}")
        XCTAssertEqual([marks.readChanged, marks.starChanged], [1, 1])
        XCTAssertEqual(try store.outbox(account: "home").map(\.itemID), [101])
        XCTAssertEqual(try store.article(id: a)?.read, true)
        XCTAssertEqual(try store.syncState(account: "home"), "{}")
        // Once confirmed, the service's state is the truth again.
        try store.removeFromOutbox(ids: try store.outbox(account: "home").map(\.id))
        try store.applySyncedMarks(account: "home", unread: [101], starred: [], state: "{\"x\":1}")
        XCTAssertEqual(try store.article(id: a)?.read, false)
        XCTAssertEqual(try store.outboxCount(account: "home"), 0)
        XCTAssertEqual(try store.counts().articles, 7, "marks never delete")
    }
}
