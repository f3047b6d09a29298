import FeedModel
import FeedStore
import Foundation
@testable import ReaderControllers
import TerminalView
import XCTest

/// A query list is counted on the reader's background queue: a key that needs the count waits for
/// the count of the list as it was last read, never for one taken before it was read again.
@MainActor
final class ArticleListCountTests: XCTestCase {
    private static let stories = try? QueryExpression(parsing: "title =~ \"(?i)long.*story\"")

    func testAListReadAgainWhileItIsCountedIsCountedAsItIsNow() async throws {
        let reader = try ReaderHarness(
            self, size: TerminalSize(width: 90, height: 20), fill: ArticleListPagingTests.fillLong)
        let list = ArticleListViewController(
            context: reader.app.context, title: "Stories", query: .matching(try XCTUnwrap(Self.stories)),
            showsFeed: true)
        reader.app.navigation.push(list)
        reader.app.processEvents()
        let feed = try XCTUnwrap(try reader.store.feeds().first)
        // More stories arrive, and the list is read again three times in a row: the counts queued
        // for the first readings are dropped, the last one is the one a key waits for.
        let more = (1_000..<1_150).map { n in
            ReaderFixture.article("long-\(n)", "Long story \(n)", day: Double(n) / 10, body: "<p>Long body \(n)</p>")
        }
        try reader.store.apply(feedID: feed.id, feed: ReaderFixture.feed(more), fetch: FetchRecord(fetchedAt: Date()))
        for _ in 0..<3 { try list.pages.reload() }
        try list.pages.settleTotal()
        XCTAssertTrue(list.pages.totalIsExact)
        XCTAssertEqual(list.pages.total, 1_150)
        reader.type("G")
        XCTAssertTrue(reader.lines[18].hasSuffix("1150/1150"), reader.lines[18])
    }

    func testAListClosedWhileItIsCountedLeavesTheNextListItsOwnCount() async throws {
        let reader = try ReaderHarness(
            self, size: TerminalSize(width: 90, height: 20), fill: ArticleListPagingTests.fillLong)
        var closed: ArticleListPages? = ArticleListPages(
            store: reader.store, query: .matching(try XCTUnwrap(Self.stories)))
        try closed?.reload()
        closed = nil
        let few = try QueryExpression(parsing: "title =~ \"story [1-4]..$\"")
        let pages = ArticleListPages(store: reader.store, query: .matching(few))
        try pages.reload()
        try pages.settleTotal()
        XCTAssertEqual(pages.total, 400)
        XCTAssertTrue(pages.totalIsExact)
    }
}
