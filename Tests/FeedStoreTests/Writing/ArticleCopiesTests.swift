import FeedModel
@testable import FeedStore
import Foundation
import TestSupport
import XCTest

/// Two feeds carrying the same article (`ArticleCopies`): once in the lists that span feeds, every
/// copy in each feed's own list, read together; `collapsesCopies` off shows both.
final class ArticleCopiesTests: XCTestCase {
    private var store: FeedStore!
    private var blog: Int64 = 0
    private var planet: Int64 = 0

    override func setUpWithError() throws {
        store = try makeStore(self)
        blog = try store.addFeed(url: "https://blog.example/feed", title: "Blog").id
        planet = try store.addFeed(url: "https://planet.example/feed", title: "Planet").id
        try store.apply(feedID: blog, feed: document([
            item(1, url: "https://blog.example/posts/1", title: "Shared post"),
            item(2, url: "https://blog.example/posts/2", title: "Blog only"),
        ]), fetch: fetch())
        try store.apply(feedID: planet, feed: document([
            item(1, guid: "planet-1", url: "HTTPS://Blog.Example/posts/1?utm_source=planet&utm_medium=rss#more",
                 title: "Shared post"),
            item(3, guid: "planet-3", url: "https://other.example/3", title: "Planet only"),
        ]), fetch: fetch())
    }

