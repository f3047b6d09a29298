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
        let reader = try ReaderHarness(self, makeRefresher: { IncompleteRefresher(store: storeRef) })
        storeRef = reader.store
        reader.type("R")
        XCTAssertTrue(reader.app.waitForRefresh())
        XCTAssertTrue(reader.lines[29].hasPrefix("Refreshed 1 feed: 2 new, 1 failed (1 incomplete)"), reader.lines[29])
    }
}

/// Reports the store's first feed as cut off, two new articles added from it.
private final class IncompleteRefresher: ReaderRefreshing, @unchecked Sendable {
    let store: FeedStore?
    init(store: FeedStore?) { self.store = store }

    func run(_ options: RefreshOptions, progress: @escaping @Sendable (RefreshProgress) -> Void) async throws
        -> RefreshSummary
    {
        let feed = try XCTUnwrap(try store?.feeds().first)
        let result = RefreshFeedResult(
            feedID: feed.id, url: feed.url, title: feed.displayTitle, status: .incomplete, new: 2,
            error: "incomplete response: the document's root element never closes")
        progress(RefreshProgress(done: 1, total: 1, newArticles: 2, errors: 1, latest: result))
        return RefreshSummary(feeds: [result], seconds: 0.01)
    }

    func cancel() {}
}
