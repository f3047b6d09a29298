import Foundation
import TestSupport
import XCTest

/// A feed both in the local feed list and on the account: a read mark made on the server reaches the
/// local copy at the next refresh, and is not sent back to the server as a change made here.
final class SyncMarkCopiesTests: SyncTestCase {
    func testAReadMarkFromTheServerReachesTheLocalCopyAndIsNotSentBackGReader() async throws {
        try await serverReadReachesLocalCopy(.greader)
    }

    func testAReadMarkFromTheServerReachesTheLocalCopyAndIsNotSentBackFever() async throws {
        try await serverReadReachesLocalCopy(.fever)
    }

    private func serverReadReachesLocalCopy(_ kind: SyncProtocol) async throws {
        let served = try await threeFeedsInTwoLabels()
        let list = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>t</title></head><body>
            <outline type="rss" text="Local alpha" xmlUrl="\(served[0].url)"/>
            </body></opml>

            """
        try Data(list.utf8).write(to: URL(fileURLWithPath: files.feedList))
        try writeConfig(kind)
        let first = try tidings(["refresh"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(try sqlite("SELECT count(*) FROM articles WHERE title = 'alpha item 1';"), "2")

        let items = try await serverItems()
        let item = try XCTUnwrap(items["alpha item 1"])
        try await serverEdit([item.id], add: true, state: "read")
        let refresh = try tidings(["refresh"])
        XCTAssertEqual(refresh.status, 0, refresh.stderr)
        XCTAssertEqual(try sqlite("SELECT f.account IS NULL, a.read FROM articles a JOIN feeds f ON f.id = a.feed_id "
                                  + "WHERE a.title = 'alpha item 1' ORDER BY 1;"), "0|1\n1|1")
        XCTAssertEqual(try sqlite("SELECT count(*) FROM sync_outbox;"), "0")

        // The next sync sends nothing and changes nothing back.
        let before = try apiLog().count
        XCTAssertEqual(try tidings(["refresh", "--all"]).status, 0)
        XCTAssertFalse(try apiLog().dropFirst(before).contains { $0.contains("edit-tag") || $0.contains("mark=item") })
        XCTAssertEqual(try sqlite("SELECT count(*) FROM articles WHERE title = 'alpha item 1' AND read = 1;"), "2")
        let onServer = try await serverItems()
        XCTAssertEqual(onServer.values.filter(\.read).count, 1)
    }
}
