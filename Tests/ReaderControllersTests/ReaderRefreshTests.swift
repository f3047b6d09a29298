import FeedModel
import FeedStore
import Foundation
@testable import ReaderControllers
import TerminalView
import XCTest

/// Background refreshes: progress in the status line, new articles reaching the visible list, cancel.
final class ReaderRefreshTests: XCTestCase {
    /// Stores one new article per run in the first feed and reports progress, like RefreshController.
    final class StoringRefresher: ReaderRefreshing, @unchecked Sendable {
        let store: FeedStore
        let lock = NSLock()
        var options: [RefreshOptions] = []
        var cancelled = false
        let gate = DispatchSemaphore(value: 0)

        init(store: FeedStore) {
            self.store = store
        }

        func run(_ options: RefreshOptions, progress: @escaping @Sendable (RefreshProgress) -> Void) async throws
            -> RefreshSummary
        {
            lock.withLock { self.options.append(options) }
            guard let feed = try store.feeds().first else { throw CancellationError() }
            try store.apply(feedID: feed.id, feed: ReaderFixture.feed([
                ReaderFixture.article("fresh", "Fresh off the press", day: 20, body: "<p>New.</p>"),
            ]), fetch: FetchRecord(fetchedAt: Date()))
            let result = RefreshFeedResult(feedID: feed.id, url: feed.url, title: feed.displayTitle, status: .updated, new: 1)
            progress(RefreshProgress(done: 1, total: 2, newArticles: 1, errors: 0, latest: result))
            gate.wait()
            let wasCancelled = lock.withLock { cancelled }
            return RefreshSummary(feeds: [result], seconds: 0.1, cancelled: wasCancelled)
        }

        func cancel() {
            lock.withLock { cancelled = true }
            gate.signal()
        }
    }

    func testRefreshAllRunsInTheBackgroundAndNewArticlesAppear() throws {
        var refresher: StoringRefresher?
        var storeRef: FeedStore?
        let reader = try ReaderHarness(self, makeRefresher: {
            let made = StoringRefresher(store: storeRef!)
            refresher = made
            return made
        })
        storeRef = reader.store
        reader.type("\r")  // All unread: 6 rows
        XCTAssertTrue(reader.lines[28].hasSuffix("1/6"))
        reader.type("R")
        let deadline = Date().addingTimeInterval(30)
        while !reader.lines[28].contains("Refreshing 1/2 feeds, 1 new"), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            reader.app.processEvents()
        }
        XCTAssertTrue(reader.lines[28].hasPrefix("Refreshing 1/2 feeds, 1 new (x, ctrl-c to cancel)"), reader.lines[28])
        reader.type("j")  // the list stays usable meanwhile
        XCTAssertTrue(reader.lines[28].hasSuffix("2/6") || reader.lines[28].hasSuffix("/7"), reader.lines[28])
        reader.type("x")
        reader.app.waitForRefresh()
        XCTAssertTrue(reader.lines[29].hasPrefix("Refresh cancelled: 1 new"), reader.lines[29])
        XCTAssertTrue(reader.lines[28].hasSuffix("/7"), "the new article reached the visible list: \(reader.lines[28])")
        XCTAssertTrue(reader.screen.contains("Fresh off the press"))
        XCTAssertEqual(refresher?.options.first?.all, true)
        XCTAssertEqual(refresher?.options.first?.unattended, false)
    }

    func testRefreshOnAFeedAsksForThatFeedOnly() throws {
        var refresher: StoringRefresher?
        var storeRef: FeedStore?
        let reader = try ReaderHarness(self, makeRefresher: {
            let made = StoringRefresher(store: storeRef!)
            refresher = made
            return made
        })
        storeRef = reader.store
        reader.type("jjjjjr")  // Beta Blog
        let deadline = Date().addingTimeInterval(30)
        while refresher?.options.isEmpty ?? true, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertEqual(refresher?.options.first?.feeds, ["https://beta.example/feed"])
        XCTAssertEqual(refresher?.options.first?.all, false)
        reader.type("R")
        XCTAssertTrue(reader.lines[29].contains("already running"), reader.lines[29])
        refresher?.cancel()
        reader.app.waitForRefresh()
        XCTAssertFalse(reader.lines[28].contains("Refreshing"))
    }

    func testWithoutARefresherTheKeySaysSo() throws {
        let reader = try ReaderHarness(self)
        reader.type("R")
        XCTAssertTrue(reader.lines[29].contains("Refreshing is not available"), reader.lines[29])
    }
}
