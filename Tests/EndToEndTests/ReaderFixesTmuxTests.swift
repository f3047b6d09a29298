import Foundation
import TestSupport
import XCTest

/// Issue 12's misbehaviours on the built binary under tmux: the refresh progress line follows the
/// feeds that are done while a slow one is still loading (command line and reader), `n` runs on into
/// the next feed and `q` goes back to that feed's list, `o` without a browser says so, a key given to
/// two commands stops the reader, and a first run explains how to add feeds.
final class ReaderFixesTmuxTests: XCTestCase {
    private var sessions: [TmuxSession] = []
    private var server: TestFeedServer?

    override func tearDown() {
        for session in sessions { session.stop() }
        sessions = []
        server?.stop()
        super.tearDown()
    }

    private func session(_ command: String) throws -> TmuxSession {
        let session = try TmuxSession(command: command, width: 100, height: 30)
        sessions.append(session)
        return session
    }

    /// Five quick feeds and one that answers only once the test opens `gate` on the local server.
    private func slowFeedList(_ workspace: ReaderWorkspace, gate: String) throws -> TestFeedServer {
        let server = try TestFeedServer(feeds: 6)
        self.server = server
        var outlines = (0..<5).map { "<outline text=\"Quick \($0)\" xmlUrl=\"\(server.url("/feeds/\($0).xml"))\"/>" }
        outlines.append("<outline text=\"Slow\" xmlUrl=\"\(server.url("/feeds/5.xml?gate=\(gate)"))\"/>")
        let opml = "<?xml version=\"1.0\"?><opml version=\"2.0\"><head/><body>\(outlines.joined())</body></opml>"
        try opml.write(toFile: workspace.feedList, atomically: true, encoding: .utf8)
        return server
    }

    func testTheRefreshProgressLineShowsTheQuickFeedsWhileASlowOneLoads() async throws {
        let workspace = try ReaderWorkspace(self)
        let gate = "cli-\(UUID().uuidString.prefix(8))"
        let server = try slowFeedList(workspace, gate: gate)
        let session = try session(
            "'\(workspace.binary.path)' refresh --all --feeds '\(workspace.feedList)' --db '\(workspace.database)'"
                + " --config '\(workspace.config)'; echo REFRESH-EXITED-$?; sleep 600")
        // The slow feed cannot answer before the gate opens: the line must show the quick ones first.
        try session.waitFor(text: "refreshing 5/6 feeds")
        try await server.open(gate: gate)
        try session.waitFor(text: "REFRESH-EXITED-0")
        XCTAssertNotNil(try session.capture().first { $0.hasPrefix("refreshed 6 feeds:") })
    }

    func testTheReadersRefreshStatusShowsTheQuickFeedsWhileASlowOneLoads() async throws {
        let workspace = try ReaderWorkspace(self)
        let gate = "reader-\(UUID().uuidString.prefix(8))"
        let server = try slowFeedList(workspace, gate: gate)
        let session = try session(workspace.readerCommand())
        try session.waitFor(text: "All unread")
        try session.send("R")
        try session.waitFor(text: "Refreshing 5/6 feeds")
        try await server.open(gate: gate)
        try session.waitFor(text: "Refreshed 6 feeds:")
    }

