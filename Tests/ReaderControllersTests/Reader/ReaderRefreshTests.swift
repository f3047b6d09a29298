import FeedModel
import FeedStore
import Foundation
import Synchronization
@testable import ReaderControllers
import TerminalView
import XCTest

/// Background refreshes: progress in the status line, new articles reaching the visible list, cancel.
@MainActor
final class ReaderRefreshTests: XCTestCase {
    /// Stores one new article per run in the first feed and reports progress, like RefreshController,
    /// then waits until it is cancelled.
    final class StoringRefresher: ReaderRefreshing, Sendable {
        let store: FeedStore
        private let state = Mutex<(options: [RefreshOptions], cancelled: Bool)>(([], false))
        private let gate = AsyncStream.makeStream(of: Void.self)

        init(store: FeedStore) {
            self.store = store
        }

        var options: [RefreshOptions] { state.withLock { $0.options } }

        func run(_ options: RefreshOptions, progress: @escaping @Sendable (RefreshProgress) -> Void) async throws
            -> RefreshSummary
        {
            state.withLock { $0.options.append(options) }
            guard let feed = try store.feeds().first else { throw CancellationError() }
            try store.apply(feedID: feed.id, feed: ReaderFixture.feed([
                ReaderFixture.article("fresh", "Fresh off the press", day: 20, body: "<p>New.</p>"),
            ]), fetch: FetchRecord(fetchedAt: Date()))
            let result = RefreshFeedResult(feedID: feed.id, url: feed.url, title: feed.displayTitle, status: .updated, new: 1)
            progress(RefreshProgress(done: 1, total: 2, newArticles: 1, errors: 0, latest: result))
            for await _ in gate.stream { break }
            return RefreshSummary(feeds: [result], seconds: 0.1, cancelled: state.withLock { $0.cancelled })
        }

        func cancel() {
            state.withLock { $0.cancelled = true }
            gate.continuation.finish()
        }
    }

    /// A reader whose refreshes run a `StoringRefresher` on the reader's own store; `made()` is the
    /// last one it made.
    private func readerWithStoringRefresher() throws -> (ReaderHarness, () -> StoringRefresher?) {
        var refresher: StoringRefresher?
        var storeRef: FeedStore?
        let reader = try ReaderHarness(self, makeRefresher: {
            let made = StoringRefresher(store: storeRef!)
            refresher = made
            return made
        })
        storeRef = reader.store
        return (reader, { refresher })
    }

    func testRefreshAllRunsInTheBackgroundAndNewArticlesAppear() async throws {
        let (reader, made) = try readerWithStoringRefresher()
        reader.type("\r")  // All unread: 6 rows
        XCTAssertTrue(reader.lines[28].hasSuffix("1/6"))
        reader.type("R")
        XCTAssertTrue(reader.app.processEvents(until: { reader.lines[28].contains("Refreshing 1/2 feeds, 1 new") }))
        XCTAssertTrue(reader.lines[28].hasPrefix("Refreshing 1/2 feeds, 1 new (x, ctrl-c to cancel)"), reader.lines[28])
        reader.type("j")  // the list stays usable meanwhile
        XCTAssertTrue(reader.lines[28].hasSuffix("2/6") || reader.lines[28].hasSuffix("/7"), reader.lines[28])
        reader.type("x")
        XCTAssertTrue(reader.app.waitForRefresh())
        XCTAssertTrue(reader.lines[29].hasPrefix("Refresh cancelled: 1 new"), reader.lines[29])
        XCTAssertTrue(reader.lines[28].hasSuffix("/7"), "the new article reached the visible list: \(reader.lines[28])")
        XCTAssertTrue(reader.screen.contains("Fresh off the press"))
        XCTAssertEqual(made()?.options.first?.all, true)
        XCTAssertEqual(made()?.options.first?.unattended, false)
    }

    func testRefreshOnAFeedAsksForThatFeedOnly() async throws {
        let (reader, made) = try readerWithStoringRefresher()
        reader.type("jjjjjr")  // Beta Blog
        // The refresher reports progress once it has its options; the progress wakes the loop.
        XCTAssertTrue(reader.app.processEvents(until: { reader.lines[28].contains("Refreshing 1/2 feeds") }))
        XCTAssertEqual(made()?.options.first?.feeds, ["https://beta.example/feed"])
        XCTAssertEqual(made()?.options.first?.all, false)
        reader.type("R")
        XCTAssertTrue(reader.lines[29].contains("already running"), reader.lines[29])
        made()?.cancel()
        XCTAssertTrue(reader.app.waitForRefresh())
        XCTAssertFalse(reader.lines[28].contains("Refreshing"))
    }

    func testWithoutARefresherTheKeySaysSo() async throws {
        let reader = try ReaderHarness(self)
        reader.type("R")
        XCTAssertTrue(reader.lines[29].contains("Refreshing is not available"), reader.lines[29])
    }
}
