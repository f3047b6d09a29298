import Foundation
import TestSupport
import XCTest

/// Query feeds in the reader's feed list and the key that shows what ignore rules hid, on the built
/// binary in a tmux pane.
final class QueryFeedTmuxTests: XCTestCase {
    private var sessions: [TmuxSession] = []

    override func tearDown() {
        for session in sessions { session.stop() }
        sessions = []
        super.tearDown()
    }

    func testQueryFeedRowsAndShowingIgnoredArticles() throws {
        let workspace = try ReaderWorkspace(self)
        try """
            [[ignore]]
            query = "title =~ \\"^Badgers\\""

            [[query]]
            name = "Dawn or noon"
            query = "title contains dawn or title contains noon"
            """.write(toFile: workspace.config, atomically: true, encoding: .utf8)
        try workspace.prepare()
        let session = try TmuxSession(command: workspace.readerCommand(), width: 100, height: 30)
        sessions.append(session)
        var rows = try session.waitFor("the query feed's counts, read in the background") { rows in
            rows.contains { $0.hasPrefix("» Dawn or noon") && $0.hasSuffix("2       2") }
        }
        let screen = rows.joined(separator: "\n")
        XCTAssertTrue(rows[2].hasPrefix("All unread") && rows[2].hasSuffix("3       3"), screen)
        XCTAssertNotNil(rows.first { $0.hasPrefix("» Dawn or noon") && $0.hasSuffix("2       2") }, screen)
        XCTAssertNotNil(rows.first { $0.hasPrefix("Alpha Wire") && $0.hasSuffix("2       2") }, screen)

        // All unread, Starred, the query feed: open it.
        try session.send("j", "j", "Enter")
        rows = try session.waitFor(text: "Tidings: Query: Dawn or noon")
        XCTAssertTrue(rows[2].hasSuffix("Cormorants at noon"), rows[2])
        XCTAssertTrue(rows[3].hasSuffix("Aardvarks at dawn"), rows[3])
        XCTAssertEqual(rows[4], "")

        try session.send("q", "j", "Enter")
        rows = try session.waitFor(text: "Tidings: Alpha Wire")
        XCTAssertFalse(rows.contains { $0.hasSuffix("Badgers by night") }, rows.joined(separator: "\n"))
        try session.send("I")
        rows = try session.waitFor(text: "Showing 1 hidden article.")
        XCTAssertTrue(rows[3].hasSuffix("Badgers by night"), rows.joined(separator: "\n"))
        try session.send("I")
        rows = try session.waitFor(text: "Hiding 1 ignored article.")
        XCTAssertFalse(rows.contains { $0.hasSuffix("Badgers by night") }, rows.joined(separator: "\n"))
        try session.send("Q")
        try session.waitFor(text: "READER-EXITED-0")
    }
}
