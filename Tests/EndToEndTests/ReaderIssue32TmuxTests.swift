import Foundation
import TestSupport
import XCTest

/// The reader's fixes of issue 32 under tmux on the built binary: `~` in `w` is `$HOME`, `l` drops
/// the row just read from a list of unread articles, `r` on a folder refreshes only its feeds.
final class ReaderIssue32TmuxTests: XCTestCase {
    private var sessions: [TmuxSession] = []

    override func tearDown() {
        for session in sessions { session.stop() }
        sessions = []
        super.tearDown()
    }

    private func start(_ workspace: ReaderWorkspace, prefix: String = "", width: Int = 120) throws -> TmuxSession {
        let session = try TmuxSession(command: prefix + workspace.readerCommand(), width: width, height: 30)
        sessions.append(session)
        try session.waitFor(text: "All unread")
        return session
    }

    /// Moves the feed list's selection from its first row (All unread) down to the row `matches` finds in `rows`.
    private func select(_ session: TmuxSession, _ rows: [String], _ matches: (String) -> Bool) throws {
        let target = try XCTUnwrap(rows.firstIndex(where: matches), rows.joined(separator: "\n"))
        let first = try XCTUnwrap(rows.firstIndex { $0.contains("All unread") }, rows.joined(separator: "\n"))
        for _ in first..<target { try session.send("j") }
    }

