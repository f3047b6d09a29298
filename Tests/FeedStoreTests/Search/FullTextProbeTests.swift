import FeedModel
@testable import FeedStore
import Foundation
import XCTest

/// The first rows of lists with full-text conditions, read by walking the list and looking each
/// article up in the index (`FullTextProbe`), are exactly the rows the list has when its hits are
/// collected first: for common and rare words, negations, other conditions, both date orders,
/// offsets, keyset pages, reversed reads and exports; and the walk is taken when it should be and
/// given up when its bound is too near.
final class FullTextProbeTests: XCTestCase {
    private var store: FeedStore!
    private var feeds: [Int64] = []
    private static let articleCount = 3_000

    /// 3,000 articles in two feeds whose dates do not follow their ids (stored in one order, dated in a
    /// shuffled one): "common" in 19 of 20, "rare" in 1 of 100, "newish" only in the newest 1,000
    /// ids and dated oldest, "garden" in every third title; every fifth unread. Enough articles that
    /// a few rows of a common word are walked for (see `FullTextProbe.lookupCostPerSegment`).
    override func setUpWithError() throws {
        store = try makeStore(self)
        feeds = [
            try store.addFeed(url: "https://one.example/rss", title: "One").id,
            try store.addFeed(url: "https://two.example/rss", title: "Two").id,
        ]
        // Stored 250 at a time, the feeds in turn, so that ids follow n.
        for chunk in 0..<(Self.articleCount / 250) {
            let items = (chunk * 250..<(chunk + 1) * 250).map { n -> Article in
                var words = n % 20 == 0 ? ["plain"] : ["common"]
                if n % 100 == 7 { words.append("rare") }
                if n >= Self.articleCount - 1_000 { words.append("newish") }
                // Dates in a shuffled order; the newest ids are dated oldest.
                let day = n >= Self.articleCount - 1_000 ? Double(n - Self.articleCount) : Double((n * 733) % 997)
                return item(n, title: (n % 3 == 0 ? "garden " : "path ") + "\(n)", day: day,
                            content: "<p>\(words.joined(separator: " ")) text of \(n)</p>")
            }
            try store.apply(feedID: feeds[chunk % 2], feed: document(items), fetch: fetch())
        }
        let all = try store.articleSummaries(.all, offset: 0, limit: 10_000)
        XCTAssertEqual(all.count, Self.articleCount)
        let byID = all.sorted { $0.id < $1.id }.map { $0.title ?? "" }
        XCTAssertEqual(byID.prefix(3), ["garden 0", "path 1", "path 2"], "ids follow the order of storing")
        XCTAssertEqual(byID.last, "path 2999")
        try store.setRead(true, articleIDs: all.enumerated().filter { $0.offset % 5 != 0 }.map(\.element.id))
        // One segment, as after a merge: the look-ups the walk makes are then cheap enough to be chosen
        // in a store this small (each costs a seek in every segment).
        try store.pool.write { db in
            try db.execute(sql: "INSERT INTO article_search (article_search) VALUES ('optimize')")
        }
    }

    /// Every article of the list in order, its hits collected (a full export never walks).
    private func everyRow(_ query: ArticleQuery) throws -> [Int64] {
        var ids: [Int64] = []
        try store.forEachArticle(matching: query, withContent: false) { ids.append($0.id) }
        return ids
    }

    private func probedIDs(_ query: ArticleQuery, count: Int, reversed: Bool = false) throws -> [Int64]? {
        try store.pool.read { db in
            try FullTextProbe.firstIDs(db, ArticleFilter(query), extra: nil, reversed: reversed, count: count)
        }
    }

    private let queries = [
        "content contains common", "content contains rare", "content contains \"common\" and not title contains garden",
        "unread and content contains common", "title contains garden or content contains rare",
        "feed = \"Two\" and content contains common", "not content contains plain", "content contains newish",
        "content contains \"common text\" and age < 100000d",
    ]

