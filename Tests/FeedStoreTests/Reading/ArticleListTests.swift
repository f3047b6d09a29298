import FeedModel
import FeedStore
import Foundation
import XCTest

/// Three feeds ("Bravo" tagged news, "alpha" tagged news+tech, "Charlie" untagged) with dated articles.
final class ArticleListTests: XCTestCase {
    private var store: FeedStore!
    private var alpha: Int64 = 0
    private var bravo: Int64 = 0
    private var charlie: Int64 = 0

    override func setUpWithError() throws {
        store = try makeStore(self)
        bravo = try store.addFeed(url: "https://b.example/feed", title: "Bravo", tags: ["news"]).id
        alpha = try store.addFeed(url: "https://a.example/feed", title: "alpha", tags: ["news", "tech"]).id
        charlie = try store.addFeed(url: "https://c.example/feed", title: "Charlie").id
        // Days: alpha 1, 4, 7; Bravo 2, 5, 8; Charlie 3, 6, 9 — titles say which.
        for (offset, feed) in [(1, alpha), (2, bravo), (3, charlie)] {
            let items = (0..<3).map { step -> Article in
                let day = offset + 3 * step
                return item(day, guid: "\(feed)-\(day)", url: "https://x.example/\(feed)/\(day)", title: "d\(day)",
                            day: Double(day))
            }
            try store.apply(feedID: feed, feed: document(items), fetch: fetch())
        }
    }

    private func id(_ title: String) throws -> Int64 {
        try XCTUnwrap(try store.articleSummaries(.all, offset: 0, limit: 100).first { $0.title == title }?.id)
    }

    func testSortOrders() throws {
        XCTAssertEqual(try store.titles(.all), ["d9", "d8", "d7", "d6", "d5", "d4", "d3", "d2", "d1"])
        XCTAssertEqual(try store.titles(ArticleQuery(sort: .oldestFirst)),
                       ["d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9"])
        XCTAssertEqual(try store.titles(ArticleQuery(sort: .byFeed)),
                       ["d7", "d4", "d1", "d8", "d5", "d2", "d9", "d6", "d3"])
        let rows = try store.articleSummaries(ArticleQuery(sort: .byFeed), offset: 0, limit: 1)
        XCTAssertEqual(rows.first?.feedTitle, "alpha")
        XCTAssertEqual(rows.first?.feedID, alpha)
        XCTAssertEqual(rows.first?.url, "https://x.example/\(alpha)/7")
    }

    func testSelections() throws {
        XCTAssertEqual(try store.titles(.feed(bravo)), ["d8", "d5", "d2"])
        XCTAssertEqual(try store.titles(.tag("news")), ["d8", "d7", "d5", "d4", "d2", "d1"])
        XCTAssertEqual(try store.titles(.tag("tech")), ["d7", "d4", "d1"])
        XCTAssertEqual(try store.titles(.tag("none")), [])
        XCTAssertEqual(try store.titles(ArticleQuery(feedIDs: [])), [])
        XCTAssertEqual(try store.titles(ArticleQuery(feedIDs: [alpha, charlie], sort: .oldestFirst)),
                       ["d1", "d3", "d4", "d6", "d7", "d9"])
        XCTAssertEqual(try store.titles(ArticleQuery(since: Date(timeIntervalSince1970: 1_704_067_200 + 7 * 86_400))),
                       ["d9", "d8", "d7"])

        try store.setRead(true, articleIDs: [try id("d9"), try id("d1")])
        try store.setStarred(true, articleIDs: [try id("d5"), try id("d1")])
        XCTAssertEqual(try store.titles(.allUnread), ["d8", "d7", "d6", "d5", "d4", "d3", "d2"])
        XCTAssertEqual(try store.titles(.starred), ["d5", "d1"])
        XCTAssertEqual(try store.titles(ArticleQuery(unreadOnly: true, starredOnly: true)), ["d5"])
        XCTAssertEqual(try store.countArticles(.allUnread), 7)
        XCTAssertEqual(try store.setRead(true, articleIDs: [try id("d9")]), 0, "already read")
        XCTAssertEqual(try store.setRead(false, articleIDs: [try id("d9")]), 1)
        XCTAssertNil(try store.article(id: try id("d9"))?.readAt)
        XCTAssertEqual(try store.setStarred(false, articleIDs: [try id("d5")]), 1)
        XCTAssertEqual(try store.titles(.starred), ["d1"])
    }

