import FeedModel
import FeedStore
import Foundation
import XCTest

final class FeedManagementTests: XCTestCase {
    func testAddRefusesDuplicatesAndBlankURLs() throws {
        let store = try makeStore(self)
        let feed = try store.addFeed(url: "  https://example.org/feed ", title: "Ex", tags: ["a", " b ", "a", ""])
        XCTAssertEqual(feed.url, "https://example.org/feed")
        XCTAssertEqual(feed.tags, ["a", "b"])
        XCTAssertThrowsError(try store.addFeed(url: "https://example.org/feed")) {
            XCTAssertEqual($0 as? FeedStoreError, .duplicateFeed(url: "https://example.org/feed", existingID: feed.id))
        }
        XCTAssertThrowsError(try store.addFeed(url: "  ")) {
            XCTAssertEqual($0 as? FeedStoreError, .invalidURL("  "))
        }
        XCTAssertEqual(try store.feeds().count, 1)
    }

    func testRemoveByIDOrURLDeletesArticlesAndSearchRows() throws {
        let store = try makeStore(self)
        let a = try store.addFeed(url: "https://a.example/feed")
        let b = try store.addFeed(url: "https://b.example/feed")
        try store.apply(feedID: a.id, feed: document([item(1, content: "<p>zebra</p>")]), fetch: fetch())
        try store.apply(feedID: b.id, feed: document([item(2, content: "<p>zebra</p>")]), fetch: fetch())
        XCTAssertEqual(try store.countArticles(.search("zebra")), 2)
        XCTAssertTrue(try store.removeFeed(url: "https://a.example/feed"))
        XCTAssertFalse(try store.removeFeed(url: "https://a.example/feed"))
        XCTAssertEqual(try store.countArticles(.search("zebra")), 1)
        XCTAssertTrue(try store.removeFeed(id: b.id))
        XCTAssertFalse(try store.removeFeed(id: b.id))
        XCTAssertEqual(try store.countArticles(.all), 0)
        XCTAssertEqual(try store.countArticles(.search("zebra")), 0)
    }

    func testFeedListHasCountsTagsAndStatusInTitleOrder() throws {
        let store = try makeStore(self)
        let b = try store.addFeed(url: "https://b.example/feed", title: "beta", tags: ["tech"])
        let a = try store.addFeed(url: "https://a.example/feed", title: "Alpha", tags: ["news", "tech"])
        let c = try store.addFeed(url: "https://c.example/feed")
        let ids = try store.apply(feedID: a.id, feed: document([item(1), item(2), item(3)]), fetch: fetch()).newArticleIDs
        try store.apply(feedID: b.id, feed: document([item(4)]), fetch: fetch())
        try store.setRead(true, articleIDs: [ids[0]])
        try store.recordFailure(feedID: c.id, at: fetchTime, status: 404, error: "Not Found", nextFetchAt: nil)

        let feeds = try store.feeds()
        XCTAssertEqual(feeds.map(\.displayTitle), ["Alpha", "beta", "https://c.example/feed"])
        XCTAssertEqual(feeds.map(\.unreadCount), [2, 1, 0])
        XCTAssertEqual(feeds.map(\.totalCount), [3, 1, 0])
        XCTAssertEqual(feeds[0].tags, ["news", "tech"])
        XCTAssertEqual(feeds[2].fetchState.lastError, "Not Found")
        XCTAssertEqual(feeds[2].fetchState.lastStatus, 404)

        let tags = try store.tags()
        XCTAssertEqual(tags.map(\.tag), ["news", "tech"])
        XCTAssertEqual(tags.map(\.feedCount), [1, 2])
        XCTAssertEqual(tags.map(\.unreadCount), [2, 3])
        XCTAssertEqual(tags.map(\.totalCount), [3, 4])

        let counts = try store.counts()
        XCTAssertEqual([counts.feeds, counts.articles, counts.unread, counts.starred, counts.feedsWithUnread],
                       [3, 4, 3, 0, 2])
    }