    func testPagesAreTheListsRowsWhicheverWayTheyAreRead() throws {
        for text in queries {
            for sort in [ArticleSort.newestFirst, .oldestFirst] {
                let query = ArticleQuery.matching(try QueryExpression(parsing: text), sort: sort)
                let expected = try everyRow(query)
                XCTAssertEqual(try store.countArticles(query), expected.count, text)
                for (offset, limit) in [(0, 1), (0, 10), (0, 100), (3, 7), (150, 40)] {
                    XCTAssertEqual(
                        try store.articleSummaries(query, offset: offset, limit: limit).map(\.id),
                        Array(expected.dropFirst(offset).prefix(limit)), "\(text) \(sort) \(offset)+\(limit)")
                }
                if expected.count > 12 {
                    XCTAssertEqual(
                        try store.articleSummaries(query, after: expected[4], limit: 8).map(\.id),
                        Array(expected[5..<13]), "\(text) \(sort) after")
                    let page = try store.articlePage(query, offset: expected.count - 5, limit: 5)
                    XCTAssertEqual(page.rows.map(\.id), Array(expected.suffix(5)), "\(text) \(sort) last page")
                }
                var exported: [Int64] = []
                try store.forEachArticle(matching: query, limit: 6, withContent: true) { exported.append($0.id) }
                XCTAssertEqual(exported, Array(expected.prefix(6)), "\(text) \(sort) export")
            }
        }
    }

    func testSearchPagesAreTheListsRows() throws {
        for text in ["common", "rare", "common garden", "newish"] {
            let query = ArticleQuery.search(text)
            let expected = try everyRow(query)
            XCTAssertEqual(try store.articleSummaries(query, offset: 0, limit: 10).map(\.id), Array(expected.prefix(10)))
            var unread = query
            unread.unreadOnly = true
            let firstUnread = try everyRow(unread).first
            XCTAssertEqual(try store.nextUnread(after: nil, in: query)?.id, firstUnread, text)
        }
    }

    func testCommonWordsAreWalkedAndRareOnesListed() throws {
        let common = ArticleQuery.matching(try QueryExpression(parsing: "content contains common"))
        let expected = try everyRow(common)
        XCTAssertEqual(try probedIDs(common, count: 5), Array(expected.prefix(5)), "a few rows of a common word: walked")
        XCTAssertEqual(try probedIDs(common, count: 5, reversed: true), Array(expected.reversed().prefix(5)))
        XCTAssertNil(try probedIDs(.matching(try QueryExpression(parsing: "content contains rare")), count: 5),
                     "a rare word: its few hits are listed")
        XCTAssertNil(try probedIDs(common, count: 1_000), "most of the list: listing is cheaper")
        let prefix = ArticleQuery(search: "comm*")
        XCTAssertNil(try probedIDs(prefix, count: 5), "a prefix term, expanded in every look-up: its hits are listed")
        XCTAssertEqual(try store.articleSummaries(prefix, offset: 0, limit: 5).map(\.id), Array(try everyRow(prefix).prefix(5)))
        XCTAssertFalse(try everyRow(prefix).isEmpty)
        XCTAssertNil(try probedIDs(.matching(try QueryExpression(parsing: "title =~ garden")), count: 5),
                     "no full-text condition")
        XCTAssertNil(try probedIDs(.matching(try QueryExpression(parsing: "content contains common"), sort: .titleAscending),
                                   count: 5), "not in date order")
    }

    func testAWalkWhoseBoundIsTooNearIsGivenUp() throws {
        // The newest ids all say "newish" (the estimate finds it everywhere), but they are dated oldest:
        // newest first, the walk's bound passes before it meets one, and the hits are listed instead.
        let newish = ArticleQuery.matching(try QueryExpression(parsing: "content contains newish"))
        XCTAssertNil(try probedIDs(newish, count: 5))
        XCTAssertEqual(try store.articleSummaries(newish, offset: 0, limit: 5).map(\.id), Array(try everyRow(newish).prefix(5)))
        let oldest = ArticleQuery.matching(try QueryExpression(parsing: "content contains newish"), sort: .oldestFirst)
        XCTAssertNil(try probedIDs(oldest, count: 5, reversed: true), "from the newest dates back, the same")
        XCTAssertNil(try probedIDs(oldest, count: 5), "oldest first, the estimate reads the oldest ids: none says it")
    }

    func testTheIndexSegmentsAreReadFromItsStructure() throws {
        XCTAssertEqual(try store.pool.read { db in try FullTextProbe.segmentCount(db) }, 1, "merged into one")
        try store.apply(feedID: feeds[0], feed: document([item(5_000, content: "<p>common</p>")]), fetch: fetch())
        XCTAssertEqual(try store.pool.read { db in try FullTextProbe.segmentCount(db) }, 2, "one more document, one more")
    }
}
