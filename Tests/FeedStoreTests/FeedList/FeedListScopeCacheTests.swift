import FeedModel
import Foundation
import GRDB
import XCTest

@testable import FeedStore

/// The scope cache on a real database: a sync remembers the scope of exactly the list version it read,
/// any change to the feeds forgets it, and a sync skipped for an unchanged list still records when
/// the list named its feeds, as a full sync does.
final class FeedListScopeCacheTests: XCTestCase {
    private let entries = [
        FeedListEntry(url: "https://a.example/feed", title: "Alpha", tags: ["news"]),
        FeedListEntry(url: "https://b.example/feed"),
        FeedListEntry(url: "https://c.example/feed", tags: ["Ünïcode/ folder"]),
    ]

    private func stamp(hash: Int64 = 42, changed: Int64 = 2_000, path: String = "/lists/feeds.opml") -> FeedListStamp {
        FeedListStamp(path: path, device: 1, inode: 7, size: 300, modified: 1_000, changed: changed, contentHash: hash)
    }

    func testASyncRemembersTheScopeOfThatVersionOnly() throws {
        let store = try FeedStore(path: try temporaryDatabasePath(self))
        XCTAssertNil(try store.cachedScope(stamp()), "nothing synced yet")
        let synced = try store.syncFeeds(entries, stamp: stamp())
        XCTAssertEqual(try store.cachedScope(stamp()), synced.scope)
        XCTAssertEqual(try store.cachedScope(stamp()), try store.scope(listing: entries.map(\.url)))
        XCTAssertEqual(
            try store.cachedPlaces(stamp()),
            [.init(url: "https://a.example/feed", folder: "news"), .init(url: "https://b.example/feed", folder: nil),
             .init(url: "https://c.example/feed", folder: "Ünïcode/ folder")])
        // Same size and times, other bytes: the content hash tells them apart.
        XCTAssertNil(try store.cachedScope(stamp(hash: 43)))
        XCTAssertNil(try store.cachedPlaces(stamp(hash: 43)))
        // Rewritten in place within the same clock tick: the status-change time differs.
        XCTAssertNil(try store.cachedScope(stamp(changed: 2_001)))
        // Another list file (relative URLs resolve against its folder).
        XCTAssertNil(try store.cachedScope(stamp(path: "/other/feeds.opml")))
        // A sync without a stamp (a list changed in memory) records nothing, and keeps the old row.
        try store.syncFeeds(entries)
        XCTAssertEqual(try store.cachedScope(stamp()), synced.scope)
        // A feed in nested folders: the whole path, outermost first (not its categories after it).
        let nested = [FeedListEntry(url: "https://d.example/feed", tags: ["news", "deep", "a category"], folders: ["news", "deep"])]
        try store.syncFeeds(nested, stamp: stamp(hash: 44))
        XCTAssertEqual(try store.cachedPlaces(stamp(hash: 44)), [.init(url: "https://d.example/feed", folders: ["news", "deep"])])
    }

    func testAnyChangeToTheFeedsOfAListForgetsEveryScope() throws {
        let path = try temporaryDatabasePath(self)
        let store = try FeedStore(path: path)
        let ids = try store.syncFeeds(entries, stamp: stamp()).listed
        let changes: [(String, () throws -> Void)] = [
            ("a feed added", { _ = try store.addFeed(url: "https://d.example/feed") }),
            ("a title changed", { try store.setTitle("Renamed", feedID: ids[1]) }),
            ("tags changed", { try store.setTags(["other"], feedID: ids[0]) }),
            ("a refresh interval changed", { try store.setRefreshInterval(600, feedID: ids[2]) }),
            ("a feed moved", { _ = try store.recordPermanentRedirect(feedID: ids[2], to: "https://c2.example/feed") }),
            ("a feed removed", { _ = try store.removeFeed(id: ids[1]) }),
        ]
        for (what, change) in changes {
            try store.syncFeeds(entries, stamp: stamp())
            try store.syncFeeds(entries, stamp: stamp(path: "/other/feeds.opml"))
            XCTAssertNotNil(try store.cachedScope(stamp()), what)
            try change()
            XCTAssertNil(try store.cachedScope(stamp()), what)
            XCTAssertNil(try store.cachedScope(stamp(path: "/other/feeds.opml")), what)
        }
        // Storing articles and marking them changes no scope.
        let synced = try store.syncFeeds(entries, stamp: stamp())
        try store.apply(feedID: synced.listed[0], feed: document([item(1)]), fetch: fetch())
        let article = try XCTUnwrap(try store.articleSummaries(.all, offset: 0, limit: 1).first)
        try store.setRead(true, articleIDs: [article.id])
        XCTAssertEqual(try store.cachedScope(stamp()), synced.scope)
    }

