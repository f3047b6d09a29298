import FeedModel
import FeedStore
import Foundation
@testable import ReaderControllers
import TerminalView
import XCTest

/// A long feed list: every feed is a row with its stored counts, but the feeds' titles and fetch
/// states are read only for the rows on screen, a page at a time, as the list scrolls.
@MainActor
final class FeedListPagingTests: XCTestCase {
    private static let feedCount = 400

    private static func fill(_ store: FeedStore) throws {
        for n in 0..<feedCount {
            let feed = try store.addFeed(url: "https://feed\(n).example/rss", title: String(format: "Feed %03d", n))
            guard n % 100 == 7 else { continue }
            try store.apply(
                feedID: feed.id,
                feed: ReaderFixture.feed([ReaderFixture.article("a\(n)", "Story of \(n)", day: 1, body: "<p>x</p>")]),
                fetch: FetchRecord(fetchedAt: Date(), status: 200))
        }
    }

    private func feedList(_ reader: ReaderHarness) throws -> FeedListViewController {
        try XCTUnwrap(reader.app.navigation.viewControllers.first as? FeedListViewController)
    }

    func testTheFirstScreenReadsOnlyThePageOfFeedsItShows() async throws {
        let reader = try ReaderHarness(self, size: TerminalSize(width: 80, height: 24), fill: Self.fill)
        XCTAssertNotNil(reader.line(containing: "Feed 000"))
        XCTAssertNotNil(reader.line(containing: "Feed 007"))
        XCTAssertTrue(try XCTUnwrap(reader.line(containing: "Feed 007")).hasSuffix("1       1"), "counts of every row")
        XCTAssertTrue(reader.line(containing: "All unread")?.contains("4") ?? false, "4 unread over all 400 feeds")
        let list = try feedList(reader)
        XCTAssertEqual(list.rows.count, 2 + Self.feedCount)
        XCTAssertGreaterThan(list.storedFeeds.count, 0)
        XCTAssertLessThanOrEqual(list.storedFeeds.count, 120, "a page of feeds read, not all 400")

        reader.type("G")  // the last row: its page is read as it comes on screen
        XCTAssertNotNil(reader.line(containing: "Feed 399"), reader.screen)
        XCTAssertNotNil(reader.line(containing: "Feed 385"))
        XCTAssertLessThan(list.storedFeeds.count, Self.feedCount)
        XCTAssertNil(reader.line(containing: "https://"), "every row on screen shows its title: \(reader.screen)")

        reader.type("k\r")  // Feed 398: its list opens with the feed's title
        XCTAssertTrue(reader.lines[0].contains("Feed 398"), reader.lines[0])
    }
}
