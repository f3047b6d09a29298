import FeedModel
import Foundation
import GRDB
import XCTest

@testable import FeedStore

/// Counts and keyset pages of the reader's lists where they are easy to get wrong: ties in every
/// order (same dates, same titles in any case, untitled articles, two feeds of one title) and
/// ignored articles among the rows. The count of a list is the number of rows it lists, and paging
/// forwards and backwards from any row gives the list's own rows, in every order; the keyset read
/// walks the list's index from the key instead of reading the list from its top.
final class ListCountAndKeysetTests: XCTestCase {
    private var store: FeedStore!
    private var path = ""
    private var first: Int64 = 0
    private var second: Int64 = 0
    private var third: Int64 = 0

    override func setUpWithError() throws {
        path = try temporaryDatabasePath(self)
        store = try FeedStore(path: path)
        first = try store.addFeed(url: "https://a.example/feed", title: "Same", tags: ["news"]).id
        second = try store.addFeed(url: "https://b.example/feed", title: "same", tags: ["news"]).id
        third = try store.addFeed(url: "https://c.example/feed", title: "Other").id
        let titles: [String?] = ["b", "B", "a", "", nil, "Hide me", "b", "c", "hide ME too"]
        for (index, feed) in [first, second, third].enumerated() {
            let items = titles.enumerated().map { number, title -> Article in
                let n = index * 100 + number
                // Three articles on each day: ties in date, broken by id.
                var article = item(n, guid: "\(feed)-\(n)", url: "https://x.example/\(feed)/\(n)", day: Double(number / 3))
                article.title = title
                return article
            }
            try store.apply(feedID: feed, feed: document(items), fetch: fetch())
        }
        let rules = IgnoreRules([try IgnoreRule(query: "title =~ \"(?i)hide\"")])
        XCTAssertEqual(try store.applyIgnoreRules(rules), 6)
        let some = try store.articleSummaries(.all, offset: 0, limit: 100).map(\.id)
        try store.setRead(true, articleIDs: stride(from: 0, to: some.count, by: 2).map { some[$0] })
        try store.setStarred(true, articleIDs: stride(from: 1, to: some.count, by: 3).map { some[$0] })
    }

    private var queries: [ArticleQuery] {
        [
            .all, .allUnread, .starred, .feed(first), .tag("news"), ArticleQuery(feedIDs: [first, third]),
            ArticleQuery(unreadOnly: true, starredOnly: true), ArticleQuery(includeIgnored: true),
            ArticleQuery(unreadOnly: true, includeIgnored: true), ArticleQuery(feedIDs: []),
        ]
    }

    func testCountsAreTheRowsListedWithIgnoredArticlesAmongThem() throws {
        XCTAssertEqual(try store.countArticles(ArticleQuery(includeIgnored: true)), 27)
        XCTAssertEqual(try store.countArticles(.all), 21, "the six ignored articles are left out")
        for base in queries {
            for sort in ArticleSort.allCases {
                var query = base
                query.sort = sort
                let rows = try store.articleSummaries(query, offset: 0, limit: 1_000)
                XCTAssertFalse(rows.contains { ($0.title ?? "").lowercased().contains("hide") } && !query.includeIgnored)
                XCTAssertEqual(try store.countArticles(query), rows.count, "\(query)")
                XCTAssertEqual(try store.articlePage(query, offset: 0, limit: 5).total, rows.count, "\(query)")
            }
        }
    }

    /// The lists `FeedCountsTotal` answers from the stored counts, and lists it must leave to a count.
    private var storedCountQueries: [ArticleQuery] {
        [
            .all, .allUnread, .feed(first), .feed(third), .tag("news"), .tag("none"),
            ArticleQuery(feedIDs: [first, third]), ArticleQuery(feedIDs: [first, first, second]),
            ArticleQuery(feedIDs: [999]), ArticleQuery(feedIDs: []), ArticleQuery(feedIDs: [first, second, third]),
            ArticleQuery(tags: ["news"], unreadOnly: true), ArticleQuery(feedIDs: [first, third], tags: ["news"]),
            ArticleQuery(includeIgnored: true), ArticleQuery(unreadOnly: true, includeIgnored: true),
            ArticleQuery(tags: ["news", "none"], unreadOnly: true, includeIgnored: true),
        ]
    }

    /// The count from the stored counts against the rows counted one by one, in one snapshot.
    private func assertStoredCountsMatchTheRows(_ label: String, line: UInt = #line) throws {
        try store.pool.read { db in
            for query in storedCountQueries {
                let widened = try query.widened(db)
                let stored = try XCTUnwrap(try FeedCountsTotal.total(db, widened), "\(query)", line: line)
                XCTAssertEqual(
                    stored, try ArticleReader.countRows(db, ArticleFilter(widened)), "\(label): \(query)", line: line)
            }
            for query in [ArticleQuery.starred, ArticleQuery(since: Date(timeIntervalSince1970: 0)), .search("b"),
                          ArticleQuery(notExportedBy: "x")] {
                XCTAssertNil(try FeedCountsTotal.total(db, query), "\(query)", line: line)
            }
        }
    }

