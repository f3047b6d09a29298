import FeedModel
import FeedStore
import Foundation
import XCTest

final class ApplyTests: XCTestCase {
    private var store: FeedStore!
    private var feedID: Int64 = 0

    override func setUpWithError() throws {
        store = try makeStore(self)
        feedID = try store.addFeed(url: "https://example.org/feed").id
    }

    @discardableResult
    private func apply(_ items: [Article], at date: Date = fetchTime) throws -> ApplyResult {
        try store.apply(feedID: feedID, feed: document(items), fetch: fetch(date))
    }

    func testCountsNewUpdatedAndUnchanged() throws {
        let first = try apply([item(1), item(2), item(3)])
        XCTAssertEqual([first.new, first.updated, first.unchanged], [3, 0, 0])
        XCTAssertEqual(first.newArticleIDs.count, 3)

        let second = try apply([item(1), item(2, title: "Post two, corrected"), item(3), item(4)])
        XCTAssertEqual([second.new, second.updated, second.unchanged], [1, 1, 2])
        XCTAssertEqual(try store.countArticles(.all), 4)
    }

    func testUpdateInPlaceKeepsMarksAndFirstSeen() throws {
        let id = try XCTUnwrap(try apply([item(1)]).newArticleIDs.first)
        try store.setRead(true, articleIDs: [id])
        try store.setStarred(true, articleIDs: [id])
        let before = try XCTUnwrap(try store.article(id: id))

        let changed = item(1, title: "New title", day: 40, content: "<p>Rewritten body</p>")
        let result = try apply([changed], at: fetchTime.addingTimeInterval(3600))
        XCTAssertEqual(result.updated, 1)
        let after = try XCTUnwrap(try store.article(id: id))
        XCTAssertEqual(after.title, "New title")
        XCTAssertEqual(after.content, "<p>Rewritten body</p>")
        XCTAssertEqual(after.published, changed.published)
        XCTAssertTrue(after.read)
        XCTAssertTrue(after.starred)
        XCTAssertEqual(after.readAt, before.readAt)
        XCTAssertEqual(after.firstSeenAt, before.firstSeenAt)
        XCTAssertEqual(try store.countArticles(.all), 1)
    }

    func testGuidMovingFromHTTPToHTTPSIsTheSameArticle() throws {
        let id = try XCTUnwrap(try apply([item(1, guid: "http://Example.org/p?id=1")]).newArticleIDs.first)
        try store.setRead(true, articleIDs: [id])
        let result = try apply([item(1, guid: "https://example.org/p?id=1")])
        XCTAssertEqual(result.new, 0)
        XCTAssertEqual(try store.countArticles(.all), 1)
        XCTAssertEqual(try store.article(id: id)?.guid, "https://example.org/p?id=1")
        XCTAssertEqual(try store.article(id: id)?.read, true)
    }

    func testChangedGuidWithSameLinkIsNotDoubled() throws {
        let ids = try apply([item(1, guid: "tag:old,1"), item(2, guid: "tag:old,2")]).newArticleIDs
        try store.setRead(true, articleIDs: ids)
        let result = try apply([item(1, guid: "tag:new,1"), item(2, guid: "tag:new,2")])
        XCTAssertEqual([result.new, result.updated], [0, 2])
        XCTAssertEqual(try store.countArticles(.all), 2)
        XCTAssertEqual(try store.countArticles(.allUnread), 0)
        // The new guids are now the identities: a third fetch finds them directly.
        XCTAssertEqual(try apply([item(1, guid: "tag:new,1"), item(2, guid: "tag:new,2")]).unchanged, 2)
    }

    func testEntriesSharingALinkAreKeptApart() throws {
        let shared = "https://example.org/"
        let result = try apply([item(1, url: shared), item(2, url: shared), item(3, url: shared)])
        XCTAssertEqual(result.new, 3)
        // A later entry with the same shared link and a new guid is a new article, not an update.
        let later = try apply([item(4, url: shared), item(3, url: shared)])
        XCTAssertEqual([later.new, later.updated, later.unchanged], [1, 0, 1])
        XCTAssertEqual(try store.countArticles(.all), 4)
    }

