import FeedStore
import Foundation
import TestSupport
import XCTest

/// `tidings mark` while a refresh stores feeds (the built binary, the local feed server): marks made
/// while its groups are written, and while it waits for its last feed behind a gate, all land and
/// stay, and the refresh stores every new article. Neither command waits for the other's end: a
/// mark takes its turn at the database's one writer between the refresh's transactions.
final class MarkDuringRefreshTests: FeedServerTestCase {
    func testMarksMadeWhileARefreshStoresFeedsAreKept() async throws {
        let server = try server
        let gate = "mark-\(UUID().uuidString.prefix(8))"
        let count = 40
        // Ten feeds stored before; thirty new ones, the last of them behind the gate.
        try writeFeedList((0..<10).map { (server.url("/feeds/\($0).xml"), nil, nil) })
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        try writeFeedList((0..<count).map {
            (server.url("/feeds/\($0).xml" + ($0 == count - 1 ? "?gate=\(gate)" : "")), nil, nil)
        })
        let refresh = try TidingsBinary.start(["refresh", "--all"] + files.arguments, folder: folder, name: "refresh")

        // Beside the refresh's writes: feeds stored before, and an article of one.
        let read = try tidings(["mark", "read", "--query", "feed = \"feed1\" or feed = \"feed2\""])
        XCTAssertEqual(read.status, 0, read.stderr)
        XCTAssertEqual(read.stdout, "100\n")
        let star = try tidings(["mark", "star", "--query", "title = \"feed3 entry 7\""])
        XCTAssertEqual(star.stdout, "1\n", star.stderr)

        // Once every feed but the gated one is stored (the refresh still running): a feed it stored.
        let store = try FeedStore(path: files.database)
        let ready = try await StateWait.until(seconds: 60) {
            try store.counts().articles >= (count - 1) * 50 || !refresh.isRunning
        }
        XCTAssertTrue(ready && refresh.isRunning, "every feed but the gated one stored, the refresh held")
        let newRead = try tidings(["mark", "read", "--query", "feed = \"feed20\""])
        XCTAssertEqual(newRead.stdout, "50\n", newRead.stderr)
        let unstar = try tidings(["mark", "unstar", "--query", "title = \"feed3 entry 7\""])
        XCTAssertEqual(unstar.stdout, "1\n", unstar.stderr)
        let restar = try tidings(["mark", "star", "--query", "title = \"feed24 item 1\" or title = \"feed3 entry 7\""])
        XCTAssertEqual(restar.stdout, "2\n", restar.stderr)

        try await server.open(gate: gate)
        refresh.waitUntilExit()
        XCTAssertEqual(refresh.terminationStatus, 0, (try? String(contentsOfFile: folder + "/refresh.err", encoding: .utf8)) ?? "")
        XCTAssertEqual(try store.counts().articles, count * 50, "every new article stored")
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
        XCTAssertEqual(try sqlite("""
            SELECT f.display_title, count(*) FROM articles a JOIN feeds f ON f.id = a.feed_id WHERE a.read = 1
            GROUP BY f.id ORDER BY f.display_title;
            """), "feed1|50\nfeed2|50\nfeed20|50", "every read mark kept, no other")
        XCTAssertEqual(try sqlite("SELECT title FROM articles WHERE starred = 1 ORDER BY title;"),
                       "feed24 item 1\nfeed3 entry 7")
        XCTAssertEqual(try tidings(["count"]).stdout, "\(count * 50) articles in \(count) feeds (\(count * 50 - 150) unread, 2 starred)\n")
    }

    private func tidings(_ arguments: [String]) throws -> EndToEndRun {
        try EndToEndRun.tidings(arguments + files.arguments, testCase: self)
    }

    private func sqlite(_ sql: String) throws -> String {
        try SQLiteShell.run(files.database, sql)
    }
}
