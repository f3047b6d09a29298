import FeedModel
import FeedStore
import Foundation
import XCTest

final class ExportTests: XCTestCase {
    private var store: FeedStore!
    private var feedID: Int64 = 0

    override func setUpWithError() throws {
        store = try makeStore(self)
        feedID = try store.addFeed(url: "https://example.org/feed", title: "Ex").id
        try store.apply(feedID: feedID, feed: document((1...5).map { item($0) }), fetch: fetch())
    }

    private func export(_ query: ArticleQuery, limit: Int? = nil, withContent: Bool = true) throws -> [StoredArticle] {
        var rows: [StoredArticle] = []
        try store.forEachArticle(matching: query, limit: limit, withContent: withContent) { rows.append($0) }
        return rows
    }

    func testStreamsInOrderWithLimitAndOptionalContent() throws {
        let all = try export(ArticleQuery(sort: .oldestFirst))
        XCTAssertEqual(all.map { $0.title ?? "" }, (1...5).map { "Post number \($0)" })
        XCTAssertEqual(all.first?.content, "<p>Body of post 1</p>")
        XCTAssertEqual(all.first?.feedTitle, "Ex")
        XCTAssertEqual(all.first?.authors.first?.name, "Author 1")
        XCTAssertEqual(try export(.all, limit: 2).map { $0.title ?? "" }, ["Post number 5", "Post number 4"])
        let light = try export(.all, withContent: false)
        XCTAssertEqual(light.count, 5)
        XCTAssertNil(light.first?.content)
        XCTAssertNil(light.first?.summary)
        XCTAssertEqual(light.first?.url, "https://example.org/posts/5")
    }

    func testAnErrorThrownByTheBodyStopsTheStream() throws {
        struct Full: Error {}
        var written = 0
        XCTAssertThrowsError(try store.forEachArticle(matching: .all) { _ in
            written += 1
            if written == 2 { throw Full() }
        }) { XCTAssertTrue($0 is Full) }
        XCTAssertEqual(written, 2)
    }

    func testNewExportsOnlyWhatTheStateHasNotExported() throws {
        let query = ArticleQuery(notExportedBy: "digest", sort: .oldestFirst)
        let first = try export(query)
        XCTAssertEqual(first.count, 5)
        // Nothing is recorded until the caller says the output is complete.
        XCTAssertEqual(try export(query).count, 5)
        try store.advanceExportState(name: "digest", through: first.map(\.id), markRead: false)
        XCTAssertEqual(try export(query).count, 0, "the second run exports nothing")

        try store.apply(feedID: feedID, feed: document((1...7).map { item($0) }), fetch: fetch())
        let next = try export(query)
        XCTAssertEqual(next.map { $0.title ?? "" }, ["Post number 6", "Post number 7"])

        // Another state is independent.
        let other = ArticleQuery(notExportedBy: "web", sort: .oldestFirst)
        XCTAssertEqual(try export(other, limit: 3).count, 3)
        try store.advanceExportState(name: "web", through: try export(other, limit: 3).map(\.id), markRead: true)
        XCTAssertEqual(try export(other).map { $0.title ?? "" }, ["Post number 4", "Post number 5", "Post number 6",
                                                                   "Post number 7"])
        XCTAssertEqual(try export(query).count, 2)
        XCTAssertEqual(try store.countArticles(.allUnread), 4, "markRead marked the three exported")

        let states = try store.exportStates()
        XCTAssertEqual(states.map(\.name), ["digest", "web"])
        XCTAssertEqual(states.map(\.exportedCount), [5, 3])
        XCTAssertNotNil(states.first?.lastExportAt)
        XCTAssertTrue(try store.removeExportState(name: "web"))
        XCTAssertFalse(try store.removeExportState(name: "web"))
        XCTAssertEqual(try export(other).count, 7)
    }

    func testAdvancingSkipsArticlesDeletedMeanwhile() throws {
        let ids = try export(.all).map(\.id)
        try store.removeFeed(id: feedID)
        XCTAssertNoThrow(try store.advanceExportState(name: "s", through: ids + [987_654], markRead: true))
        XCTAssertEqual(try store.exportStates().first?.exportedCount, 0)
    }

    func testStreamingDoesNotBlockWritersAndSeesOneSnapshot() throws {
        var seen = 0
        try store.forEachArticle(matching: .all) { _ in
            seen += 1
            if seen == 1 {
                // A second connection (as the refresh process would) writes while the stream is open.
                let writer = try FeedStore(path: store.path)
                try writer.apply(feedID: feedID, feed: document((1...9).map { item($0) }), fetch: fetch())
            }
        }
        XCTAssertEqual(seen, 5)
        XCTAssertEqual(try store.countArticles(.all), 9)
    }

    func testBodiesHandedOverUndecodedReadTheSameAsDecoded() throws {
        // Long enough to be stored compressed, with a summary as well.
        let long = "<p>" + String(repeating: "A body long enough to be compressed, ünïcode and all. ", count: 20) + "</p>"
        var article = item(9, content: long)
        article.summary = "<p>" + String(repeating: "The summary, also compressed. ", count: 10) + "</p>"
        try store.apply(feedID: feedID, feed: document([article]), fetch: fetch())
        let decoded = try export(.all)
        var deferred: [StoredArticle] = []
        try store.forEachArticle(matching: .all, decodingBodies: false) { deferred.append($0) }
        XCTAssertEqual(deferred.count, decoded.count)
        XCTAssertEqual(decoded.first?.content, long)
        for (lazy, eager) in zip(deferred, decoded) {
            XCTAssertEqual(lazy.content, eager.content)
            XCTAssertEqual(lazy.summary, eager.summary)
            for summary in [false, true] {
                var copy = lazy
                copy.decodeBodies(summary: summary)
                XCTAssertEqual(copy.content, eager.content)
                XCTAssertEqual(copy.summary, eager.summary)
            }
        }
        XCTAssertEqual(deferred.first?.summary, article.summary)
    }
}
