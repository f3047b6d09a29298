import FeedStore
import Foundation
@testable import ReaderControllers
import XCTest

/// The reader's refresh shows a cut-off response like a failure: counted as failed, named as
/// incomplete, and shown as an error.
@MainActor
final class ReaderIncompleteRefreshTests: XCTestCase {
    func testAnIncompleteFeedIsCountedAsFailedAndNamed() async throws {
        var storeRef: FeedStore?
        let reader = try ReaderHarness(self, makeRefresher: {
            OneFeedRefresher(
                store: storeRef, status: .incomplete, new: 2,
                error: "incomplete response: the document's root element never closes")
        })
        storeRef = reader.store
        reader.type("R")
        XCTAssertTrue(reader.app.waitForRefresh())
        XCTAssertTrue(reader.lines[29].hasPrefix("Refreshed 1 feed: 2 new, 1 failed: Alpha News (1 incomplete)"), reader.lines[29])
    }

    func testAFullDiskStopIsOneLineNotAListOfFailedFeeds() async throws {
        var storeRef: FeedStore?
        let line = "the database /x/tidings.db: database or disk is full; what was stored stays, the next refresh fetches the rest"
        let reader = try ReaderHarness(self, makeRefresher: {
            OneFeedRefresher(store: storeRef, status: .failed, error: "cannot store: database or disk is full", storeFailure: line)
        })
        storeRef = reader.store
        reader.type("R")
        XCTAssertTrue(reader.app.waitForRefresh())
        XCTAssertTrue(reader.lines[29].hasPrefix("Refresh stopped: the database /x/tidings.db: database or disk is full"), reader.lines[29])
    }
}

/// Reports one outcome for the store's first feed: a refresh as the reader sees it, without fetching.
final class OneFeedRefresher: ReaderRefreshing, @unchecked Sendable {
    let store: FeedStore?
    let status: RefreshFeedStatus
    let new: Int
    let error: String?
    let storeFailure: String?

    init(
        store: FeedStore?, status: RefreshFeedStatus = .unchanged, new: Int = 0, error: String? = nil,
        storeFailure: String? = nil
    ) {
        self.store = store
        self.status = status
        self.new = new
        self.error = error
        self.storeFailure = storeFailure
    }

    func run(_ options: RefreshOptions, progress: @escaping @Sendable (RefreshProgress) -> Void) async throws
        -> RefreshSummary
    {
        let feed = try XCTUnwrap(try store?.feeds().first)
        let result = RefreshFeedResult(
            feedID: feed.id, url: feed.url, title: feed.displayTitle, status: status, new: new, error: error)
        progress(RefreshProgress(
            done: 1, total: 1, newArticles: new, errors: result.isFailure ? 1 : 0, latest: result))
        return RefreshSummary(feeds: [result], seconds: 0.01, storeFailure: storeFailure)
    }

    func cancel() {}
}
