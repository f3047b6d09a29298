import FeedStore
import Foundation
import TestSupport
import XCTest

/// A refresh stores the feeds that are ready at once as one group, in one transaction: a feed ready
/// to store never waits for others to fill a group, and a SIGKILL loses at most the group in flight,
/// whose validators were not committed either, so that the next run fetches exactly those feeds.
final class RefreshGroupCommitTests: FeedServerTestCase {
    func testReadyFeedsAreStoredWhileOthersWaitAndAKillLeavesNoFeedHalfStored() async throws {
        let server = try server
        let count = 60
        // The last two feeds answer only when the gate opens: everything else is ready long before.
        let gate = "group-\(UUID().uuidString.prefix(8))"
        try writeFeedList((0..<count).map {
            (server.url("/feeds/\($0).xml" + ($0 < count - 2 ? "" : "?gate=\(gate)")), String(format: "feed %03d", $0), nil)
        })
        XCTAssertEqual(try TidingsBinary.run(["feeds", "list"] + files.arguments, folder: folder, name: "sync").status, 0)
        let process = try TidingsBinary.start(["refresh"] + files.arguments, folder: folder, name: "killed")
        let store = try FeedStore(path: files.database)
        let ready = (count - 2) * 50
        _ = try await StateWait.until(seconds: 60) { try store.counts().articles >= ready || !process.isRunning }
        XCTAssertTrue(process.isRunning, "the refresh ended while two feeds were still held back")
        XCTAssertEqual(try store.counts().articles, ready, "every feed that answered is stored, none waits for a group")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)

        XCTAssertEqual(try store.integrityCheck(), ["ok"], "pages, search index and stored feed counts")
        var stored = 0
        for feed in try store.feeds() {
            let state = feed.fetchState
            if feed.totalCount > 0 {
                stored += 1
                XCTAssertEqual(feed.totalCount, 50, feed.url)
                XCTAssertNotNil(state.etag, "\(feed.url): its validators were committed with its articles")
                XCTAssertNotNil(state.bodyHash, feed.url)
                XCTAssertNotNil(state.lastSuccessAt, feed.url)
            } else {
                XCTAssertNil(state.etag, "\(feed.url): no validators without the articles")
                XCTAssertNil(state.bodyHash, feed.url)
                XCTAssertNil(state.lastFetchAt, feed.url)
            }
        }
        XCTAssertEqual(stored, count - 2)
        XCTAssertEqual(try store.countArticles(ArticleQuery(search: "realistic")), ready)

        // The next run fetches the two feeds it never stored, and nothing else is due.
        try await server.open(gate: gate)
        let second = try TidingsBinary.run(["refresh", "--json"] + files.arguments, folder: folder, name: "second")
        XCTAssertEqual(second.status, 0, second.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((json["feeds"] as? [Any])?.count, 2)
        XCTAssertEqual(try store.counts().articles, count * 50)
        XCTAssertEqual(try store.countArticles(ArticleQuery(search: "realistic")), count * 50)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }
}
