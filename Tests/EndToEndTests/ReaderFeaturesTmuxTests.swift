import Foundation
import TestSupport
import XCTest

/// Issue 12's new reader features on the built binary under tmux with a real store: the feed list
/// in OPML order with folders, hiding read articles and feeds, the run-time sort order, the URL view,
/// copying with OSC 52, piping and saving an article, macros, and changing feeds from the reader.
final class ReaderFeaturesTmuxTests: XCTestCase {
    private var sessions: [TmuxSession] = []

    override func tearDown() {
        for session in sessions { session.stop() }
        sessions = []
        super.tearDown()
    }

    private func start(_ workspace: ReaderWorkspace, _ extra: String = "") throws -> TmuxSession {
        let session = try TmuxSession(command: workspace.readerCommand(extra), width: 100, height: 30)
        sessions.append(session)
        try session.waitFor(text: "All unread")
        return session
    }

    /// The workspace's two feeds with Alpha Wire put in the folder "Birds", listed after the other feed.
    private func foldered(_ workspace: ReaderWorkspace) throws {
        try workspace.prepare()
        let opml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>Test</title></head><body>
            <outline type="rss" xmlUrl="file://\(workspace.folder.path)/evil.json"/>
            <outline text="Birds"><outline type="rss" text="Alpha Wire" xmlUrl="file://\(workspace.folder.path)/alpha.xml"/></outline>
            </body></opml>
            """
        try opml.write(toFile: workspace.feedList, atomically: true, encoding: .utf8)
    }

    func testTheFeedListFollowsTheFileWithFoldersThatFold() throws {
        let workspace = try ReaderWorkspace(self)
        try foldered(workspace)
        let session = try start(workspace)
        var rows = try session.waitFor(text: "- Birds (1)")
        let evil = try XCTUnwrap(rows.firstIndex { $0.hasPrefix("Evil") })
        let birds = try XCTUnwrap(rows.firstIndex { $0.hasPrefix("- Birds (1)") })
        XCTAssertLessThan(evil, birds, "the file's order, not the titles'")
        XCTAssertTrue(rows[birds + 1].hasPrefix("· Alpha Wire"), rows[birds + 1])
        XCTAssertTrue(rows[birds].hasSuffix("3       3"), rows[birds])
        try session.send("G", "k", "Enter")
        rows = try session.waitFor(text: "+ Birds (1)")
        XCTAssertFalse(rows.contains { $0.contains("Alpha Wire") })
        try session.send("z")
        try session.waitFor(text: "· Alpha Wire")
        try session.send("Q")
        try session.waitFor(text: "READER-EXITED-0")
        try "feed_list = \"alphabetical\"\n".write(toFile: workspace.config, atomically: true, encoding: .utf8)
        let again = try start(workspace)
        rows = try again.waitFor(text: "# Birds (1)")
        let alpha = try XCTUnwrap(rows.firstIndex { $0.hasPrefix("Alpha Wire") })
        XCTAssertLessThan(alpha, try XCTUnwrap(rows.firstIndex { $0.hasPrefix("Evil") }))
    }

    func testYCopiesTheURLIntoTheTerminalsClipboard() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let session = try start(workspace)
        try session.tmux("set-option", "-g", "set-clipboard", "on")
        try session.send("j", "j", "Enter")
        try session.waitFor(text: "Tidings: Alpha Wire")
        try session.send("y")
        try session.waitFor(text: "Copied https://alpha.example/3")
        XCTAssertEqual(try session.tmux("show-buffer"), "https://alpha.example/3")
        try session.send("Enter", "2", "y")  // no numbered links in this body: says so
        try session.waitFor(text: "No link [2].")
    }

    func testSortHideSaveAndAMacroInTheRealReader() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        try "[macros]\ns = [\"toggle_star\", \"down\"]\n".write(toFile: workspace.config, atomically: true, encoding: .utf8)
        let session = try start(workspace)
        try session.send("j", "j", "Enter")
        var rows = try session.waitFor(text: "date, newest first | 1/3")
        XCTAssertTrue(rows[2].hasSuffix("Cormorants at noon"), rows[2])
        try session.send("S", "S")
        rows = try session.waitFor(text: "title A-Z | 1/3")
        XCTAssertTrue(rows[2].hasSuffix("Aardvarks at dawn"), rows[2])
        try session.send(",", "s")
        try session.waitFor("the first row starred") { $0.count > 2 && $0[2].hasPrefix("N *") }
        try session.send("k", "Enter")  // read Aardvarks, back, hide read ones
        try session.waitFor(text: "The aardvark body text is here.")
        let path = workspace.folder.appendingPathComponent("saved.txt").path
        try session.answer("w", prompt: "Save article to", with: path)
        try session.waitFor(text: "Saved text to")
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("Aardvarks at dawn\n"))
        try session.send("q", "l")
        rows = try session.waitFor(text: "unread only | 1/2")
        XCTAssertFalse(rows.contains { $0.contains("Aardvarks") })
        try session.send("Q")
        try session.waitFor(text: "READER-EXITED-0")
        XCTAssertEqual(try workspace.run(["count"]).output, "4 articles in 2 feeds (3 unread, 1 starred)\n")
    }

    func testAddEditAndUnsubscribeGoThroughTheFeedList() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let gamma = workspace.folder.appendingPathComponent("gamma.xml")
        try """
            <rss version="2.0"><channel><title>Gamma Gazette</title><link>https://gamma.example/</link>
            <item><guid>g1</guid><title>Geese in the garden</title></item></channel></rss>
            """.write(to: gamma, atomically: true, encoding: .utf8)
        let session = try start(workspace)

        try session.send("a")
        try session.waitFor(text: "Add feed (URL or web page):")
        try session.send("file://\(gamma.path)", literal: true)
        try session.send("Enter")
        // "Added Gamma Gazette; refreshing it." shows until the refresh reports "Refreshed 1 feed".
        try session.waitFor("the feed added") { rows in
            rows.contains { $0.hasPrefix("Added Gamma Gazette; refreshing it.") || $0.hasPrefix("Refreshed 1 feed: 1 new") }
        }
        var rows = try session.waitFor("Gamma with its article") { rows in
            rows.contains { $0.hasPrefix("Gamma Gazette") && $0.hasSuffix("1       1") }
        }
        var opml = try String(contentsOfFile: workspace.feedList, encoding: .utf8)
        XCTAssertTrue(opml.contains("gamma.xml"), opml)

        // Edit Alpha Wire: title, a folder, an interval.
        let alpha = try XCTUnwrap(rows.firstIndex { $0.hasPrefix("Alpha Wire") })
        try session.send("g")
        for _ in 0..<(alpha - 2) { try session.send("j") }
        try session.send("e")
        try session.waitFor(text: "Title (empty: the feed's own):")
        try session.send("C-u")
        try session.send("Birds of Alpha", literal: true)
        try session.send("Enter")
        try session.waitFor(text: "Tags, comma-separated")
        try session.send("birds", literal: true)
        try session.send("Enter")
        try session.waitFor(text: "Refresh interval")
        try session.send("6h", literal: true)
        try session.send("Enter")
        try session.waitFor(text: "Full text of new articles (yes/no): no")
        try session.send("Enter")
        rows = try session.waitFor(text: "· Birds of Alpha")
        XCTAssertTrue(rows.contains { $0.hasPrefix("- birds (1)") && $0.hasSuffix("3       3") }, rows.joined(separator: "\n"))
        opml = try String(contentsOfFile: workspace.feedList, encoding: .utf8)
        XCTAssertTrue(opml.contains("title=\"Birds of Alpha\""), opml)
        XCTAssertTrue(opml.contains("6h"), opml)
        XCTAssertTrue(opml.contains("text=\"birds\""), opml)

        // Unsubscribe from the evil feed: asked first, "n" keeps it.
        let evil = try XCTUnwrap(rows.firstIndex { $0.hasPrefix("Evil") })
        try session.send("g")
        for _ in 0..<(evil - 2) { try session.send("j") }
        try session.send("D")
        try session.waitFor(text: "and delete its 1 article? (y/n)")
        try session.send("n")
        try session.waitFor(text: "Kept Evil")
        try session.send("D")
        try session.waitFor(text: "(y/n)")
        try session.send("y")
        rows = try session.waitFor(text: "Unsubscribed from Evil")
        XCTAssertFalse(rows.contains { $0.hasPrefix("Evil") })
        try session.send("Q")
        try session.waitFor(text: "READER-EXITED-0")
        opml = try String(contentsOfFile: workspace.feedList, encoding: .utf8)
        XCTAssertFalse(opml.contains("evil.json"), opml)
        let count = try workspace.run(["count"]).output
        XCTAssertTrue(count.hasPrefix("4 articles in 2 feeds"), "Alpha kept its 3 articles through the edit: \(count)")
    }

    func testMarkAllReadCanBeUndone() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let session = try start(workspace)
        try session.send("A")
        try session.waitFor(text: "Marked 4 articles read in All unread. (U undoes)")
        XCTAssertEqual(try workspace.run(["count", "--unread"]).output, "0 unread articles in 0 feeds\n")
        try session.send("U")
        try session.waitFor(text: "Undone: 4 articles are unread again in All unread.")
        XCTAssertEqual(try workspace.run(["count", "--unread"]).output, "4 unread articles in 2 feeds\n")
        try session.send("U")
        try session.waitFor(text: "Nothing to undo.")
    }
}
