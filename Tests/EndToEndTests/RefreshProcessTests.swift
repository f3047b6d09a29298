import FeedStore
import Foundation
import TestSupport
import XCTest

/// `tidings refresh` as a separate process beside this one: killed with SIGKILL mid-run, racing
/// mark-read calls made here, and kept apart from a second refresh by the lock.
final class RefreshProcessTests: FeedServerTestCase {
    private var globalArguments: [String] { files.arguments }

    func testSIGKILLDuringRefreshLosesNothingCommittedAndTheNextRunCompletes() async throws {
        let server = try server
        let count = 200
        // The last four feeds (in list order) answer only when the gate opens, so the run is still
        // going when it is killed, however fast or loaded the machine.
        let gate = "kill-\(UUID().uuidString.prefix(8))"
        try writeFeedList((0..<count).map {
            (server.url("/feeds/\($0).xml?" + ($0 < count - 4 ? "delay=0.02" : "gate=\(gate)")),
             String(format: "feed %03d", $0), nil)
        })
        XCTAssertEqual(try TidingsBinary.run(["feeds", "list"] + globalArguments, folder: folder, name: "sync").status, 0)
        let process = try TidingsBinary.start(["refresh"] + globalArguments, folder: folder, name: "killed")
        let store = try FeedStore(path: files.database)
        _ = try await StateWait.until(seconds: 20) { try store.counts().articles >= 1500 || !process.isRunning }
        XCTAssertTrue(process.isRunning, "the refresh ended before it could be killed")
        XCTAssertGreaterThanOrEqual(try store.counts().articles, 1500)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)

        // The check compares every feed's stored counts with a count of its articles too.
        XCTAssertEqual(try store.integrityCheck(), ["ok"], "pages, search index and stored feed counts")
        // 200 new feeds into an empty store: the run left the list indexes out (`ListIndexes`), and
        // was killed before building them. Lists read the same rows meanwhile, only slower.
        XCTAssertEqual(try listIndexes(), "", "the killed run had left the list indexes out")
        let partial = try store.feeds()
        let done = partial.filter { $0.fetchState.lastFetchAt != nil }
        XCTAssertGreaterThan(done.count, 0)
        XCTAssertLessThan(done.count, count)
        for feed in done { XCTAssertEqual(feed.totalCount, 50, feed.url) }
        XCTAssertEqual(try store.counts().articles, done.count * 50)
        XCTAssertEqual(
            try store.countArticles(ArticleQuery(search: "realistic")), done.count * 50,
            "every stored article is found: its text entered the index in its feed's transaction")

        // The lock died with the process; the next run fetches only what is still due.
        try await server.open(gate: gate)
        let second = try TidingsBinary.run(["refresh", "--json"] + globalArguments, folder: folder, name: "second")
        XCTAssertEqual(second.status, 0, second.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((json["feeds"] as? [Any])?.count, count - done.count)
        XCTAssertEqual(try store.counts().articles, count * 50)
        XCTAssertEqual(try store.countArticles(ArticleQuery(search: "realistic")), count * 50)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
        XCTAssertEqual(
            try listIndexes(), "articles_date articles_starred_date articles_title articles_unread_date",
            "the next run built them again")
    }

    /// The names of the list indexes the store has, in order, through the sqlite3 program.
    private func listIndexes() throws -> String {
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [
            files.database,
            "SELECT group_concat(name, ' ') FROM (SELECT name FROM sqlite_master WHERE name IN ('articles_date', "
                + "'articles_starred_date', 'articles_title', 'articles_unread_date') ORDER BY name);",
        ]
        let output = Pipe()
        sqlite.standardOutput = output
        try sqlite.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        sqlite.waitUntilExit()
        XCTAssertEqual(sqlite.terminationStatus, 0)
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testSIGTERMStopsTheRefreshCleanlyWithExit143() async throws {
        let server = try server
        let count = 40
        let gate = "term-\(UUID().uuidString.prefix(8))"
        try writeFeedList((0..<count).map {
            (server.url("/feeds/\($0).xml?" + ($0 < count - 4 ? "delay=0.4" : "gate=\(gate)")),
             String(format: "t%02d", $0), nil)
        })
        XCTAssertEqual(try TidingsBinary.run(["feeds", "list"] + globalArguments, folder: folder, name: "sync").status, 0)
        let process = try TidingsBinary.start(["refresh"] + globalArguments, folder: folder, name: "terminated")
        let store = try FeedStore(path: files.database)
        _ = try await StateWait.until(seconds: 20) { try store.counts().articles > 0 || !process.isRunning }
        // The last four feeds wait for the gate, so the run cannot have finished: exit 143 with feeds
        // left undone shows it stopped at the signal.
        XCTAssertTrue(process.isRunning, "the refresh ended before it could be stopped")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 143)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
        let done = try store.feeds().filter { $0.fetchState.lastFetchAt != nil }
        XCTAssertLessThan(done.count, count)
        for feed in done { XCTAssertEqual(feed.totalCount, 50) }

        try await server.open(gate: gate)
        let second = try TidingsBinary.run(["refresh"] + globalArguments, folder: folder, name: "after-term")
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(try store.counts().articles, count * 50)
    }

