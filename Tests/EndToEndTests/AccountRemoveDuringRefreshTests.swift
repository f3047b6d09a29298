import Foundation
import TestSupport
import XCTest

/// `tidings account remove home --yes` while a `tidings refresh` of a local feed and the account runs,
/// against a real FreshRSS: the refresh is held at a known point (the local feed behind a gate of the
/// feed server, or the account's sync behind a proxy that holds its first request for changes), the
/// removal starts and waits for the refresh's lock, then the refresh is let go. Both land, the
/// removal last: nothing of the local feed is lost, the account's rows are gone (its star kept)
/// rather than half there (a sync state without its articles), and the database is sound.
final class AccountRemoveDuringRefreshTests: SyncTestCase {
    func testRemoveWhileTheRefreshFetchesTheLocalFeedGReader() async throws {
        try await removeWhileHeld(.greader, inSync: false)
    }

    func testRemoveWhileTheAccountSyncsGReader() async throws {
        try await removeWhileHeld(.greader, inSync: true)
    }

    func testRemoveWhileTheAccountSyncsFever() async throws {
        try await removeWhileHeld(.fever, inSync: true)
    }

    /// The account synced once (one article starred and sent), then a refresh held either while it
    /// fetches the gated local feed or inside the account's sync, and `account remove` started then.
    private func removeWhileHeld(_ kind: SyncProtocol, inSync: Bool) async throws {
        _ = try await threeFeedsInTwoLabels()
        let proxy = try proxiedAccount(kind)
        defer { proxy.stop() }
        let local = try feeds.url("/feeds/0.xml")
        let gate = "remove-\(UUID().uuidString.prefix(8))"
        // Held in the sync: the local feed is stored before and not due then. Held at the local feed:
        // it is listed (and due) only for the held refresh, behind the gate.
        try writeLocalList(inSync ? [local] : [])
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        XCTAssertEqual(try tidings(["mark", "star", "--query", "title = \"beta item 2\""]).stdout, "1\n")
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        let starred = try await serverItems()["beta item 2"]?.starred
        XCTAssertEqual(starred, true, "the star was sent")
        XCTAssertEqual(try accountState(), .whole(keptStars: 0))

        let refresh: Process
        if inSync {
            refresh = try await startRefreshHeldInSync(proxy, kind)
        } else {
            try writeLocalList([local + "?gate=\(gate)"])
            refresh = try TidingsBinary.start(["refresh"] + files.arguments, folder: folder, name: "refresh")
            let locked = try await StateWait.until(seconds: 60) { FlockTable.isLocked(self.files.refreshLock) || !refresh.isRunning }
            XCTAssertTrue(locked && refresh.isRunning, "the refresh holds its lock, its local feed behind the gate")
        }
        // It waits for the refresh (its sync writes the same rows) instead of removing beneath it.
        let removeRun = try await runWaitingForRefresh(["account", "remove", "home", "--yes"], name: "remove", refresh: refresh) {
            if inSync { try await proxy.release() } else { try await feeds.open(gate: gate) }
        }
        XCTAssertEqual(removeRun.status, 0, removeRun.stderr)
        XCTAssertEqual(removeRun.stdout, "removed account home: 3 feeds, 14 articles, 0 marks not sent; 1 starred articles kept\n")

        XCTAssertEqual(try sqlite("PRAGMA integrity_check;"), "ok")
        XCTAssertEqual(try sqlite("SELECT count(*) FROM articles a JOIN feeds f ON f.id = a.feed_id WHERE f.account IS NULL "
            + "AND f.url LIKE '%/feeds/0.xml%';"), "50", "the local feed's articles")
        XCTAssertEqual(try accountState(), .gone, "removed after the sync: never half there")
        // A refresh after both syncs the account anew (config.toml still names it): whole again.
        let after = try tidings(["refresh"])
        XCTAssertEqual(after.status, 0, after.stderr)
        XCTAssertEqual(try accountState(), .whole(keptStars: 1))
        XCTAssertEqual(try sqlite("PRAGMA integrity_check;"), "ok")
    }

    /// What the store holds of the account `home`.
    private enum AccountState: Equatable {
        /// Its sync state, 3 feeds and their 15 articles; `keptStars` starred articles of an earlier
        /// removal kept beside them, no longer synced.
        case whole(keptStars: Int)
        /// No sync state, feed or outbox entry of it: only its starred article kept.
        case gone
        /// Anything else, as the store shows it.
        case broken(String)
    }

    private func accountState() throws -> AccountState {
        let rows = try sqlite("""
            SELECT count(*) FROM sync_accounts WHERE name = 'home';
            SELECT count(*) FROM feeds WHERE account = 'home' AND sync_subscription_id IS NOT NULL;
            SELECT count(*) FROM articles a JOIN feeds f ON f.id = a.feed_id
                WHERE f.account = 'home' AND f.sync_subscription_id IS NOT NULL;
            SELECT count(*) FROM sync_outbox WHERE account = 'home';
            SELECT count(*) FROM articles a JOIN feeds f ON f.id = a.feed_id
                WHERE f.account = 'home' AND f.sync_subscription_id IS NULL AND a.starred = 1 AND a.title = 'beta item 2';
            """).split(separator: "\n").joined(separator: " ")
        switch rows {
        case "1 3 15 0 0": return .whole(keptStars: 0)
        case "1 3 15 0 1": return .whole(keptStars: 1)
        case "0 0 0 0 1": return .gone
        default: return .broken("sync state, feeds, articles, outbox, kept stars: \(rows)")
        }
    }
}
