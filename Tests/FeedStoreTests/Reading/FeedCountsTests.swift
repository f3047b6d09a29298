import FeedModel
import FeedStore
import Foundation
import XCTest

/// The stored per-feed counts ("v13-feed-counts") against a count of the articles, made by the sqlite3
/// program on the same file, after every kind of write the store makes.
final class FeedCountsTests: XCTestCase {
    private var path = ""
    private var store: FeedStore!

    override func setUpWithError() throws {
        path = try temporaryDatabasePath(self)
        store = try FeedStore(path: path)
    }

    /// Per feed: articles, unread, starred, ignored, ignored and unread; counted from `articles`.
    private func counted() throws -> String {
        try sqlite3(path, """
            SELECT f.id, count(a.id), ifnull(sum(a.read = 0), 0), ifnull(sum(a.starred = 1), 0),
                ifnull(sum(a.ignored = 1), 0), ifnull(sum(a.ignored = 1 AND a.read = 0), 0)
            FROM feeds f LEFT JOIN articles a ON a.feed_id = f.id GROUP BY f.id ORDER BY f.id;
            """)
    }

    /// The same figures as the store keeps them.
    private func stored() throws -> String {
        try sqlite3(path, """
            SELECT feed_id, articles, unread, starred, ignored, ignored_unread FROM feed_counts ORDER BY feed_id;
            """)
    }

    /// The stored counts equal a count of the articles, and every reader of them (the feed list,
    /// `counts`, tag rows, the integrity check) gives the counted figures.
    private func assertExact(_ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let counts = try counted()
        XCTAssertEqual(try stored(), counts, "after \(what)", file: file, line: line)
        let rows = counts.split(separator: "\n").map { $0.split(separator: "|").compactMap { Int($0) } }
        let shown = Dictionary(uniqueKeysWithValues: try store.feeds().map { ($0.id, [$0.totalCount, $0.unreadCount]) })
        for row in rows {
            XCTAssertEqual(shown[Int64(row[0])], [row[1] - row[4], row[2] - row[5]], "feed \(row[0]) after \(what)",
                           file: file, line: line)
        }
        let sums = (1...5).map { column in rows.reduce(0) { $0 + $1[column] } }
        let all = try store.counts()
        XCTAssertEqual([all.articles, all.unread, all.starred], [sums[0] - sums[3], sums[1] - sums[4], sums[2]],
                       "counts after \(what)", file: file, line: line)
        XCTAssertEqual(all.feeds, rows.count, file: file, line: line)
        XCTAssertEqual(all.feedsWithUnread, rows.filter { $0[2] - $0[5] > 0 }.count, file: file, line: line)
        let withIgnored = try store.counts(includeIgnored: true)
        XCTAssertEqual([withIgnored.articles, withIgnored.unread], [sums[0], sums[1]], file: file, line: line)
        XCTAssertEqual(withIgnored.feedsWithUnread, rows.filter { $0[2] > 0 }.count, file: file, line: line)
        XCTAssertEqual(try store.countArticles(.all), all.articles, file: file, line: line)
        XCTAssertEqual(try store.countArticles(.allUnread), all.unread, file: file, line: line)
        XCTAssertEqual(try store.integrityCheck(), ["ok"], file: file, line: line)
    }

    private func items(_ range: ClosedRange<Int>, feed: String) -> [Article] {
        range.map { item($0, guid: "\(feed)-\($0)", url: "https://\(feed).example/\($0)") }
    }