    func testWithoutGuidTheLinkIsTheIdentity() throws {
        var first = item(1)
        first.id = nil
        XCTAssertEqual(try apply([first]).new, 1)
        first.title = "Edited"
        let again = try apply([first])
        XCTAssertEqual([again.new, again.updated], [0, 1])
        XCTAssertEqual(try store.titles(.all), ["Edited"])
    }

    func testWithoutGuidOrLinkTitleAndDateAreTheIdentity() throws {
        let bare = Article(title: "Bare", contentText: "text", published: Date(timeIntervalSince1970: 1_700_000_000))
        let other = Article(title: "Bare", published: Date(timeIntervalSince1970: 1_700_086_400))
        XCTAssertEqual(try apply([bare, other]).new, 2)
        var edited = bare
        edited.contentText = "text, edited"
        let result = try apply([edited, other])
        XCTAssertEqual([result.new, result.updated, result.unchanged], [0, 1, 1])
        let empty = Article(contentText: "only a body")
        XCTAssertEqual(try apply([empty]).new, 1)
        XCTAssertEqual(try apply([empty]).new, 0)
    }

    func testRepeatedEntriesInOneDocumentAreStoredOnce() throws {
        let result = try apply([item(1), item(1, title: "Repeat"), item(2)])
        XCTAssertEqual(result.new, 2)
        XCTAssertEqual(Set(try store.titles(.all)), ["Post number 1", "Post number 2"])
    }

    func testSameIdentityInTwoFeedsIsTwoArticles() throws {
        let other = try store.addFeed(url: "https://example.org/other").id
        try apply([item(1)])
        try store.apply(feedID: other, feed: document([item(1)]), fetch: fetch())
        XCTAssertEqual(try store.countArticles(.feed(feedID)) + store.countArticles(.feed(other)), 2)
        // One article in the lists that span feeds: the two share their link (`ArticleCopiesTests`).
        XCTAssertEqual(try store.countArticles(.all), 1)
    }

    func testFeedMetadataAndFetchStateAreRecorded() throws {
        let record = FetchRecord(
            fetchedAt: fetchTime, status: 200, etag: "\"v1\"", lastModified: "Tue, 01 Oct 2024 10:00:00 GMT",
            bodyHash: "abc", nextFetchAt: fetchTime.addingTimeInterval(1800))
        try store.recordFailure(feedID: feedID, at: fetchTime, status: 500, error: "boom", nextFetchAt: nil)
        try store.apply(
            feedID: feedID,
            feed: Feed(format: .atom10, title: "Doc title", homePageURL: "https://example.org/home",
                       description: "About", items: [item(1)]),
            fetch: record)
        let feed = try XCTUnwrap(try store.feed(id: feedID))
        XCTAssertEqual(feed.feedTitle, "Doc title")
        XCTAssertEqual(feed.displayTitle, "Doc title")
        XCTAssertEqual(feed.siteURL, "https://example.org/home")
        XCTAssertEqual(feed.feedDescription, "About")
        XCTAssertEqual(feed.fetchState.etag, "\"v1\"")
        XCTAssertEqual(feed.fetchState.lastModified, "Tue, 01 Oct 2024 10:00:00 GMT")
        XCTAssertEqual(feed.fetchState.lastStatus, 200)
        XCTAssertNil(feed.fetchState.lastError)
        XCTAssertEqual(feed.fetchState.consecutiveFailures, 0)
        XCTAssertEqual(feed.fetchState.nextFetchAt, record.nextFetchAt)
        XCTAssertEqual(feed.fetchState.lastSuccessAt, fetchTime)
        XCTAssertTrue(try store.bodyHashMatches(feedID: feedID, hash: "abc"))
        XCTAssertFalse(try store.bodyHashMatches(feedID: feedID, hash: "abd"))

        try store.setTitle("My title", feedID: feedID)
        try store.apply(feedID: feedID, feed: document(title: "Renamed", [item(1)]), fetch: record)
        let renamed = try XCTUnwrap(try store.feed(id: feedID))
        XCTAssertEqual(renamed.displayTitle, "My title")
        XCTAssertEqual(renamed.feedTitle, "Renamed")
    }