    func testSyncFeedsFollowsTheList() throws {
        let store = try makeStore(self)
        let kept = try store.addFeed(url: "https://kept.example/feed", title: "Old title", tags: ["x"])
        let dropped = try store.addFeed(url: "https://dropped.example/feed")
        try store.apply(feedID: kept.id, feed: document([item(1)]), fetch: fetch())
        try store.setRead(true, articleIDs: try store.articleSummaries(.all, offset: 0, limit: 1).map(\.id))

        let list = [
            FeedListEntry(url: "https://kept.example/feed", title: "New title", tags: ["y", "x"], refreshInterval: 3600),
            FeedListEntry(url: "https://new.example/feed", text: "https://new.example/feed", tags: ["y"]),
            FeedListEntry(url: "https://text.example/feed", text: "Outline text"),
            FeedListEntry(url: "https://new.example/feed"),
            FeedListEntry(url: ""),
        ]
        let kept1 = try store.syncFeeds(list)
        XCTAssertEqual(kept1.added.count, 2)
        XCTAssertEqual(try store.feed(url: "https://text.example/feed")?.title, "Outline text")
        XCTAssertNil(try store.feed(url: "https://new.example/feed")?.title, "a text that is the URL is no title")
        XCTAssertEqual(kept1.updated, [kept.id])
        XCTAssertNotNil(try store.feed(id: dropped.id))

        let result = try store.syncFeeds(list)
        XCTAssertEqual(result.added, [])
        XCTAssertEqual(result.updated, [])
        XCTAssertEqual(result.listed, [kept.id] + kept1.added.prefix(1) + kept1.added.suffix(1))
        XCTAssertNotNil(try store.feed(id: dropped.id), "a feed the list does not name is kept")
        XCTAssertEqual(try store.feeds(in: result.scope).map(\.id).sorted(), result.listed.sorted())
        let feed = try XCTUnwrap(try store.feed(id: kept.id))
        XCTAssertEqual(feed.title, "New title")
        XCTAssertEqual(feed.tags, ["y", "x"])
        XCTAssertEqual(feed.refreshInterval, 3600)
        XCTAssertEqual(feed.unreadCount, 0, "marks survive a sync")
        XCTAssertEqual(try store.feeds().map(\.url).sorted(), [
            "https://dropped.example/feed", "https://kept.example/feed", "https://new.example/feed",
            "https://text.example/feed",
        ])
    }

    func testFetchStateRecording() throws {
        let store = try makeStore(self)
        let feed = try store.addFeed(url: "https://example.org/feed")
        try store.apply(
            feedID: feed.id, feed: document([item(1)]),
            fetch: FetchRecord(fetchedAt: fetchTime, etag: "e1", lastModified: "lm1", bodyHash: "h1"))
        XCTAssertEqual(try store.recordFailure(feedID: feed.id, at: fetchTime, status: nil, error: "timeout",
                                               nextFetchAt: fetchTime.addingTimeInterval(60)), 1)
        XCTAssertEqual(try store.recordFailure(feedID: feed.id, at: fetchTime, status: 503, error: "busy",
                                               nextFetchAt: fetchTime.addingTimeInterval(120)), 2)
        var state = try XCTUnwrap(try store.feed(id: feed.id)).fetchState
        XCTAssertEqual(state.consecutiveFailures, 2)
        XCTAssertEqual(state.lastError, "busy")
        XCTAssertEqual(state.etag, "e1", "a failure keeps the validators")
        XCTAssertEqual(try store.countArticles(.all), 1, "a failure keeps the articles")

        let later = fetchTime.addingTimeInterval(600)
        try store.recordUnchanged(feedID: feed.id, fetch: FetchRecord(fetchedAt: later, status: 304, etag: "e2"))
        state = try XCTUnwrap(try store.feed(id: feed.id)).fetchState
        XCTAssertEqual(state.consecutiveFailures, 0)
        XCTAssertNil(state.lastError)
        XCTAssertEqual(state.lastStatus, 304)
        XCTAssertEqual(state.etag, "e2")
        XCTAssertEqual(state.lastModified, "lm1")
        XCTAssertEqual(state.bodyHash, "h1")
        XCTAssertEqual(state.lastFetchAt, later)

        try store.scheduleNextFetch(feedID: feed.id, at: later.addingTimeInterval(3600))
        XCTAssertEqual(try store.feedsDue(at: later).count, 0)
        XCTAssertEqual(try store.feedsDue(at: later.addingTimeInterval(3600)).map(\.id), [feed.id])

        try store.recordGone(feedID: feed.id, at: later, reason: "410 Gone")
        state = try XCTUnwrap(try store.feed(id: feed.id)).fetchState
        XCTAssertTrue(state.disabled)
        XCTAssertEqual(state.disabledReason, "410 Gone")
        XCTAssertEqual(state.lastStatus, 410)
        XCTAssertEqual(try store.feedsDue(at: .distantFuture).count, 0)
        try store.setDisabled(false, feedID: feed.id)
        XCTAssertEqual(try store.feedsDue(at: .distantFuture).count, 1)

        XCTAssertThrowsError(try store.scheduleNextFetch(feedID: 999, at: nil)) {
            XCTAssertEqual($0 as? FeedStoreError, .feedNotFound(999))
        }
    }