    func testTheCopyShowsOnceInListsThatSpanFeeds() throws {
        XCTAssertEqual(try store.titles(.allUnread).sorted(), ["Blog only", "Planet only", "Shared post"])
        XCTAssertEqual(try store.titles(.all).count, 3)
        XCTAssertEqual(try store.countArticles(.allUnread), 3)
        XCTAssertEqual(try store.countArticles(.all), 3)
        let query = try ArticleQuery.matching(QueryExpression(parsing: #"title =~ "post""#))
        XCTAssertEqual(try store.titles(query), ["Shared post"])
        XCTAssertEqual(try store.countArticles(query), 1)
        var exported: [String] = []
        try store.forEachArticle(matching: .allUnread) { exported.append($0.url ?? "") }
        XCTAssertEqual(exported.filter { $0.contains("posts/1") }, ["https://blog.example/posts/1"])
    }

    /// A bulk load leaves the link index out with the list indexes: its copies are flagged when the
    /// indexes are built again, and lists show each article once from then on.
    func testCopiesStoredWhileTheIndexesWereOutAreFlaggedWhenTheyAreBuilt() throws {
        let bulk = try makeStore(self)
        XCTAssertTrue(try bulk.deferListIndexes(newFeeds: ListIndexes.minimumNewFeeds))
        let first = try bulk.addFeed(url: "https://blog.example/feed", title: "Blog").id
        let second = try bulk.addFeed(url: "https://planet.example/feed", title: "Planet").id
        try bulk.apply(feedID: first, feed: document([
            item(1, url: "https://blog.example/posts/1", title: "Shared post"),
        ]), fetch: fetch())
        try bulk.apply(feedID: second, feed: document([
            item(1, guid: "planet-1", url: "https://blog.example/posts/1?utm_source=planet", title: "Shared post"),
            item(3, guid: "planet-3", url: "https://other.example/3", title: "Planet only"),
        ]), fetch: fetch())
        XCTAssertEqual(try bulk.restoreListIndexes(), ListIndexes.definitions.count)
        XCTAssertEqual(try bulk.titles(.allUnread).sorted(), ["Planet only", "Shared post"])
        XCTAssertEqual(try bulk.titles(.feed(second)).sorted(), ["Planet only", "Shared post"])
        XCTAssertEqual(try bulk.integrityCheck(), ["ok"])
    }

    /// Two articles of one feed sharing a link are distinct: reading one leaves the other as it was,
    /// while the copy in the other feed is read with it.
    func testReadingAnArticleLeavesAnotherOfTheSameFeedWithItsLinkUnread() throws {
        try store.apply(feedID: blog, feed: document([
            item(1, url: "https://blog.example/posts/1", title: "Shared post"),
            item(2, url: "https://blog.example/posts/2", title: "Blog only"),
            item(4, guid: "blog-4", url: "https://blog.example/posts/1#update", title: "Shared post, updated"),
        ]), fetch: fetch())
        let copies = try copiesOfSharedPost()
        var update: Int64?
        try store.forEachArticle(matching: .feed(blog)) { if $0.title == "Shared post, updated" { update = $0.id } }
        let sibling = try XCTUnwrap(update)
        try store.setRead(true, articleIDs: [copies.blog])
        XCTAssertEqual(try store.article(id: copies.planet)?.read, true, "the copy in the other feed")
        XCTAssertEqual(try store.article(id: sibling)?.read, false, "the other article of the same feed")
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }

    func testEachFeedKeepsItsCopy() throws {
        XCTAssertEqual(try store.titles(.feed(blog)).sorted(), ["Blog only", "Shared post"])
        XCTAssertEqual(try store.titles(.feed(planet)).sorted(), ["Planet only", "Shared post"])
        XCTAssertEqual(try store.counts().articles, 3, "the feed list's totals count the article once")
        XCTAssertEqual(try store.counts().unread, 3)
    }

    func testReadingOneCopyReadsEveryCopy() throws {
        let copies = try copiesOfSharedPost()
        XCTAssertEqual(try store.setRead(true, articleIDs: [copies.planet]), 1)
        XCTAssertEqual(try store.article(id: copies.blog)?.read, true)
        XCTAssertEqual(try store.article(id: copies.planet)?.read, true)
        XCTAssertEqual(try store.countArticles(.allUnread), 2)
        XCTAssertEqual(try store.countArticles(.feed(blog, sort: .newestFirst).unread), 1)
        try store.setRead(false, articleIDs: [copies.blog])
        XCTAssertEqual(try store.article(id: copies.planet)?.read, false)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }

    func testMarkingAListReadReadsTheCopiesOutsideIt() throws {
        let copies = try copiesOfSharedPost()
        try store.markAllRead(.feed(planet))
        XCTAssertEqual(try store.article(id: copies.blog)?.read, true)
        XCTAssertEqual(try store.titles(.allUnread), ["Blog only"])
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }

    func testExportMarkReadReadsEveryCopy() throws {
        let copies = try copiesOfSharedPost()
        try store.advanceExportState(name: "cron", through: [copies.blog], markRead: true)
        XCTAssertEqual(try store.article(id: copies.planet)?.read, true)
    }

    func testStarsStayPerCopy() throws {
        let copies = try copiesOfSharedPost()
        try store.setStarred(true, articleIDs: [copies.planet])
        XCTAssertEqual(try store.article(id: copies.blog)?.starred, false)
    }

    func testTheArticleNamesTheOtherFeeds() throws {
        let copies = try copiesOfSharedPost()
        XCTAssertEqual(try store.article(id: copies.blog)?.otherFeeds, ["Planet"])
        XCTAssertEqual(try store.article(id: copies.planet)?.otherFeeds, ["Blog"])
        let only = try XCTUnwrap(try store.articleSummaries(.feed(blog), offset: 0, limit: 10)
            .first { $0.title == "Blog only" })
        XCTAssertEqual(try store.article(id: only.id)?.otherFeeds, [])
    }

    func testDeletingTheRepresentativeShowsTheNextCopy() throws {
        try store.removeFeed(id: blog)
        XCTAssertEqual(try store.titles(.allUnread).sorted(), ["Planet only", "Shared post"])
        XCTAssertEqual(try store.countArticles(.allUnread), 2)
    }

    func testTurnedOffBothCopiesShowAndMarkAlone() throws {
        store.collapsesCopies = false
        XCTAssertEqual(try store.titles(.allUnread).filter { $0 == "Shared post" }.count, 2)
        XCTAssertEqual(try store.countArticles(.allUnread), 4)
        XCTAssertEqual(try store.counts().unread, 4)
        let copies = try copiesOfSharedPost()
        try store.setRead(true, articleIDs: [copies.planet])
        XCTAssertEqual(try store.article(id: copies.blog)?.read, false)
    }

    func testChangedLinkIsNoLongerACopy() throws {
        try store.apply(feedID: planet, feed: document([
            item(1, guid: "planet-1", url: "https://planet.example/own/1", title: "Shared post"),
            item(3, guid: "planet-3", url: "https://other.example/3", title: "Planet only"),
        ]), fetch: fetch(fetchTime.addingTimeInterval(60)))
        XCTAssertEqual(try store.titles(.allUnread).filter { $0 == "Shared post" }.count, 2)
    }

    func testTheMigrationFindsTheCopiesOfAStoreMadeBeforeIt() throws {
        let path = store.path
        store = nil
        _ = try sqlite3(path, StoreDowngrades.undoPodcast + StoreDowngrades.undoCanonicalLink)
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM pragma_table_info('articles') WHERE name = 'link_key';"), "0")
        store = try FeedStore(path: path)
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM articles WHERE link_key IS NOT NULL;"), "4")
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM articles WHERE duplicate = 1;"), "1")
        XCTAssertEqual(try store.titles(.allUnread).sorted(), ["Blog only", "Planet only", "Shared post"])
        let copies = try copiesOfSharedPost()
        try store.setRead(true, articleIDs: [copies.blog])
        XCTAssertEqual(try store.article(id: copies.planet)?.read, true)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }

    private func copiesOfSharedPost() throws -> (blog: Int64, planet: Int64) {
        func shared(_ feed: Int64) throws -> Int64 {
            try XCTUnwrap(try store.articleSummaries(.feed(feed), offset: 0, limit: 10).first { $0.title == "Shared post" }?.id)
        }
        return (try shared(blog), try shared(planet))
    }
}

private extension ArticleQuery {
    var unread: ArticleQuery {
        var query = self
        query.unreadOnly = true
        return query
    }
}
