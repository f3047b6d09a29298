import FeedModel
import FeedStore
import Foundation
import XCTest

final class RetentionTests: XCTestCase {
    private var store: FeedStore!
    private var feedID: Int64 = 0
    private let day: TimeInterval = 86_400

    override func setUpWithError() throws {
        store = try makeStore(self)
        feedID = try store.addFeed(url: "https://example.org/feed").id
        // Ten articles, days 1...10 of 2024, first seen at fetchTime; then the feed moves on to 11...12.
        try store.apply(feedID: feedID, feed: document((1...10).map { item($0) }), fetch: fetch())
        try store.apply(feedID: feedID, feed: document([item(11), item(12)]), fetch: fetch())
    }

    private func days() throws -> [Int] {
        try store.titles(ArticleQuery(sort: .oldestFirst)).compactMap { Int($0.split(separator: " ").last ?? "") }
    }

    private var longAfter: Date { fetchTime.addingTimeInterval(400 * day) }

    func testKeepsAtMostNPerFeedButNeverWhatTheFeedStillHas() throws {
        try store.markAllRead(.all)
        let deleted = try store.applyRetention(RetentionPolicy(maxArticlesPerFeed: 3), now: longAfter)
        XCTAssertEqual(deleted, 9)
        XCTAssertEqual(try days(), [10, 11, 12])
        XCTAssertEqual(try store.applyRetention(RetentionPolicy(maxArticlesPerFeed: 0), now: longAfter), 1)
        XCTAssertEqual(try days(), [11, 12], "articles in the latest fetch stay")
    }

    func testDeletesByAgeOnly() throws {
        try store.markAllRead(.all)
        // Article dates are in January 2024; a cut-off between day 5 and day 6.
        let now = Date(timeIntervalSince1970: 1_704_067_200 + 5.5 * day + 30 * day)
        XCTAssertEqual(try store.applyRetention(RetentionPolicy(maxAge: 30 * day), now: now), 5)
        XCTAssertEqual(try days(), [6, 7, 8, 9, 10, 11, 12])
    }

    func testStarredAndRecentUnreadArticlesStay() throws {
        let summaries = try store.articleSummaries(ArticleQuery(sort: .oldestFirst), offset: 0, limit: 20)
        try store.setStarred(true, articleIDs: [summaries[0].id])
        try store.setRead(true, articleIDs: summaries[2..<10].map(\.id))
        // Article 2 is unread and was first seen at fetchTime: recent for a 7-day grace period.
        let policy = RetentionPolicy(maxArticlesPerFeed: 2, maxAge: 1, keepUnreadFor: 7 * day)
        XCTAssertEqual(try store.applyRetention(policy, now: fetchTime.addingTimeInterval(day)), 8)
        XCTAssertEqual(try days(), [1, 2, 11, 12])
        // Once the grace period is over the unread article goes too; the starred one never does.
        XCTAssertEqual(try store.applyRetention(policy, now: fetchTime.addingTimeInterval(8 * day)), 1)
        XCTAssertEqual(try days(), [1, 11, 12])
    }

    func testRetentionIsPerFeedAndCanTargetOneFeed() throws {
        let other = try store.addFeed(url: "https://other.example/feed").id
        try store.apply(feedID: other, feed: document((1...4).map { item($0) }), fetch: fetch())
        try store.apply(feedID: other, feed: document([]), fetch: fetch())
        try store.markAllRead(.all)
        XCTAssertEqual(try store.applyRetention(RetentionPolicy(maxArticlesPerFeed: 1), feedID: other, now: longAfter), 3)
        XCTAssertEqual(try store.countArticles(.feed(feedID)), 12)
        XCTAssertEqual(try store.applyRetention(RetentionPolicy(), now: longAfter), 0, "no limit, nothing deleted")
    }

    func testDeletedArticlesLeaveTheSearchIndexAndExportMarks() throws {
        try store.markAllRead(.all)
        var ids: [Int64] = []
        try store.forEachArticle(matching: .all) { ids.append($0.id) }
        try store.advanceExportState(name: "s", through: ids, markRead: false)
        try store.applyRetention(RetentionPolicy(maxArticlesPerFeed: 0), now: longAfter)
        XCTAssertEqual(try store.countArticles(.search("post")), 2)
        XCTAssertEqual(try store.exportStates().first?.exportedCount, 2)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }
}
