import FeedModel
import FeedStore
import Foundation
import XCTest

/// A cut-off document (`Feed.isComplete` false) only adds its new articles: known ones, the feed's
/// title, validators, body hash and last success stay as they were, the fetch is recorded as failed,
/// and retention still keeps the last whole document's articles.
final class ApplyIncompleteTests: XCTestCase {
    private var store: FeedStore!
    private var feedID: Int64 = 0

    override func setUpWithError() throws {
        store = try makeStore(self)
        feedID = try store.addFeed(url: "https://example.org/feed").id
    }

    private func cutOff(_ items: [Article], title: String? = "Cut title") -> Feed {
        var feed = document(title: title, items)
        feed.isComplete = false
        feed.wellformed = false
        feed.error = "line 9: Premature end of data in tag item line 8"
        return feed
    }

    func testACutOffDocumentAddsNewArticlesAndChangesNothingStored() throws {
        try store.apply(feedID: feedID, feed: document([item(1), item(2)]), fetch: fetch(etag: "\"v1\"", hash: "h1"))
        let before = try XCTUnwrap(try store.feed(id: feedID))
        let stored = try store.articleSummaries(.all, offset: 0, limit: 9)
        let bodies = try stored.map { try store.article(id: $0.id) }

        let cut = cutOff([item(3), item(1, title: "Cut short", content: "<p>Bo")])
        let result = try store.apply(
            feedID: feedID, feed: cut, fetch: fetch(fetchTime.addingTimeInterval(60), etag: "\"v2\"", hash: "h2"))
        XCTAssertEqual([result.new, result.updated, result.unchanged], [1, 0, 1])
        XCTAssertEqual(try stored.map { try store.article(id: $0.id) }, bodies, "known articles byte-identical")
        XCTAssertEqual(Set(try store.titles(.all)), ["Post number 1", "Post number 2", "Post number 3"])

        let after = try XCTUnwrap(try store.feed(id: feedID))
        XCTAssertEqual(after.fetchState.etag, "\"v1\"")
        XCTAssertEqual(after.fetchState.bodyHash, "h1")
        XCTAssertEqual(after.fetchState.lastSuccessAt, before.fetchState.lastSuccessAt)
        XCTAssertEqual(after.fetchState.consecutiveFailures, 1)
        XCTAssertEqual(after.fetchState.lastError, "line 9: Premature end of data in tag item line 8")
        XCTAssertEqual(after.feedTitle, before.feedTitle)
        XCTAssertFalse(try store.bodyHashMatches(feedID: feedID, hash: "h2"))
    }

    func testRetentionStillKeepsTheLastWholeDocument() throws {
        let whole = [item(1), item(2), item(3)]
        try store.apply(feedID: feedID, feed: document(whole), fetch: fetch())
        let ids = try store.articleSummaries(.all, offset: 0, limit: 9).map(\.id)
        try store.setRead(true, articleIDs: ids)
        // Three newer items from a cut-off document would push the whole document's three past a limit
        // of three, were they no longer its latest document.
        let reason = "incomplete response: the document ends before its root element closes"
        let prepared = try store.prepare(
            feedID: feedID, feed: cutOff([item(4, day: 900), item(5, day: 901), item(6, day: 902)]),
            fetchedAt: fetchTime.addingTimeInterval(60))
        let result = try store.applyIncomplete(prepared, fetch: fetch(fetchTime.addingTimeInterval(60)), reason: reason)
        XCTAssertEqual(result.new, 3)
        XCTAssertEqual(try store.feed(id: feedID)?.fetchState.lastError, reason)
        let deleted = try store.applyRetention(
            RetentionPolicy(maxArticlesPerFeed: 3, keepUnreadFor: 0), now: fetchTime.addingTimeInterval(120))
        XCTAssertEqual(deleted, 0)
        XCTAssertEqual(try store.countArticles(.all), 6)
    }

    func testAWholeDocumentAfterACutOneIsStoredAsUsual() throws {
        try store.apply(feedID: feedID, feed: document([item(1)]), fetch: fetch(etag: "\"v1\"", hash: "h1"))
        try store.apply(feedID: feedID, feed: cutOff([item(1, title: "Cut")]), fetch: fetch(etag: "\"v2\"", hash: "h2"))
        let result = try store.apply(
            feedID: feedID, feed: document([item(1, title: "Revised")]), fetch: fetch(etag: "\"v3\"", hash: "h3"))
        XCTAssertEqual(result.updated, 1)
        XCTAssertEqual(try store.titles(.all), ["Revised"])
        let state = try XCTUnwrap(try store.feed(id: feedID)?.fetchState)
        XCTAssertEqual(state.etag, "\"v3\"")
        XCTAssertEqual(state.consecutiveFailures, 0)
        XCTAssertNil(state.lastError)
    }
}
