import Foundation
import TestSupport
import XCTest

/// The real `tidings` reader in a tmux pane: keys in, screen out, marks persisted, layout following
/// the pane size, hostile feed text harmless, and the terminal given back on quit.
final class ReaderTmuxTests: XCTestCase {
    private var sessions: [TmuxSession] = []

    override func tearDown() {
        for session in sessions { session.stop() }
        sessions = []
        super.tearDown()
    }

    private func start(_ workspace: ReaderWorkspace, width: Int = 100, height: Int = 30) throws -> TmuxSession {
        let session = try TmuxSession(command: workspace.readerCommand(), width: width, height: height)
        sessions.append(session)
        try session.waitFor(text: "All unread")
        return session
    }

    func testReadAnArticleGoBackAndTheMarkOutlivesTheProgram() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let session = try start(workspace)
        var rows = try session.capture()
        XCTAssertTrue(rows[0].hasPrefix("Tidings: Feeds"), rows[0])
        XCTAssertNotNil(rows.first { $0.hasPrefix("Alpha Wire") && $0.hasSuffix("3       3") }, rows.joined(separator: "\n"))

        // Down to Alpha Wire (All unread, Starred, Alpha Wire, Evil...) and open it.
        try session.send("j", "j", "Enter")
        rows = try session.waitFor(text: "Tidings: Alpha Wire")
        XCTAssertTrue(rows[2].hasSuffix("Cormorants at noon"), rows[2])
        XCTAssertTrue(rows[4].hasPrefix("N") && rows[4].hasSuffix("Aardvarks at dawn"), rows[4])

        try session.send("G", "Enter")
        rows = try session.waitFor(text: "The aardvark body text is here.")
        XCTAssertEqual(rows[1], "Aardvarks at dawn")
        XCTAssertTrue(rows.contains("URL       https://alpha.example/1"))

        try session.send("q")
        rows = try session.waitFor("the list with the article read") { rows in
            rows.count > 4 && rows[4].hasSuffix("Aardvarks at dawn") && !rows[4].hasPrefix("N")
        }
        XCTAssertTrue(rows[3].hasPrefix("N"), rows[3])

        try session.send("Q")
        try session.waitFor(text: "READER-EXITED-0")
        let count = try workspace.run(["count"])
        XCTAssertEqual(count.output, "4 articles in 2 feeds (3 unread, 0 starred)\n")

        // Reopened, the mark is still there.
        let again = try start(workspace)
        try again.send("j", "j", "Enter")
        rows = try again.waitFor(text: "Tidings: Alpha Wire")
        XCTAssertFalse(rows[4].hasPrefix("N"), rows[4])
        try again.send("Q")
        try again.waitFor(text: "READER-EXITED-0")
    }

    func testSearchFindsArticlesByBodyText() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let session = try start(workspace)
        try session.send("/")
        try session.waitFor(text: "Search:")
        try session.send("zebra", literal: true)
        try session.send("Enter")
        let rows = try session.waitFor(text: "Tidings: Search: zebra")
        XCTAssertTrue(rows[2].hasSuffix("Badgers by night"), rows[2])
        XCTAssertEqual(rows[3], "")
        try session.send("Enter")
        try session.waitFor(text: "Badgers cross the zebra crossing.")
    }

    func testTheLayoutFollowsThePaneSize() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let session = try start(workspace)
        var rows = try session.capture()
        XCTAssertEqual(rows.first { $0.hasPrefix("Tidings: Feeds") }?.count, 100)
        try session.resize(width: 60, height: 12)
        rows = try session.waitFor("a 60-column layout") { rows in
            rows.first?.count == 60 && rows.first?.hasSuffix("? help") == true
        }
        XCTAssertEqual(rows.filter { !$0.isEmpty }.last?.count, 60, "the status line spans the new width")
        XCTAssertTrue(rows[10].hasSuffix("3 unread, 2 feeds") || rows[10].hasSuffix("4 unread, 2 feeds"), rows[10])
        try session.resize(width: 120, height: 20)
        rows = try session.waitFor("a 120-column layout") { $0.first?.count == 120 }
        XCTAssertTrue(rows[18].hasSuffix("unread, 2 feeds"), rows[18])
    }

    func testHostileFeedTextIsShownAsHarmlessText() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let session = try start(workspace)
        let rows = try session.waitFor(text: "Evil")
        let evil = try XCTUnwrap(rows.first { $0.contains("Evil") })
        XCTAssertTrue(evil.hasPrefix("Evil"), evil)
        XCTAssertTrue(evil.hasSuffix("1       1"), "the row keeps its columns: \(evil)")
        XCTAssertTrue(rows[0].hasPrefix("Tidings: Feeds"), "nothing cleared or moved the screen")
        XCTAssertNotEqual(try session.format("#{pane_title}"), "pwned")
        try session.send("G", "Enter", "Enter")
        let article = try session.waitFor(text: "Evil body")
        XCTAssertTrue(article[1].hasPrefix("Sneaky"), article[1])
        XCTAssertTrue(article[0].hasPrefix("Tidings: Evil"), article[0])
    }

    func testQuittingGivesTheTerminalBack() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let session = try start(workspace)
        XCTAssertEqual(try session.format("#{alternate_on}"), "1")
        XCTAssertEqual(try session.format("#{cursor_flag}"), "0")
        try session.send("Enter")
        try session.waitFor(text: "Tidings: All unread")
        try session.send("Q")
        let rows = try session.waitFor(text: "READER-EXITED-0")
        XCTAssertEqual(rows.first, "BEFORE-READER", "the shell's screen is back")
        XCTAssertFalse(rows.contains { $0.contains("All unread") })
        XCTAssertEqual(try session.format("#{alternate_on}"), "0")
        XCTAssertEqual(try session.format("#{cursor_flag}"), "1")
        XCTAssertEqual(try session.format("#{mouse_any_flag}"), "0")
    }

    func testWithoutATerminalTheReaderRefusesInOneLine() throws {
        let workspace = try ReaderWorkspace(self)
        let result = try workspace.run([])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.output, "tidings: the reader needs a terminal (standard input and output are not one)\n")
        let read = try workspace.run(["read"])
        XCTAssertEqual(read.status, 2)
    }

    func testAMalformedConfigExits78WithOneLine() throws {
        let workspace = try ReaderWorkspace(self)
        try "sort = \"sideways\"\n".write(toFile: workspace.config, atomically: true, encoding: .utf8)
        let result = try workspace.run([])
        XCTAssertEqual(result.status, 78)
        XCTAssertEqual(
            result.output,
            "tidings: config \(workspace.config): 'sort' must be \"newest-first\", \"oldest-first\", \"title-a-z\", "
                + "\"title-z-a\", \"by-feed\" or \"by-feed-z-a\"\n")
        try "[keys\n".write(toFile: workspace.config, atomically: true, encoding: .utf8)
        let broken = try workspace.run([])
        XCTAssertEqual(broken.status, 78)
        XCTAssertTrue(broken.output.hasPrefix("tidings: config \(workspace.config):1"), broken.output)
        XCTAssertEqual(broken.output.filter { $0 == "\n" }.count, 1)
    }
}
