import FeedModel
import FeedStore
import Foundation
@testable import ReaderControllers
import TerminalView
import XCTest

/// The misbehaviours of issue 12, each pinned: `n` order and wrap-around, `q` after crossing feeds
/// and in a tag's list, the first-run hint, selection colours, key conflicts, messages, the browser.
@MainActor
final class ReaderFixesTests: XCTestCase {
    /// Three feeds of three unread articles (dates ascending A1 < A2 < A3 …, listed newest first).
    private static func threeFeeds(_ store: FeedStore) throws {
        for (index, name) in ["A", "B", "C"].enumerated() {
            let feed = try store.addFeed(url: "https://\(name.lowercased()).example/feed", title: "Feed \(name)", tags: [])
            try store.apply(feedID: feed.id, feed: ReaderFixture.feed((1...3).map { number in
                ReaderFixture.article(
                    "\(name)\(number)", "Story \(name)\(number)", day: Double(index * 10 + number), body: "<p>\(name)\(number)</p>")
            }), fetch: FetchRecord(fetchedAt: ReaderFixture.baseDate.addingTimeInterval(90 * 86_400)))
        }
    }

    func testNextUnreadRunsThroughTheListThenTheFollowingFeedsNeverBack() async throws {
        let reader = try ReaderHarness(self, fill: Self.threeFeeds)
        reader.type("jj\r")  // Feed A: A3, A2, A1
        XCTAssertTrue(reader.lines[0].hasPrefix("Tidings: Feed A"))
        reader.type("\r")  // A3
        var seen = [reader.lines[1]]
        for _ in 0..<8 {
            reader.type("n")
            seen.append(reader.lines[1])
        }
        XCTAssertEqual(seen, [
            "Story A3", "Story A2", "Story A1", "Story B3", "Story B2", "Story B1", "Story C3", "Story C2", "Story C1",
        ])
        reader.type("n")
        XCTAssertTrue(reader.lines[29].hasPrefix("No unread articles left."), reader.lines[29])
        reader.type("q")
        XCTAssertTrue(reader.lines[0].hasPrefix("Tidings: Feed C"), "back goes to the list of the feed shown")
        XCTAssertTrue(reader.lines[28].hasSuffix("3/3"), "with the article shown selected: \(reader.lines[28])")
    }

    func testNextUnreadWrapsAroundToRowsAboveTheSelection() async throws {
        let reader = try ReaderHarness(self, fill: Self.threeFeeds)
        let others = try reader.store.feeds().filter { $0.title != "Feed B" }.map(\.id)
        try reader.store.markAllRead(ArticleQuery(feedIDs: others))
        reader.type("jjj\r")  // Feed B, the only one with unread articles
        XCTAssertTrue(reader.lines[0].hasPrefix("Tidings: Feed B"), reader.lines[0])
        reader.type("G")  // B1, the last row, unread: read it from the list
        reader.type("N")
        reader.type("n")
        XCTAssertEqual(reader.lines[1], "Story B3", "the unread rows above the last one are found")
        reader.type("nn")
        XCTAssertTrue(reader.lines[29].hasPrefix("No unread articles left."), reader.lines[29])
    }

    func testBackInATagsListReturnsToEveryFeedInsteadOfQuitting() async throws {
        let reader = try ReaderHarness(self)
        reader.type("t")
        reader.type("jj\r")  // "tech"
        XCTAssertTrue(reader.lines[0].hasPrefix("Tidings: Feeds tagged tech"), reader.lines[0])
        reader.type("q")
        XCTAssertFalse(reader.app.isFinished)
        XCTAssertTrue(reader.lines[0].hasPrefix("Tidings: Feeds "), reader.lines[0])
        XCTAssertNotNil(reader.line(containing: "# life"), "every feed and tag is listed again")
        reader.type("q")
        XCTAssertTrue(reader.app.isFinished, "q on the full list still quits")
    }

    func testTheFirstRunExplainsHowToAddFeeds() async throws {
        let reader = try ReaderHarness(self, fill: { _ in })
        XCTAssertNotNil(reader.line(containing: "All unread"))
        XCTAssertNotNil(reader.line(containing: "No feeds yet."), reader.screen)
        XCTAssertNotNil(reader.line(containing: "tidings feeds add URL"), reader.screen)
        XCTAssertNotNil(reader.line(containing: "tidings feeds import FILE"), reader.screen)
        XCTAssertFalse(reader.screen.contains("tidings feed add"), "the command is `feeds`, plural")
        let full = try ReaderHarness(self)
        XCTAssertNil(full.line(containing: "No feeds yet."))
    }

    func testTheSelectionColoursWinOverDateAndFeedColours() async throws {
        let reader = try ReaderHarness(self)
        reader.type("\r")  // All unread: columns N, *, date (x 4), feed, title
        let frame = try XCTUnwrap(reader.terminal.frame)
        let dateX = try XCTUnwrap(reader.lines[2].firstIndex(of: "2")).utf16Offset(in: reader.lines[2])
        XCTAssertTrue(frame[dateX, 2].style.reverse)
        XCTAssertNil(frame[dateX, 2].style.foreground, "the selected row's date is not cyan")
        XCTAssertEqual(frame[dateX, 3].style.foreground, .cyan, "other rows keep the date colour")
        var config = ReaderConfig()
        config.theme.selection = Style(foreground: .black, background: .yellow)
        let coloured = try ReaderHarness(self, config: config)
        coloured.type("\r")
        let colouredFrame = try XCTUnwrap(coloured.terminal.frame)
        XCTAssertEqual(colouredFrame[dateX, 2].style.foreground, .black)
        XCTAssertEqual(colouredFrame[dateX, 2].style.background, .yellow)
    }

    func testTheRefreshSummarySaysFeedInTheSingular() async throws {
        var storeRef: FeedStore?
        let reader = try ReaderHarness(self, makeRefresher: { OneFeedRefresher(store: storeRef) })
        storeRef = reader.store
        reader.type("R")
        XCTAssertTrue(reader.app.waitForRefresh())
        XCTAssertTrue(reader.lines[29].hasPrefix("Refreshed 1 feed: 0 new"), reader.lines[29])
    }

    func testALockedRefreshSaysWhatToDoInTheReader() async throws {
        let reader = try ReaderHarness(self, makeRefresher: { LockedRefresher() })
        reader.type("R")
        XCTAssertTrue(reader.app.waitForRefresh())
        XCTAssertTrue(reader.lines[29].contains("another refresh is running"), reader.lines[29])
        XCTAssertTrue(reader.lines[29].contains("press R again"), reader.lines[29])
        XCTAssertFalse(reader.lines[29].contains("--wait"), reader.lines[29])
    }
}

/// Finds the refresh lock taken (by cron, or another window).
private final class LockedRefresher: ReaderRefreshing, Sendable {
    func run(_ options: RefreshOptions, progress: @escaping @Sendable (RefreshProgress) -> Void) async throws
        -> RefreshSummary
    {
        throw RefreshError.locked(path: "/tmp/tidings.db.refresh-lock")
    }

    func cancel() {}
}