    func testArticleFieldsRoundTrip() throws {
        let article = Article(
            id: "g1", url: "https://example.org/a", externalURL: "https://elsewhere.example/x", title: "T",
            contentHTML: "<p>Hi &amp; bye</p>", summary: "<b>Sum</b>", image: "https://example.org/i.png",
            published: Date(timeIntervalSince1970: 1_700_000_000), modified: Date(timeIntervalSince1970: 1_700_000_500),
            authors: [Author(name: "Ann", email: "ann@example.org"), Author()],
            categories: [Category(term: "swift"), Category(term: "linux"), Category(term: "swift")],
            language: "en", attachments: [Enclosure(url: "https://example.org/a.mp3", mimeType: "audio/mpeg",
                                                    sizeInBytes: 1234, durationInSeconds: 61)],
            comments: "https://example.org/a#comments", contentType: .html)
        let id = try XCTUnwrap(try apply([article]).newArticleIDs.first)
        let stored = try XCTUnwrap(try store.article(id: id))
        XCTAssertEqual(stored.guid, "g1")
        XCTAssertEqual(stored.url, "https://example.org/a")
        XCTAssertEqual(stored.externalURL, "https://elsewhere.example/x")
        XCTAssertEqual(stored.content, "<p>Hi &amp; bye</p>")
        XCTAssertEqual(stored.contentType, .html)
        XCTAssertEqual(stored.summary, "<b>Sum</b>")
        XCTAssertEqual(stored.image, "https://example.org/i.png")
        XCTAssertEqual(stored.comments, "https://example.org/a#comments")
        XCTAssertEqual(stored.language, "en")
        XCTAssertEqual(stored.published, article.published)
        XCTAssertEqual(stored.updated, article.modified)
        XCTAssertEqual(stored.date, article.published)
        XCTAssertEqual(stored.authors, [Author(name: "Ann", email: "ann@example.org")])
        XCTAssertEqual(stored.tags, ["swift", "linux"])
        XCTAssertEqual(stored.enclosures, article.attachments)
        XCTAssertEqual(stored.feedURL, "https://example.org/feed")
        XCTAssertEqual(stored.feedTitle, "Example")
        XCTAssertFalse(stored.read)
        XCTAssertFalse(stored.starred)
    }

    func testFutureDatesAreCappedAtFetchTimeAndUndatedUseFirstSeen() throws {
        let future = item(1, day: 100_000)
        var undated = item(2)
        undated.published = nil
        let ids = try apply([future, undated]).newArticleIDs
        XCTAssertEqual(try store.article(id: ids[0])?.date, fetchTime)
        XCTAssertEqual(try store.article(id: ids[0])?.published, future.published)
        XCTAssertEqual(try store.article(id: ids[1])?.date, fetchTime)
        // An undated article that changes later keeps its place in the list.
        undated.title = "Changed"
        try apply([future, undated], at: fetchTime.addingTimeInterval(86_400))
        XCTAssertEqual(try store.article(id: ids[1])?.date, fetchTime)
    }

    func testApplyToAMissingFeedFails() {
        XCTAssertThrowsError(try store.apply(feedID: 999, feed: document([item(1)]), fetch: fetch())) {
            XCTAssertEqual($0 as? FeedStoreError, .feedNotFound(999))
        }
    }

    /// A guid its identity key repeats is kept once (in the key); every guid reads back as it came.
    func testEveryGuidReadsBackAsItCame() throws {
        let guids: [String?] = ["a", "tag:example.org,2024:post-1", "https://Example.org/x", " spaced ", "g:x", nil]
        try store.apply(feedID: feedID, feed: document(guids.enumerated().map { index, guid in
            Article(id: guid, url: "https://example.org/\(index)", title: "Post \(index)", contentHTML: "<p>\(index)</p>")
        }), fetch: fetch())
        let path = store.path
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM articles WHERE guid IS NULL;"), "4",
                       "a, the tag URI and g:x are in their keys; the entry without a guid has none")
        for (index, guid) in guids.enumerated() {
            let summary = try XCTUnwrap(try store.articleSummaries(.all, offset: 0, limit: 10).first { $0.title == "Post \(index)" })
            XCTAssertEqual(try store.article(id: summary.id)?.guid, guid, "guid \(guid ?? "none")")
        }
        var exported: [String?] = []
        try store.forEachArticle(matching: ArticleQuery(sort: .oldestFirst), withContent: false) { exported.append($0.guid) }
        XCTAssertEqual(Set(exported.map { $0 ?? "none" }), Set(guids.map { $0 ?? "none" }))
    }
}
