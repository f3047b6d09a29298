import FeedModel
import FeedStore
import Foundation
import XCTest

/// Marks a sync takes from the service reach the article's copies (`ArticleCopies`) as a local mark's
/// do: a local copy is marked without an outbox entry, another account's copy is marked and queued for
/// its service, and the account's own articles follow its service alone. Feeds taken away from an
/// account keep their starred articles, never synced again.
final class SyncedMarkCopiesTests: XCTestCase {
    private var store: FeedStore!
    private var localFeed: Int64 = 0
    private var homeFeed: Int64 = 0
    private var workFeed: Int64 = 0

    override func setUpWithError() throws {
        store = try makeStore(self)
        localFeed = try store.addFeed(url: "https://example.org/local").id
        try store.apply(feedID: localFeed, feed: document([
            item(1, url: "https://example.org/101"), item(2, url: "https://example.org/local/2"),
        ]), fetch: fetch())
        homeFeed = try accountFeed("home", items: 101...103)
        workFeed = try accountFeed("work", items: 101...101, firstID: 901)
    }

    func testAReadMarkFromTheServiceReachesLocalAndOtherAccountsCopies() throws {
        let marks = try store.applySyncedMarks(account: "home", unread: [102, 103], starred: [], state: "{}")
        XCTAssertEqual(marks.readChanged, 1)
        XCTAssertEqual(try read(localFeed, url: "https://example.org/101"), true)
        XCTAssertEqual(try read(workFeed, url: "https://example.org/101"), true)
        XCTAssertEqual(try store.outbox(account: "home"), [], "the service's own mark is not sent back")
        XCTAssertEqual(try store.outbox(account: "work").map { "\($0.itemID):\($0.action)" }, ["901:read"])

        try store.applySyncedMarks(account: "home", unread: [101, 102, 103], starred: [], state: "{}")
        XCTAssertEqual(try read(localFeed, url: "https://example.org/101"), false)
        XCTAssertEqual(try store.outbox(account: "work").map { "\($0.itemID):\($0.action)" }, ["901:read", "901:unread"])
        XCTAssertEqual(try store.outbox(account: "home"), [])
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }

    func testAStarFromTheServiceStaysOnItsCopy() throws {
        try store.applySyncedMarks(account: "home", unread: [101, 102, 103], starred: [101], state: "{}")
        XCTAssertEqual(try store.articleSummaries(.feed(localFeed), offset: 0, limit: 10).filter(\.starred).count, 0)
        XCTAssertEqual(try store.outbox(account: "work"), [])
    }

    func testADetachedFeedKeepsItsStarsUnsyncedAndItsMarksUnsent() throws {
        try store.applySyncedMarks(account: "home", unread: [101, 102, 103], starred: [102], state: "{}")
        let third = try XCTUnwrap(try store.articleSummaries(.feed(homeFeed), offset: 0, limit: 10).first { $0.title == "Item 103" })
        _ = try store.setRead(true, articleIDs: [third.id])
        XCTAssertEqual(try store.outboxCount(account: "home"), 1)

        let removal = try store.detachAccountFeeds(ids: [homeFeed])
        XCTAssertEqual(removal, AccountFeedRemoval(deletedFeeds: 0, keptFeeds: 1, deletedArticles: 2, keptStarred: 1, droppedMarks: 1))
        XCTAssertEqual(try store.outboxCount(account: "home"), 0)
        let kept = try store.articleSummaries(.feed(homeFeed), offset: 0, limit: 10)
        XCTAssertEqual(kept.map(\.title), ["Item 102"])
        XCTAssertEqual(try store.accountFeedIDsBySubscription(account: "home"), [:], "never synced again")
        // Unstarring it queues nothing, and the service's sets no longer reach it.
        _ = try store.setStarred(false, articleIDs: [kept[0].id])
        XCTAssertEqual(try store.outboxCount(account: "home"), 0)
        try store.applySyncedMarks(account: "home", unread: [], starred: [102], state: "{}")
        XCTAssertEqual(try store.article(id: kept[0].id)?.starred, false)

        // The same subscription listed again is a feed of its own.
        let again = try store.syncAccountFeeds(account: "home", [entry("home")])
        XCTAssertNotEqual(again["feed/home"], homeFeed)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }

    func testAWholeListDetachesTheFeedsItLeftOutButAnEmptyOneNothing() throws {
        let empty = try store.replaceAccountFeeds(account: "home", [])
        XCTAssertEqual(empty.removal, AccountFeedRemoval())
        XCTAssertEqual(try store.accountFeedIDsBySubscription(account: "home").count, 1)
        let other = AccountFeedEntry(subscriptionID: "feed/other", url: "https://example.org/other", title: "Other",
                                     siteURL: nil, labels: ["Press"])
        let replaced = try store.replaceAccountFeeds(account: "home", [other])
        XCTAssertEqual(replaced.removal.deletedFeeds, 1)
        XCTAssertNil(try store.feed(id: homeFeed))
        XCTAssertEqual(try store.feed(id: workFeed)?.account, "work", "another account's feeds stay")
    }

    func testRemovingAnAccountKeepsOrDeletesItsStars() throws {
        try store.applySyncedMarks(account: "home", unread: [], starred: [103], state: "{}")
        let kept = try store.removeAccount("home", keepingStars: true)
        XCTAssertEqual(kept.keptStarred, 1)
        XCTAssertEqual(try store.storedAccounts().map(\.name), ["work"])
        XCTAssertEqual(try store.articleSummaries(.feed(homeFeed), offset: 0, limit: 10).map(\.title), ["Item 103"])
        let deleted = try store.removeAccount("home", keepingStars: false)
        XCTAssertEqual(deleted.deletedArticles, 1)
        XCTAssertNil(try store.feed(id: homeFeed))
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }

    private func entry(_ account: String) -> AccountFeedEntry {
        AccountFeedEntry(
            subscriptionID: "feed/\(account)", url: "https://example.org/\(account)", title: account, siteURL: nil,
            labels: [])
    }

    /// A feed of `account` with the items `numbers` (links https://example.org/N), item ids from `firstID`.
    private func accountFeed(_ account: String, items numbers: ClosedRange<Int>, firstID: Int64? = nil) throws -> Int64 {
        let feedID = try XCTUnwrap(try store.syncAccountFeeds(account: account, [entry(account)])["feed/\(account)"])
        let items = numbers.map { n in
            Article(id: "\(account)-\(n)", url: "https://example.org/\(n)", title: "Item \(n)")
        }
        let prepared = try store.prepare(feedID: feedID, feed: document(items), fetchedAt: fetchTime)
        let guids = Dictionary(uniqueKeysWithValues: numbers.enumerated().map { index, n in
            ("\(account)-\(n)", (firstID ?? Int64(numbers.lowerBound)) + Int64(index))
        })
        XCTAssertEqual(try store.applySynced(prepared, fetch: fetch(), itemIDs: guids).new, items.count)
        return feedID
    }

    private func read(_ feed: Int64, url: String) throws -> Bool? {
        try store.articleSummaries(.feed(feed), offset: 0, limit: 10).first { $0.url == url }?.read
    }
}