    func testNextUnreadMovesOnToTheNextFeedAndBackGoesToItsList() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let session = try session(workspace.readerCommand())
        try session.waitFor(text: "All unread")
        try session.send("j", "j", "Enter")  // Alpha Wire: Cormorants, Badgers, Aardvarks
        try session.waitFor(text: "Tidings: Alpha Wire")
        try session.send("Enter")
        try session.waitFor(text: "Cormorant body.")
        try session.send("n")
        try session.waitFor(text: "Badgers cross the zebra crossing.")
        try session.send("n")
        try session.waitFor(text: "The aardvark body text is here.")
        try session.send("n")
        var rows = try session.waitFor(text: "Evil body")
        XCTAssertTrue(rows[0].hasPrefix("Tidings: Evil"), rows[0])
        try session.send("n")
        try session.waitFor(text: "No unread articles left.")
        try session.send("q")
        rows = try session.waitFor("the Evil feed's list") { $0.first?.hasPrefix("Tidings: Evil") == true && $0[1].contains("Date") }
        XCTAssertTrue(rows[2].hasSuffix("Sneaky blink"), rows[2])
        try session.send("q", "q")
        try session.waitFor(text: "READER-EXITED-0")
        XCTAssertEqual(try workspace.run(["count"]).output, "4 articles in 2 feeds (0 unread, 0 starred)\n")
    }

    func testBackInATagsListReturnsToTheFeedList() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let opml = try String(contentsOfFile: workspace.feedList, encoding: .utf8)
            .replacingOccurrences(of: "<outline type=\"rss\" text=\"Alpha Wire\"", with: "<outline type=\"rss\" category=\"birds\" text=\"Alpha Wire\"")
        try opml.write(toFile: workspace.feedList, atomically: true, encoding: .utf8)
        let session = try session(workspace.readerCommand())
        try session.waitFor(text: "- birds (1)")
        try session.send("t")
        try session.waitFor(text: "Tidings: Choose a tag")
        try session.send("j", "Enter")
        try session.waitFor(text: "Tidings: Feeds tagged birds")
        try session.send("q")
        try session.waitFor("the full feed list") { $0.first?.hasPrefix("Tidings: Feeds ") == true }
        XCTAssertFalse(try session.capture().contains { $0.contains("READER-EXITED") })
        try session.send("q")
        try session.waitFor(text: "READER-EXITED-0")
    }

    func testOpenWithoutABrowserSaysSo() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        try "browser = \"/nonexistent/tidings-browser %u\"\n".write(toFile: workspace.config, atomically: true, encoding: .utf8)
        let session = try session(workspace.readerCommand())
        try session.waitFor(text: "All unread")
        try session.send("j", "j", "Enter")
        try session.waitFor(text: "Tidings: Alpha Wire")
        try session.send("o")
        let rows = try session.waitFor(text: "Cannot open the browser: no browser")
        XCTAssertFalse(rows.contains { $0.contains("Opened") })
    }

    func testAKeyBoundToTwoCommandsStopsTheReaderWithOneLine() throws {
        let workspace = try ReaderWorkspace(self)
        try "[keys]\nup = \"k\"\ndown = \"k\"\n".write(toFile: workspace.config, atomically: true, encoding: .utf8)
        let result = try workspace.run([])
        XCTAssertEqual(result.status, 78)
        XCTAssertEqual(
            result.output, "tidings: config \(workspace.config): key 'k' is bound to both 'up' and 'down' in [keys]\n")
    }

    func testReadHelpListsTheKeysOfTheConfigInUse() throws {
        let workspace = try ReaderWorkspace(self)
        try "[keys]\nsearch = \"n\"\nnext_unread = [\"J\", \"f5\"]\n[macros]\nv = [\"toggle_star\", \"down\"]\n".write(
            toFile: workspace.config, atomically: true, encoding: .utf8)
        let help = try workspace.run(["read", "--help"])
        XCTAssertEqual(help.status, 0)
        let words = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(words.contains("Keys in effect (from \(workspace.config)):"), help.output)
        let lines = help.output.components(separatedBy: "\n")
        XCTAssertTrue(lines.contains { $0.hasPrefix("  n ") && $0.hasSuffix("full-text search") }, help.output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("  J, f5 ") && $0.contains("next unread article") }, help.output)
        XCTAssertFalse(lines.contains { $0.hasPrefix("  / ") }, "/ no longer searches")
        XCTAssertTrue(lines.contains { $0.hasPrefix("  , v ") && $0.hasSuffix("macro: toggle_star, down") }, help.output)
    }

    func testTheFirstRunExplainsHowToAddFeeds() throws {
        let workspace = try ReaderWorkspace(self)
        let session = try session(workspace.readerCommand())
        let rows = try session.waitFor(text: "No feeds yet.")
        XCTAssertTrue(rows.contains { $0.contains("tidings feeds add URL") }, rows.joined(separator: "\n"))
        XCTAssertTrue(rows.contains { $0.contains("tidings feeds import FILE") })
        let commands = rows.compactMap(Self.namedCommand)
        XCTAssertEqual(commands, [["feeds", "add"], ["feeds", "import"]], rows.joined(separator: "\n"))
        for command in commands {
            let help = try workspace.run(command + ["--help"])
            XCTAssertEqual(help.status, 0, "the first-run screen names `tidings \(command.joined(separator: " "))`: \(help.output)")
            XCTAssertTrue(help.output.contains("USAGE: tidings \(command.joined(separator: " "))"), help.output)
        }
        XCTAssertNotEqual(try workspace.run(["feed", "add", "--help"]).status, 0, "a command that does not exist fails")
    }

    /// The subcommand words of a screen row that shows a command line (`  tidings feeds add URL  …`):
    /// the words after `tidings` up to the first placeholder in capitals; nil for other rows.
    private static func namedCommand(_ row: String) -> [String]? {
        let words = row.split(separator: " ").map(String.init)
        guard words.first == "tidings" else { return nil }
        return Array(words.dropFirst().prefix { $0 != $0.uppercased() })
    }
}