    /// Replaces the workspace's feed list with one holding `outlines`.
    private func writeList(_ workspace: ReaderWorkspace, _ outlines: String) throws {
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>Test</title></head><body>
            \(outlines)
            </body></opml>
            """.write(toFile: workspace.feedList, atomically: true, encoding: .utf8)
    }

    func testTildeInSaveIsTheEnvironmentsHome() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let home = workspace.folder.appendingPathComponent("other-home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let session = try start(workspace, prefix: "export HOME='\(home.path)'; ")
        try session.send("j", "j", "Enter")
        try session.waitFor(text: "Tidings: Alpha Wire")
        try session.send("G", "Enter")
        try session.waitFor(text: "The aardvark body text is here.")
        try session.answer("w", prompt: "Save article to", with: "~/saved-by-tilde.txt")
        try session.waitFor(text: "Saved text to \(home.path)/saved-by-tilde.txt")
        let saved = try String(contentsOf: home.appendingPathComponent("saved-by-tilde.txt"), encoding: .utf8)
        XCTAssertTrue(saved.contains("The aardvark body text is here."), saved)
        try session.send("Q")
        try session.waitFor(text: "READER-EXITED-0")
    }

    func testHidingReadArticlesDropsTheRowJustReadInAllUnread() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let session = try start(workspace)
        try session.send("Enter")  // All unread
        try session.waitFor(text: "Cormorants at noon")
        try session.send("/")
        try session.waitFor(text: "Search in list")
        try session.send("Badgers", literal: true)
        try session.send("Enter")
        try session.waitFor(text: "Badgers by night")
        try session.send("N", "l")
        let rows = try session.waitFor(text: "Read articles hidden")
        XCTAssertFalse(rows.contains { $0.contains("Badgers by night") }, rows.joined(separator: "\n"))
        try session.send("Q")
        try session.waitFor(text: "READER-EXITED-0")
    }

    func testRefreshOnAFolderRefreshesOnlyItsFeeds() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        try writeList(workspace, """
            <outline type="rss" xmlUrl="file://\(workspace.folder.path)/evil.json"/>
            <outline text="Inner"><outline type="rss" text="Alpha Wire" xmlUrl="file://\(workspace.folder.path)/alpha.xml"/></outline>
            """)
        let session = try start(workspace)
        let rows = try session.waitFor(text: "- Inner (1)")
        try select(session, rows) { $0.hasPrefix("- Inner (1)") }
        try session.send("r")
        try session.waitFor(text: "Refreshed 1 feed:")
        try session.send("Q")
        try session.waitFor(text: "READER-EXITED-0")
    }

    func testOneFeedIsCountedInTheSingular() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        try writeList(workspace, """
            <outline type="rss" text="Alpha Wire" xmlUrl="file://\(workspace.folder.path)/alpha.xml"/>
            """)
        let session = try start(workspace)
        let rows = try session.waitFor(text: "3 unread, 1 feed")
        XCTAssertFalse(rows.contains { $0.contains("1 feeds") }, rows.joined(separator: "\n"))
        try session.send("Q")
        try session.waitFor(text: "READER-EXITED-0")
    }

    func testARefreshNamesTheFailedFeedsAndAFailedFeedSaysWhy() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        try writeList(workspace, """
            <outline type="rss" text="Alpha Wire" xmlUrl="file://\(workspace.folder.path)/alpha.xml"/>
            <outline type="rss" text="Gone Gazette" xmlUrl="file://\(workspace.folder.path)/gone.xml"/>
            """)
        let session = try start(workspace)
        try session.send("R")
        try session.waitFor(text: "1 failed: Gone Gazette")
        let rows = try session.capture()
        try select(session, rows) { $0.contains("Gone Gazette") && !$0.contains("failed:") }
        try session.send("Enter")
        try session.waitFor(text: "No articles. The last refresh failed:")
        try session.send("Q")
        try session.waitFor(text: "READER-EXITED-0")
    }

    func testColonJumpsToARowByNumberOrToAFeedByName() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let session = try start(workspace)
        try session.answer(":", prompt: ":", with: "ALPHA")
        try session.send("Enter")
        try session.waitFor(text: "Tidings: Alpha Wire")
        try session.send("q")
        try session.waitFor(text: "All unread")
        try session.answer(":", prompt: ":", with: "1")
        try session.send("Enter")
        try session.waitFor(text: "Tidings: All unread")
        try session.send("q")
        try session.answer(":", prompt: ":", with: "99")
        try session.waitFor(text: "No row 99")
        try session.send("Q")
        try session.waitFor(text: "READER-EXITED-0")
    }

    func testAPageLinkingToSeveralFeedsOpensAPicker() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        for (name, title) in [("gamma", "Gamma Gazette"), ("delta", "Delta Digest")] {
            try """
                <?xml version="1.0"?><rss version="2.0"><channel><title>\(title)</title>
                <item><guid>\(name)1</guid><title>\(title) story</title></item></channel></rss>
                """.write(to: workspace.folder.appendingPathComponent("\(name).xml"), atomically: true, encoding: .utf8)
        }
        try """
            <html><head><title>Two feeds</title>
            <link rel="alternate" type="application/rss+xml" title="Gamma Gazette" href="gamma.xml">
            <link rel="alternate" type="application/rss+xml" title="Delta Digest" href="delta.xml">
            </head><body>Hello</body></html>
            """.write(to: workspace.folder.appendingPathComponent("page.html"), atomically: true, encoding: .utf8)
        let session = try start(workspace)
        try session.answer("a", prompt: "Add feed", with: "file://\(workspace.folder.path)/page.html")
        var rows = try session.waitFor(text: "2 feeds found: choose one")
        XCTAssertTrue(rows.contains { $0.contains("Gamma Gazette") && $0.contains("file://") }, rows.joined(separator: "\n"))
        XCTAssertTrue(rows.contains { $0.contains("Delta Digest") && $0.contains("file://") }, rows.joined(separator: "\n"))
        XCTAssertFalse(rows.contains { $0.contains("\u{FFFD}") }, rows.joined(separator: "\n"))
        try session.send("j", "Enter")
        // "Added Delta Digest; refreshing it." may give way to the refresh's summary at once.
        rows = try session.waitFor("Delta Digest listed") { rows in
            rows.first?.hasPrefix("Tidings: Feeds") == true && rows.contains { $0.hasPrefix("Delta Digest") && !$0.contains("file://") }
        }
        let opml = try String(contentsOfFile: workspace.feedList, encoding: .utf8)
        XCTAssertTrue(opml.contains("delta.xml"), opml)
        XCTAssertFalse(opml.contains("gamma.xml"), opml)
        try session.send("Q")
        try session.waitFor(text: "READER-EXITED-0")
    }
}