    func testPermanentRedirectMovesTheFeedAndTheOldURLStillFindsIt() throws {
        let store = try makeStore(self)
        let feed = try store.addFeed(url: "http://old.example/feed")
        try store.apply(feedID: feed.id, feed: document([item(1)]), fetch: fetch())
        XCTAssertEqual(try store.recordPermanentRedirect(feedID: feed.id, to: "https://new.example/feed"), feed.id)
        let moved = try XCTUnwrap(try store.feed(id: feed.id))
        XCTAssertEqual(moved.url, "https://new.example/feed")
        XCTAssertEqual(moved.fetchState.permanentRedirectURL, "https://new.example/feed")
        XCTAssertEqual(try store.feed(url: "http://old.example/feed")?.id, feed.id)
        XCTAssertThrowsError(try store.addFeed(url: "http://old.example/feed"))
        // A feed list still naming the old URL neither re-adds it nor removes the moved feed.
        let sync = try store.syncFeeds([FeedListEntry(url: "http://old.example/feed")])
        XCTAssertEqual(sync.added, [])
        XCTAssertEqual(sync.listed, [feed.id])
        XCTAssertEqual(try store.countArticles(.all), 1)
    }

    func testPermanentRedirectOntoAnExistingFeedMergesThem() throws {
        let store = try makeStore(self)
        let old = try store.addFeed(url: "http://example.org/rss", title: "Old", tags: ["a"])
        let target = try store.addFeed(url: "https://example.org/feed", tags: ["b"])
        let oldIDs = try store.apply(feedID: old.id, feed: document([item(1), item(2)]), fetch: fetch()).newArticleIDs
        let targetIDs = try store.apply(feedID: target.id, feed: document([item(2), item(3)]), fetch: fetch())
            .newArticleIDs
        try store.setRead(true, articleIDs: [oldIDs[1]])
        try store.setStarred(true, articleIDs: [oldIDs[0]])

        XCTAssertEqual(try store.recordPermanentRedirect(feedID: old.id, to: "https://example.org/feed"), target.id)
        XCTAssertNil(try store.feed(id: old.id))
        let merged = try XCTUnwrap(try store.feed(id: target.id))
        XCTAssertEqual(merged.totalCount, 3)
        XCTAssertEqual(merged.unreadCount, 2)
        XCTAssertEqual(merged.title, "Old")
        XCTAssertEqual(Set(merged.tags), ["a", "b"])
        XCTAssertEqual(try store.article(id: targetIDs[0])?.read, true, "the shared article keeps the read mark")
        XCTAssertEqual(try store.article(id: oldIDs[0])?.starred, true)
        XCTAssertEqual(try store.article(id: oldIDs[0])?.feedID, target.id)
        XCTAssertEqual(try store.feed(url: "http://example.org/rss")?.id, target.id)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }
}