    func testCountsStayExactThroughEveryKindOfWrite() throws {
        let a = try store.addFeed(url: "https://a.example/feed", tags: ["t"])
        let b = try store.addFeed(url: "https://b.example/feed", tags: ["t", "u"])
        try store.syncFeeds([FeedListEntry(url: "https://c.example/feed"), FeedListEntry(url: "https://a.example/feed")])
        try assertExact("adding feeds")
        let c = try XCTUnwrap(try store.feed(url: "https://c.example/feed"))

        let aIDs = try store.apply(feedID: a.id, feed: document(items(1...10, feed: "a")), fetch: fetch()).newArticleIDs
        let bIDs = try store.apply(feedID: b.id, feed: document(items(1...6, feed: "b")), fetch: fetch()).newArticleIDs
        try store.apply(feedID: c.id, feed: document(items(1...4, feed: "c")), fetch: fetch())
        try assertExact("a refresh's inserts")

        var changed = items(1...12, feed: "a")
        changed[0] = item(1, guid: "a-1", url: "https://a.example/1", title: "A new title", content: "<p>changed</p>")
        try store.apply(feedID: a.id, feed: document(changed), fetch: fetch())
        try assertExact("a refresh's updates and inserts")

        try store.setRead(true, articleIDs: Array(aIDs[0..<4]) + [bIDs[0]])
        try assertExact("mark read")
        try store.setRead(false, articleIDs: [aIDs[1], bIDs[0], bIDs[1]])
        try assertExact("mark unread (one of them already unread)")
        try store.setStarred(true, articleIDs: [aIDs[2], aIDs[5], bIDs[3]])
        try assertExact("star")
        try store.setStarred(false, articleIDs: [aIDs[5]])
        try assertExact("unstar")
        try store.markAllRead(.feed(b.id))
        try assertExact("mark a feed all read")
        try store.advanceExportState(name: "mail", through: Array(aIDs[6..<8]), markRead: true)
        try assertExact("an export that marks read")

        let rules = IgnoreRules([try IgnoreRule(query: "title =~ \"number [1-5]$\"", feed: nil, tag: nil)])
        try store.applyIgnoreRules(rules)
        try assertExact("ignore rules applied to stored articles")
        try store.apply(feedID: c.id, feed: document(items(1...9, feed: "c")), fetch: fetch(), ignoring: rules)
        try assertExact("a refresh storing ignored articles")
        try store.setStarred(true, articleIDs: [aIDs[3]])
        try assertExact("starring an ignored article (it shows again)")
        try store.applyIgnoreRules(.none)
        try assertExact("ignore rules removed")

        try store.apply(feedID: a.id, feed: document(items(11...12, feed: "a")), fetch: fetch())
        let deleted = try store.applyRetention(
            RetentionPolicy(maxArticlesPerFeed: 5, keepUnreadFor: 0), now: fetchTime.addingTimeInterval(10))
        XCTAssertGreaterThan(deleted, 0)
        try assertExact("retention")

        let d = try store.addFeed(url: "https://d.example/feed")
        let dIDs = try store.apply(feedID: d.id, feed: document(items(1...3, feed: "b") + items(20...22, feed: "d")),
                                   fetch: fetch()).newArticleIDs
        try store.setStarred(true, articleIDs: [dIDs[4]])
        try store.setRead(true, articleIDs: [dIDs[0], dIDs[5]])
        XCTAssertEqual(try store.recordPermanentRedirect(feedID: d.id, to: "https://b.example/feed"), b.id)
        try assertExact("a feed merged into another (articles moved and deleted)")

        XCTAssertEqual(try store.removeFeed(id: c.id), true)
        try assertExact("deleting a feed with its articles")
        let pruned = try store.pruneFeeds(outside: .listed([b.id]), notListedSince: Date().addingTimeInterval(3600))
        XCTAssertEqual(pruned.map(\.url), ["https://a.example/feed"])
        XCTAssertEqual(pruned.first?.keptStarred, 2)
        try assertExact("pruning a feed with starred articles")
        XCTAssertEqual(try store.removeFeed(url: "https://b.example/feed"), true)
        try assertExact("deleting a feed by URL")
    }

    func testTagRowsAddUpTheStoredCounts() throws {
        let a = try store.addFeed(url: "https://a.example/feed", tags: ["news"])
        let b = try store.addFeed(url: "https://b.example/feed", tags: ["news", "misc"])
        let aIDs = try store.apply(feedID: a.id, feed: document(items(1...3, feed: "a")), fetch: fetch()).newArticleIDs
        try store.apply(feedID: b.id, feed: document(items(1...2, feed: "b")), fetch: fetch())
        try store.setRead(true, articleIDs: [aIDs[0]])
        let tags = try store.tags()
        XCTAssertEqual(tags.map(\.tag), ["misc", "news"])
        XCTAssertEqual(tags.map(\.totalCount), [2, 5])
        XCTAssertEqual(tags.map(\.unreadCount), [2, 4])
        XCTAssertEqual(try store.firstFeedWithUnread(among: [b.id, a.id]), b.id)
        try store.markAllRead(.feed(b.id))
        XCTAssertEqual(try store.firstFeedWithUnread(among: [b.id, a.id]), a.id)
        try store.markAllRead(.all)
        XCTAssertNil(try store.firstFeedWithUnread(among: [b.id, a.id]))
        try assertExact("marks")
    }

    func testTheIntegrityCheckNamesAFeedWhoseCountsAreWrong() throws {
        let a = try store.addFeed(url: "https://a.example/feed")
        try store.apply(feedID: a.id, feed: document(items(1...3, feed: "a")), fetch: fetch())
        try sqlite3(path, "UPDATE feed_counts SET unread = 7 WHERE feed_id = \(a.id);")
        XCTAssertEqual(try store.integrityCheck(), [
            "feed counts of feed \(a.id): stored 3 7 0 0 0, counted 3 3 0 0 0 (articles unread starred ignored ignored-unread)",
        ])
    }
}