    func testConfirmingAnUnchangedListRecordsItsListingAsASyncWould() throws {
        let path = try temporaryDatabasePath(self)
        let store = try FeedStore(path: path)
        let synced = try store.syncFeeds(entries, stamp: stamp())
        let listedAt = try sqlite3(path, "SELECT min(last_listed_at) FROM feeds;")
        let now = Date()

        // Within the hour nothing is written: a full sync would not write either.
        XCTAssertEqual(try store.confirmListed(stamp(), now: now.addingTimeInterval(1_800)), synced.scope)
        XCTAssertEqual(try sqlite3(path, "SELECT min(last_listed_at) FROM feeds;"), listedAt)

        // Later, every listed feed is recorded as listed then.
        let later = now.addingTimeInterval(7_200)
        XCTAssertEqual(try store.confirmListed(stamp(), now: later), synced.scope)
        XCTAssertEqual(
            try sqlite3(path, "SELECT count(*) FROM feeds WHERE last_listed_at = \(later.timeIntervalSince1970);"), "3")

        // A list version the store does not know, or a row that no longer holds: sync in full.
        XCTAssertNil(try store.confirmListed(stamp(hash: 1)))
        _ = try store.addFeed(url: "https://d.example/feed")
        XCTAssertNil(try store.confirmListed(stamp()))
    }

    func testAListNamingEveryFeedCountsAsEveryFeed() throws {
        let store = try FeedStore(path: try temporaryDatabasePath(self))
        let many = (0..<12).map { FeedListEntry(url: "https://\($0).example/feed") }
        let scope = try store.syncFeeds(many, stamp: stamp()).scope
        for (index, id) in try XCTUnwrap(scope.feedIDs).enumerated() {
            try store.apply(feedID: id, feed: document([item(index)]), fetch: fetch())
        }
        XCTAssertEqual(try store.counts(in: scope), try store.counts(in: .every))
        XCTAssertEqual(try store.countArticles(ArticleQuery(feedIDs: scope.feedIDs)), 12)
        // One feed fewer than the database holds is not every feed.
        let fewer = FeedScope.listed(Array(try XCTUnwrap(scope.feedIDs).dropFirst()))
        XCTAssertEqual(try store.counts(in: fewer).articles, 11)
        XCTAssertEqual(try store.countArticles(ArticleQuery(feedIDs: fewer.feedIDs)), 11)
        // The same number of ids, one of them twice: still not every feed.
        let twice = FeedScope.listed(Array(try XCTUnwrap(scope.feedIDs).dropFirst()) + [try XCTUnwrap(fewer.feedIDs?.first)])
        XCTAssertEqual(try store.counts(in: twice).articles, 11)
    }

    func testPlacesRoundTripThroughTheirBytes() {
        let places = [
            FeedListPlace(url: "https://a.example/feed?x=1&y=2", folder: nil),
            FeedListPlace(url: "", folder: ""),
            FeedListPlace(url: "file:///tmp/日本語.xml", folder: "📰 News"),
            FeedListPlace(url: "https://nested.example/feed", folders: ["news", "deep", ""]),
        ]
        XCTAssertEqual(FeedListPlace.decode(FeedListPlace.encode(places)), places)
        XCTAssertEqual(FeedListPlace.decode(FeedListPlace.encode([])), [])
        XCTAssertNil(FeedListPlace.decode(Data([9, 0, 0, 0, 65])), "a length past the end")
        XCTAssertEqual(FeedListScopeCache.decode(FeedListScopeCache.encode([1, -5, Int64.max])), [1, -5, Int64.max])
        XCTAssertNil(FeedListScopeCache.decode(Data([1, 2, 3])))
    }
}