    func testMarksMadeWhileARefreshRewritesArticlesAreNotLost() async throws {
        let server = try server
        let prefix = "race-\(UUID().uuidString.prefix(6))"
        let feeds = 12
        func publish(_ revision: Int) async throws {
            for f in 0..<feeds {
                let items = (0..<50).map { ("\(prefix)-\(f)-\($0)", "Item \($0) of \(f), revision \(revision)") }
                try await server.set("\(prefix)\(f)", body: rssDocument(title: "Race \(f)", items: items))
            }
        }
        try await publish(1)
        try writeFeedList((0..<feeds).map { (server.url("/m/\(prefix)\($0)"), nil, nil) })
        XCTAssertEqual(try TidingsBinary.run(["refresh"] + globalArguments, folder: folder, name: "first").status, 0)
        let store = try FeedStore(path: files.database)
        var ids: [Int64] = []
        try store.forEachArticle(matching: .all, withContent: false) { ids.append($0.id) }
        XCTAssertEqual(ids.count, feeds * 50)

        try await publish(2)
        let process = try TidingsBinary.start(["refresh", "--all"] + globalArguments, folder: folder, name: "race")
        var marked: [Int64] = []
        var markedWhileRunning = 0
        for (index, id) in ids.enumerated() where index % 2 == 0 {
            XCTAssertEqual(try store.setRead(true, articleIDs: [id]), 1)
            marked.append(id)
            if process.isRunning { markedWhileRunning += 1 }
        }
        process.waitUntilExit()
        XCTAssertGreaterThan(markedWhileRunning, 0, "no mark was made while the refresh ran")
        XCTAssertEqual(process.terminationStatus, 0)
        var readIDs: Set<Int64> = []
        var revised = 0
        try store.forEachArticle(matching: .all, withContent: false) { article in
            if article.read { readIDs.insert(article.id) }
            if article.title?.hasSuffix("revision 2") == true { revised += 1 }
        }
        XCTAssertEqual(revised, feeds * 50, "the refresh did not rewrite every article")
        XCTAssertEqual(readIDs, Set(marked))
    }

    func testASecondRefreshExits75AndWaitsWithWait() async throws {
        let server = try server
        // The first refresh's feeds answer only when the gate opens, so it holds the lock until then.
        let gate = "lock-\(UUID().uuidString.prefix(8))"
        try writeFeedList((0..<4).map { (server.url("/feeds/\($0).xml?gate=\(gate)"), nil, nil) })
        let first = try TidingsBinary.start(["refresh"] + globalArguments, folder: folder, name: "first")
        // Wait until it holds the lock, watching /proc/locks (taking the lock to test it could make the
        // first refresh find it taken).
        _ = try await StateWait.until { FlockTable.holds(pid: first.processIdentifier) || !first.isRunning }
        XCTAssertTrue(
            FlockTable.holds(pid: first.processIdentifier),
            "the first refresh never took the lock: "
                + (first.isRunning ? "still running after 30 s" : "it exited \(first.terminationStatus)")
                + "; /proc/locks:\n" + FlockTable.text())
        let refused = try TidingsBinary.run(["refresh"] + globalArguments, folder: folder, name: "refused")
        XCTAssertEqual(refused.status, 75)
        XCTAssertEqual(refused.stdout, "")
        XCTAssertEqual(refused.stderr.split(separator: "\n").count, 1)
        XCTAssertTrue(refused.stderr.hasPrefix("tidings: another refresh is running"), refused.stderr)

        try await server.open(gate: gate)
        let waited = try TidingsBinary.run(["refresh", "--wait", "--all", "--json"] + globalArguments, folder: folder, name: "waited")
        first.waitUntilExit()
        XCTAssertEqual(first.terminationStatus, 0)
        XCTAssertEqual(waited.status, 0, waited.stderr)
        XCTAssertTrue(waited.stdout.contains("\"status\":\"unchanged\""), waited.stdout)
    }
}
