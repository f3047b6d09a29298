import FeedModel
import FeedStore
import Foundation
import XCTest

/// The reader's feed list in one read: the tag rows and counts added up from the feeds are exactly
/// what `tags(in:)` and `counts(in:)` count from the articles, ignored, read and starred articles
/// and a scope included; and `n` finds the next feed with unread articles through the index.
final class FeedListSnapshotTests: XCTestCase {
    private var store: FeedStore!
    private var ids: [Int64] = []

    override func setUpWithError() throws {
        store = try makeStore(self)
        // Tags whose order differs between SQLite's NOCASE and Swift's own comparison of strings.
        let feeds: [(String, [String])] = [
            ("Zulu", ["news", "Tech"]), ("alpha", ["tech2", "Ünïcode"]), ("Bravo", ["News_", "news"]),
            ("Empty", ["news", "e\u{301}"]), ("Quiet", []),
        ]
        for (index, (title, tags)) in feeds.enumerated() {
            ids.append(try store.addFeed(url: "https://\(index).example/feed", title: title, tags: tags).id)
        }
        let rules = IgnoreRules([try IgnoreRule(query: "title =~ \"(?i)sponsored\"", feed: nil, tag: nil)])
        for (feedIndex, count) in [(0, 5), (1, 3), (2, 4), (4, 2)] {
            let items = (0..<count).map { step in
                item(feedIndex * 10 + step, guid: "\(feedIndex)-\(step)", url: "https://x.example/\(feedIndex)/\(step)",
                     title: step == 1 ? "Sponsored \(step)" : "Story \(step)", day: Double(step))
            }
            try store.apply(feedID: ids[feedIndex], feed: document(items), fetch: fetch(), ignoring: rules)
        }
        _ = try store.applyIgnoreRules(rules)
        let rows = try store.articleSummaries(ArticleQuery(includeIgnored: true), offset: 0, limit: 100)
        // Feed 0 read but for one, a sponsored one of feed 2 read, feed 4 all read; stars here and there.
        try store.setRead(true, articleIDs: rows.filter { $0.feedID == ids[0] && $0.title != "Story 3" }.map(\.id))
        try store.setRead(true, articleIDs: rows.filter { $0.feedID == ids[2] && $0.title == "Sponsored 1" }.map(\.id))
        try store.setRead(true, articleIDs: rows.filter { $0.feedID == ids[4] }.map(\.id))
        try store.setStarred(true, articleIDs: rows.filter { $0.title == "Story 2" }.map(\.id))
    }

    func testTheFeedListAddsUpToWhatCountingTheArticlesGives() throws {
        for scope in [FeedScope.every, .listed(ids), .listed([ids[2], ids[0], ids[3]]), .listed([])] {
            let list = try store.feedList(in: scope)
            let feeds = try store.feeds(in: scope)
            XCTAssertEqual(list.feeds, feeds.map {
                FeedSummary(id: $0.id, url: $0.url, tags: $0.tags, unreadCount: $0.unreadCount, totalCount: $0.totalCount)
            }, "\(scope)")
            XCTAssertEqual(try store.feeds(ids: list.feeds.map(\.id).reversed()), feeds, "the rows on screen, in list order")
            XCTAssertEqual(list.tags, try store.tags(in: scope), "\(scope)")
            XCTAssertEqual(list.counts, try store.counts(in: scope), "\(scope)")
        }
        let list = try store.feedList()
        XCTAssertEqual(list.feeds.map(\.id), [ids[1], ids[2], ids[3], ids[4], ids[0]],
                       "by title, case-insensitive (alpha, Bravo, Empty, Quiet, Zulu), not as stored")
        XCTAssertEqual(list.tags.map(\.tag), ["e\u{301}", "news", "News_", "Tech", "tech2", "Ünïcode"])
        XCTAssertEqual(list.counts.starred, 3)
        XCTAssertGreaterThan(list.counts.unread, 0)
    }

    func testTheFirstFeedWithUnreadArticlesInTheOrderGiven() throws {
        // Feed 0: one unread; feed 1: unread; feed 2: unread; feed 3: no articles; feed 4: all read.
        XCTAssertEqual(try store.firstFeedWithUnread(among: [ids[3], ids[4], ids[1], ids[0]]), ids[1])
        XCTAssertEqual(try store.firstFeedWithUnread(among: [ids[3], ids[4]]), nil)
        XCTAssertEqual(try store.firstFeedWithUnread(among: []), nil)
        // Only unread articles an ignore rule hid: none that counts.
        let rows = try store.articleSummaries(ArticleQuery(feedIDs: [ids[1]]), offset: 0, limit: 100)
        try store.setRead(true, articleIDs: rows.map(\.id))
        let hidden = try store.articleSummaries(ArticleQuery(feedIDs: [ids[1]], includeIgnored: true), offset: 0, limit: 100)
        XCTAssertEqual(hidden.filter { !$0.read }.count, 1, "the sponsored one, unread but ignored")
        XCTAssertEqual(try store.firstFeedWithUnread(among: [ids[1], ids[2]]), ids[2])
        // Past the first few feeds looked at together.
        let many = Array(repeating: ids[4], count: 130) + [ids[0]]
        XCTAssertEqual(try store.firstFeedWithUnread(among: many), ids[0])
    }
}
