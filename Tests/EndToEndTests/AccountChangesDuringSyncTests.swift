import Foundation
import TestSupport
import XCTest

/// Commands that change an account's articles or subscriptions while a refresh is inside the
/// account's sync, against a real FreshRSS (the sync held by a proxy after it sent the outbox and
/// read the account): `tidings mark` lands at once and the sync leaves its marks alone (they wait in
/// the outbox, newer than what the service showed), reaching the service with the next refresh;
/// `feeds add --account` and `feeds remove` change the service at once and the store once the sync
/// ended. Both commands land every time.
final class AccountChangesDuringSyncTests: SyncTestCase {
    func testMarksMadeDuringASyncStayAndReachTheServiceGReader() async throws { try await marksDuringSync(.greader) }
    func testMarksMadeDuringASyncStayAndReachTheServiceFever() async throws { try await marksDuringSync(.fever) }

    /// Marks made here and on the server while the sync is held: after it, both are in the store;
    /// after the next refresh, both on the server, and nothing waits.
    private func marksDuringSync(_ kind: SyncProtocol) async throws {
        _ = try await threeFeedsInTwoLabels()
        let proxy = try proxiedAccount(kind)
        defer { proxy.stop() }
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        XCTAssertEqual(try tidings(["mark", "read", "--query", "title = \"alpha item 0\""]).stdout, "1\n")

        let refresh = try await startRefreshHeldInSync(proxy, kind)
        // The outbox went out before the held request: alpha item 0 is read on the server already.
        XCTAssertEqual(try sqlite("SELECT count(*) FROM sync_outbox;"), "0")
        let read = try tidings(["mark", "read", "--query", "title = \"alpha item 1\" or title = \"beta item 1\""])
        XCTAssertEqual(read.stdout, "2\n", read.stderr)
        XCTAssertEqual(try tidings(["mark", "star", "--query", "title = \"gamma item 3\""]).stdout, "1\n")
        // The phone marks another one meanwhile (through FreshRSS's own API, not the proxy).
        let items = try await serverItems()
        try await serverEdit([try XCTUnwrap(items["beta item 4"]?.id)], add: true, state: "read")
        try await proxy.release()
        let held = outcome(refresh, name: "refresh")
        XCTAssertEqual(held.status, 0, held.stderr)

        let expected: [String: (read: Bool, starred: Bool)] = [
            "alpha item 0": (true, false), "alpha item 1": (true, false), "beta item 1": (true, false),
            "gamma item 3": (false, true), "beta item 4": (true, false),
        ]
        try assertMarks(expected, "after the held sync")
        XCTAssertEqual(try sqlite("SELECT count(*) FROM sync_outbox;"), "3", "the marks made meanwhile wait")
        let next = try tidings(["refresh"])
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertEqual(try sqlite("SELECT count(*) FROM sync_outbox;"), "0")
        try assertMarks(expected, "after the next refresh")
        try await assertServerMarks(expected)
        XCTAssertEqual(try sqlite("PRAGMA integrity_check;"), "ok")
    }

    /// `feeds add --account` while the sync is held: subscribed on the service at once, stored once
    /// the sync ended; its items come with the next refresh.
    func testFeedAddedDuringASyncLandsGReader() async throws {
        _ = try await threeFeedsInTwoLabels()
        let proxy = try proxiedAccount(.greader)
        defer { proxy.stop() }
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        let delta = try await makeFeed("delta", count: 3)

        let refresh = try await startRefreshHeldInSync(proxy, .greader)
        let added = try await runWaitingForRefresh(
            ["feeds", "add", delta.url, "--account", "home", "--folder", "Picks"], name: "add", refresh: refresh
        ) {
            let subscribed = try await serverSubscriptions()[delta.url]
            XCTAssertNotNil(subscribed, "subscribed on the service already")
            try await proxy.release()
        }
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertTrue(added.stdout.hasSuffix(" to account home\n"), added.stdout)
        XCTAssertEqual(try sqlite("SELECT count(*) FROM feeds WHERE account = 'home' AND sync_subscription_id IS NOT NULL;"), "4")

        try await waitForServerItems(18)
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        XCTAssertEqual(try sqlite("SELECT count(*) FROM articles WHERE title LIKE 'delta item %';"), "3")
        XCTAssertEqual(try sqlite("SELECT count(*) FROM articles;"), "18")
        XCTAssertEqual(try sqlite("PRAGMA integrity_check;"), "ok")
    }

    /// `feeds remove` of an account's feed while the sync is held: unsubscribed on the service at
    /// once, taken away here (its star kept) once the sync ended, and not brought back by it.
    func testFeedRemovedDuringASyncStaysRemovedGReader() async throws {
        _ = try await threeFeedsInTwoLabels()
        let proxy = try proxiedAccount(.greader)
        defer { proxy.stop() }
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        XCTAssertEqual(try tidings(["mark", "star", "--query", "title = \"beta item 2\""]).stdout, "1\n")

        let refresh = try await startRefreshHeldInSync(proxy, .greader)
        let removed = try await runWaitingForRefresh(["feeds", "remove", "Feed beta"], name: "remove", refresh: refresh) {
            try await proxy.release()
        }
        XCTAssertEqual(removed.status, 0, removed.stderr)
        let subscriptions = try await serverSubscriptions()
        XCTAssertTrue(subscriptions.keys.allSatisfy { !$0.contains("beta") }, "unsubscribed on the service")

        let after = try tidings(["refresh", "--all"])
        XCTAssertEqual(after.status, 0, after.stderr)
        XCTAssertEqual(try sqlite("SELECT count(*) FROM feeds WHERE account = 'home' AND sync_subscription_id IS NOT NULL;"), "2")
        XCTAssertEqual(try sqlite("SELECT title || '|' || starred FROM articles WHERE title LIKE 'beta item %';"), "beta item 2|1",
                       "only the star of the removed feed stays")
        XCTAssertEqual(try sqlite("SELECT count(*) FROM articles;"), "11")
        XCTAssertEqual(try sqlite("PRAGMA integrity_check;"), "ok")
    }

    private func assertMarks(
        _ expected: [String: (read: Bool, starred: Bool)], _ label: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let local = try localMarks()
        for (title, marks) in local {
            let want = expected[title] ?? (false, false)
            XCTAssertEqual(marks.read, want.read, "\(label): \(title) read here", file: file, line: line)
            XCTAssertEqual(marks.starred, want.starred, "\(label): \(title) starred here", file: file, line: line)
        }
        XCTAssertEqual(local.count, 15, label, file: file, line: line)
    }

    private func assertServerMarks(
        _ expected: [String: (read: Bool, starred: Bool)], file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        let items = try await serverItems()
        for (title, item) in items {
            let want = expected[title] ?? (false, false)
            XCTAssertEqual(item.read, want.read, "\(title) read on the server", file: file, line: line)
            XCTAssertEqual(item.starred, want.starred, "\(title) starred on the server", file: file, line: line)
        }
        XCTAssertEqual(items.count, 15, file: file, line: line)
    }
}