/// Feed lists scope what the store shows and never delete: a feed outside the list in use is kept.
final class FeedScopeTests: XCTestCase {
    func testTwoListsTakenInTurnKeepEveryArticleAndMark() throws {
        let store = try makeStore(self)
        let a = try store.addFeed(url: "https://a.example/feed", tags: ["x"])
        let b = try store.addFeed(url: "https://b.example/feed")
        try store.apply(feedID: a.id, feed: document([item(1), item(2)]), fetch: fetch())
        try store.apply(feedID: b.id, feed: document([item(3)]), fetch: fetch())
        let aArticles = try store.articleSummaries(.feed(a.id), offset: 0, limit: 9).map(\.id)
        try store.setStarred(true, articleIDs: [aArticles[0]])
        try store.setRead(true, articleIDs: [aArticles[1]])

        let other = try store.syncFeeds([FeedListEntry(url: "HTTPS://B.example:443/feed")])
        XCTAssertEqual(other.listed, [b.id], "the same URL spelled otherwise is the same feed")
        let onlyB = other.scope
        XCTAssertEqual(try store.feeds(in: onlyB).map(\.id), [b.id])
        XCTAssertEqual(try store.tags(in: onlyB), [])
        let counts = try store.counts(in: onlyB)
        XCTAssertEqual([counts.feeds, counts.articles, counts.unread, counts.starred], [1, 1, 1, 1],
                       "starred counts every starred article, as the Starred row shows")
        XCTAssertEqual(try store.feedsDue(at: .distantFuture, in: onlyB).map(\.id), [b.id])
        XCTAssertEqual(try store.countArticles(.all), 3, "nothing was deleted")

        let first = try store.syncFeeds([
            FeedListEntry(url: "https://a.example/feed", tags: ["x"]), FeedListEntry(url: "https://b.example/feed"),
        ])
        XCTAssertEqual(first.added, [])
        let a2 = try XCTUnwrap(try store.feeds(in: first.scope).first { $0.id == a.id })
        XCTAssertEqual([a2.totalCount, a2.unreadCount], [2, 1])
        XCTAssertEqual(try store.countArticles(.starred), 1)
        XCTAssertEqual(try store.scope(listing: ["https://a.example/feed#x", "https://nowhere.example/"]),
                       .listed([a.id]), "reading a list's scope adds nothing")
        XCTAssertNil(try store.feed(url: "https://nowhere.example/"))
    }

    func testRetentionLeavesFeedsOutsideTheScopeAlone() throws {
        let store = try makeStore(self)
        let a = try store.addFeed(url: "https://a.example/feed")
        let b = try store.addFeed(url: "https://b.example/feed")
        try store.apply(feedID: a.id, feed: document([item(1), item(2)]), fetch: fetch())
        try store.apply(feedID: b.id, feed: document([item(3), item(4)]), fetch: fetch())
        try store.apply(feedID: a.id, feed: document([]), fetch: fetch())
        try store.apply(feedID: b.id, feed: document([]), fetch: fetch())
        try store.setRead(true, articleIDs: try store.articleSummaries(.all, offset: 0, limit: 9).map(\.id))
        let policy = RetentionPolicy(maxArticlesPerFeed: 0, maxAge: nil)
        XCTAssertEqual(try store.applyRetention(policy, in: .listed([b.id])), 2)
        XCTAssertEqual(try store.countArticles(.feed(a.id)), 2, "the unlisted feed keeps its articles")
    }

    func testPruneDeletesLongUnlistedFeedsButNeverStarredArticles() throws {
        let store = try makeStore(self)
        let listed = try store.addFeed(url: "https://listed.example/feed")
        let old = try store.addFeed(url: "https://old.example/feed")
        let starred = try store.addFeed(url: "https://starred.example/feed")
        for (feed, n) in [(listed, 1), (old, 3), (starred, 5)] {
            try store.apply(feedID: feed.id, feed: document([item(n), item(n + 1)]), fetch: fetch())
        }
        let keep = try store.articleSummaries(.feed(starred.id), offset: 0, limit: 1).map(\.id)
        try store.setStarred(true, articleIDs: keep)
        let scope = FeedScope.listed([listed.id])

        XCTAssertEqual(try store.pruneFeeds(outside: scope, notListedSince: Date().addingTimeInterval(-60)), [],
                       "feeds listed a minute ago are not pruned")
        let future = Date().addingTimeInterval(3600)
        let dry = try store.pruneFeeds(outside: scope, notListedSince: future, dryRun: true)
        XCTAssertEqual(dry.map(\.url), ["https://old.example/feed", "https://starred.example/feed"])
        XCTAssertEqual(try store.countArticles(.all), 6, "a dry run deletes nothing")
        XCTAssertEqual(try store.pruneFeeds(outside: .every, notListedSince: future), [], "no list, nothing pruned")

        let pruned = try store.pruneFeeds(outside: scope, notListedSince: future)
        XCTAssertEqual(pruned.map(\.deletedArticles), [2, 1])
        XCTAssertEqual(pruned.map(\.keptStarred), [0, 1])
        XCTAssertNil(try store.feed(id: old.id))
        XCTAssertEqual(try store.feed(id: starred.id)?.totalCount, 1, "the feed stays for its starred article")
        XCTAssertEqual(try store.articleSummaries(.starred, offset: 0, limit: 9).map(\.id), keep)
        XCTAssertEqual(try store.countArticles(.feed(listed.id)), 2)
    }
}