    func testListCountsFromTheStoredCountsAreTheRowsCounted() throws {
        try assertStoredCountsMatchTheRows("as set up")
        // Marks, stars (a star takes an article out of the ignored ones), new ignore rules, an
        // article deleted by retention and a feed removed with its articles: each changes the counts.
        let rows = try store.articleSummaries(ArticleQuery(includeIgnored: true), offset: 0, limit: 1_000)
        try store.setRead(false, articleIDs: rows.prefix(7).map(\.id))
        try store.setRead(true, articleIDs: rows.suffix(5).map(\.id))
        let ignored = try store.articleSummaries(ArticleQuery(includeIgnored: true, sort: .titleAscending), offset: 0,
                                                 limit: 1_000).filter { ($0.title ?? "").lowercased().contains("hide") }
        try store.setStarred(true, articleIDs: [try XCTUnwrap(ignored.first).id])
        try assertStoredCountsMatchTheRows("after marks")
        XCTAssertNotNil(try store.applyIgnoreRules(IgnoreRules([try IgnoreRule(query: "title = \"b\"")])))
        try assertStoredCountsMatchTheRows("after other ignore rules")
        // A new document without the old articles lets retention delete them (starred ones stay).
        try store.apply(
            feedID: third, feed: document([item(999, guid: "new", url: "https://x.example/new", day: 9)]),
            fetch: fetch())
        let kept = ArticleQuery(includeIgnored: true)
        let before = try store.articleSummaries(kept, offset: 0, limit: 1_000).count
        XCTAssertGreaterThan(try store.applyRetention(RetentionPolicy(maxArticlesPerFeed: 5, keepUnreadFor: 0)), 0)
        XCTAssertLessThan(try store.articleSummaries(kept, offset: 0, limit: 1_000).count, before)
        try assertStoredCountsMatchTheRows("after retention")
        XCTAssertTrue(try store.removeFeed(id: second))
        try assertStoredCountsMatchTheRows("after a feed was removed")
    }

    func testKeysetPagesAndIndexesFollowEveryOrderThroughTies() throws {
        for base in queries {
            for sort in ArticleSort.allCases {
                var query = base
                query.sort = sort
                let all = try store.articleSummaries(query, offset: 0, limit: 1_000)
                for (index, row) in all.enumerated() {
                    XCTAssertEqual(
                        try store.articleSummaries(query, after: row.id, limit: 4).map(\.id),
                        all.dropFirst(index + 1).prefix(4).map(\.id), "after row \(index) of \(query)")
                    XCTAssertEqual(
                        try store.articleSummaries(query, before: row.id, limit: 4).map(\.id),
                        all.prefix(index).suffix(4).map(\.id), "before row \(index) of \(query)")
                    XCTAssertEqual(try store.index(of: row.id, in: query), index, "\(query)")
                }
                var unread = query
                unread.unreadOnly = true
                let unreadIDs = try store.articleSummaries(unread, offset: 0, limit: 1_000).map(\.id)
                if let start = all.first {
                    let expected = all.dropFirst().first { unreadIDs.contains($0.id) }?.id
                    XCTAssertEqual(try store.nextUnread(after: start.id, in: query)?.id, expected, "\(query)")
                }
            }
        }
    }

    func testAKeysetReadWalksTheListsIndexFromTheKey() throws {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        let key = try XCTUnwrap(try queue.read { db in
            try ArticleFilter.key(db, articleID: try XCTUnwrap(try store.articleSummaries(.all, offset: 10, limit: 1).first).id)
        })
        let expected: [ArticleSort: String] = [
            .newestFirst: "SEARCH a USING INDEX articles_date (sort_date<?)",
            .oldestFirst: "SEARCH a USING INDEX articles_date (sort_date>?)",
            .titleAscending: "SEARCH a USING INDEX articles_title (<expr>>?)",
            .titleDescending: "SEARCH a USING INDEX articles_title (<expr><?)",
            .byFeed: "SEARCH f USING INDEX feeds_display_title (display_title>?)",
            .byFeedDescending: "SEARCH f USING INDEX feeds_display_title (display_title<?)",
        ]
        for sort in ArticleSort.allCases {
            let filter = ArticleFilter(ArticleQuery(sort: sort))
            let after = filter.condition.and(filter.condition(after: key))
            let plan = try queue.read { db in
                try Row.fetchAll(
                    db,
                    sql: "EXPLAIN QUERY PLAN SELECT a.id FROM \(filter.from) WHERE \(after.sql) "
                        + "ORDER BY \(filter.orderBy) LIMIT 100",
                    arguments: after.arguments
                ).map { $0["detail"] as String }.joined(separator: "\n")
            }
            XCTAssertTrue(plan.contains(try XCTUnwrap(expected[sort])), "\(sort):\n\(plan)")
            XCTAssertFalse(plan.contains("TEMP B-TREE"), "\(sort):\n\(plan)")
        }
    }
}