    func testPagesAndKeysetPaging() throws {
        let page = try store.articlePage(.all, offset: 3, limit: 4)
        XCTAssertEqual(page.total, 9)
        XCTAssertEqual(page.offset, 3)
        XCTAssertEqual(page.rows.map { $0.title ?? "" }, ["d6", "d5", "d4", "d3"])
        XCTAssertEqual(try store.articlePage(.all, offset: 8, limit: 4).rows.count, 1)
        XCTAssertEqual(try store.articlePage(.all, offset: 20, limit: 4).rows.count, 0)

        for sort in ArticleSort.allCases {
            let query = ArticleQuery(sort: sort)
            let all = try store.articleSummaries(query, offset: 0, limit: 100)
            // Pages past the middle are read from the end of the list: same rows, same order.
            for offset in 0...10 {
                let page = try store.articlePage(query, offset: offset, limit: 3)
                XCTAssertEqual(page.rows.map(\.id), Array(all.dropFirst(offset).prefix(3)).map(\.id), "\(sort) \(offset)")
            }
            var walked = try store.articleSummaries(query, offset: 0, limit: 2)
            while let last = walked.last {
                let next = try store.articleSummaries(query, after: last.id, limit: 2)
                if next.isEmpty { break }
                walked += next
            }
            XCTAssertEqual(walked.map(\.id), all.map(\.id), "\(sort)")
            // Backwards from the last row, each page before the first row of the one after it.
            var back = try XCTUnwrap(all.last.map { [$0] })
            while let first = back.first {
                let before = try store.articleSummaries(query, before: first.id, limit: 2)
                if before.isEmpty { break }
                back = before + back
            }
            XCTAssertEqual(back.map(\.id), all.map(\.id), "\(sort) backwards")
            for (index, row) in all.enumerated() {
                XCTAssertEqual(try store.index(of: row.id, in: query), index, "\(sort)")
            }
        }
        XCTAssertNil(try store.index(of: try id("d9"), in: .feed(alpha)))
        XCTAssertEqual(try store.articleSummaries(.all, after: 12_345, limit: 5), [])
        XCTAssertEqual(try store.articleSummaries(.all, before: 12_345, limit: 5), [])
    }

    func testNextAndPreviousUnreadAcrossFeedsInListOrder() throws {
        let everything = ArticleQuery(sort: .byFeed)  // d7 d4 d1 | d8 d5 d2 | d9 d6 d3
        try store.setRead(true, articleIDs: [try id("d4"), try id("d1"), try id("d8"), try id("d3")])
        var seen: [String] = []
        var current = try store.nextUnread(after: nil, in: everything)
        while let row = current {
            seen.append(row.title ?? "")
            current = try store.nextUnread(after: row.id, in: everything)
        }
        XCTAssertEqual(seen, ["d7", "d5", "d2", "d9", "d6"])

        XCTAssertEqual(try store.nextUnread(after: try id("d9"), in: everything, backward: true)?.title, "d2")
        XCTAssertEqual(try store.nextUnread(after: try id("d4"), in: everything, backward: true)?.title, "d7")
        XCTAssertNil(try store.nextUnread(after: try id("d7"), in: everything, backward: true))
        XCTAssertEqual(try store.nextUnread(after: nil, in: everything, backward: true)?.title, "d6")
        // A read anchor works too, and in a date-sorted list the order is by date.
        XCTAssertEqual(try store.nextUnread(after: try id("d8"), in: .all)?.title, "d7")
    }

    func testMarkAllReadInASelectionOnly() throws {
        XCTAssertEqual(try store.markAllRead(.tag("tech")), 3)
        XCTAssertEqual(try store.countArticles(.allUnread), 6)
        XCTAssertEqual(try store.markAllRead(.tag("tech")), 0)
        XCTAssertEqual(try store.markAllRead(.search("d8")), 1)
        XCTAssertEqual(try store.feeds().map(\.unreadCount), [0, 2, 3])
        XCTAssertNotNil(try store.article(id: try id("d8"))?.readAt)
        XCTAssertEqual(try store.markAllRead(.allUnread), 5)
        XCTAssertEqual(try store.counts().unread, 0)
        XCTAssertEqual(try store.counts().feedsWithUnread, 0)
    }

    func testStoredMarksOfAnArticleAreThoseItReadsWithAgain() throws {
        let opened = try XCTUnwrap(try store.article(id: try id("d4")))
        XCTAssertFalse(opened.read)
        try store.setRead(true, articleIDs: [opened.id])
        try store.setStarred(true, articleIDs: [opened.id])
        let marked = try XCTUnwrap(try store.withStoredMarks(of: opened))
        let reread = try XCTUnwrap(try store.article(id: opened.id))
        XCTAssertTrue(marked.read)
        XCTAssertTrue(marked.starred)
        XCTAssertNotNil(marked.readAt)
        XCTAssertEqual(marked, reread, "every field, the marks and the body, as a fresh read gives them")
        try store.setRead(false, articleIDs: [opened.id])
        XCTAssertEqual(try store.withStoredMarks(of: marked), try store.article(id: opened.id))
        XCTAssertNil(try store.withStoredMarks(of: marked)?.readAt)
        XCTAssertTrue(try store.removeFeed(id: alpha))
        XCTAssertNil(try store.withStoredMarks(of: marked), "the article no longer exists")
    }
}
