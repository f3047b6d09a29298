import FeedModel
import FeedStore
import Foundation
import XCTest

/// `FeedStore.apply(group:)`: several documents in one transaction store exactly what applying them
/// one by one stores, and a failure anywhere in the group leaves none of them stored.
final class ApplyGroupTests: XCTestCase {
    private func documents(_ feeds: Int) -> [Feed] {
        (0..<feeds).map { f in
            document(title: "Feed \(f)", (0..<5).map { item(f * 10 + $0, content: "<p>Common word \(f)-\($0)</p>") })
        }
    }

    func testAGroupStoresWhatApplyingEachDocumentAloneStores() throws {
        let alone = try makeStore(self)
        let grouped = try makeStore(self)
        let feeds = documents(4)
        var aloneResults: [ApplyResult] = []
        var group: [(document: PreparedDocument, fetch: FetchRecord)] = []
        for (n, feed) in feeds.enumerated() {
            let record = fetch(etag: "\"e\(n)\"", hash: "h\(n)")
            let aloneID = try alone.addFeed(url: "https://example.org/\(n)").id
            aloneResults.append(try alone.apply(feedID: aloneID, feed: feed, fetch: record))
            let groupedID = try grouped.addFeed(url: "https://example.org/\(n)").id
            group.append((try grouped.prepare(feedID: groupedID, feed: feed, fetchedAt: fetchTime), record))
        }
        let groupResults = try grouped.apply(group: group)

        XCTAssertEqual(groupResults.map(\.new), aloneResults.map(\.new))
        XCTAssertEqual(groupResults.map(\.newArticleIDs), aloneResults.map(\.newArticleIDs))
        XCTAssertEqual(try grouped.titles(.all), try alone.titles(.all))
        XCTAssertEqual(
            try grouped.feeds().map { [$0.fetchState.etag, $0.fetchState.bodyHash, $0.feedTitle] },
            try alone.feeds().map { [$0.fetchState.etag, $0.fetchState.bodyHash, $0.feedTitle] })
        XCTAssertEqual(try grouped.countArticles(ArticleQuery(search: "common")), 20)
        XCTAssertEqual(try grouped.countArticles(ArticleQuery(search: "\"2-3\"")), 1)
        XCTAssertEqual(try grouped.integrityCheck(), ["ok"])

        // Stored again as a group, the same documents change nothing.
        let again = try grouped.apply(group: group)
        XCTAssertEqual(again.map(\.unchanged), [5, 5, 5, 5])
        XCTAssertEqual(again.map(\.new), [0, 0, 0, 0])
    }

    func testAFailureInTheGroupLeavesNoneOfItsDocumentsStored() throws {
        let store = try makeStore(self)
        let feeds = documents(3)
        var group: [(document: PreparedDocument, fetch: FetchRecord)] = []
        for (n, feed) in feeds.enumerated() {
            let id = try store.addFeed(url: "https://example.org/\(n)").id
            group.append((try store.prepare(feedID: id, feed: feed, fetchedAt: fetchTime), fetch(etag: "\"e\(n)\"")))
        }
        // The last document's feed is gone by the time the group is stored.
        let last = try XCTUnwrap(group.last?.document.feedID)
        XCTAssertTrue(try store.removeFeed(id: last))

        XCTAssertThrowsError(try store.apply(group: group))
        XCTAssertEqual(try store.counts().articles, 0, "the documents before the failing one are rolled back")
        XCTAssertEqual(try store.feeds().map(\.fetchState.etag), [nil, nil], "no validators without their articles")
        XCTAssertEqual(try store.feeds().map(\.fetchState.lastFetchAt), [nil, nil])
        XCTAssertEqual(try store.countArticles(ArticleQuery(search: "common")), 0)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }
}
