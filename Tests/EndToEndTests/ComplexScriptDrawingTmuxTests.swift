import Foundation
import TestSupport
import XCTest

/// The reader draws the Polyglot feed of `Feeds/demo.opml` (CJK, ZWJ emoji, combining marks,
/// Devanagari and Tamil, right-to-left text) under tmux, and after every step of a walk through its
/// articles the screen is the one a full redraw (Ctrl-L) gives: no cell of an earlier screen left over.
final class ComplexScriptDrawingTmuxTests: XCTestCase {
    private var session: TmuxSession?

    override func tearDown() {
        session?.stop()
        session = nil
        super.tearDown()
    }

    /// The demo feeds copied into the workspace (the list names its files relative to its folder),
    /// the workspace's feed list pointing at the copy, and stored.
    private func prepareDemo(_ workspace: ReaderWorkspace) throws {
        let feeds = TestFeedServer.packageRoot.appendingPathComponent("Feeds")
        let copy = workspace.folder.appendingPathComponent("Feeds")
        try FileManager.default.copyItem(at: feeds, to: copy)
        try FileManager.default.removeItem(atPath: workspace.feedList)
        try FileManager.default.copyItem(atPath: copy.appendingPathComponent("demo.opml").path, toPath: workspace.feedList)
        for file in try FileManager.default.contentsOfDirectory(atPath: copy.path) where file != "demo.opml" {
            try? FileManager.default.copyItem(
                at: copy.appendingPathComponent(file), to: workspace.folder.appendingPathComponent(file))
        }
        let refresh = try workspace.run(["refresh", "--all"])
        XCTAssertEqual(refresh.status, 0, refresh.output)
    }

    /// Shows a message on the status line (an unbound key), waits for it, and returns the rows above it.
    private func settled(_ session: TmuxSession, key: String) throws -> [String] {
        try session.send(key)
        let rows = try session.waitFor(text: "Unknown key \(key)")
        guard let status = rows.lastIndex(where: { $0.contains("Unknown key \(key)") }) else { return rows }
        return Array(rows[..<status])
    }

    /// The screen now, then after Ctrl-L: the same rows (the status line's message aside).
    private func assertSameAsRedrawn(_ session: TmuxSession, _ step: String, line: UInt = #line) throws {
        let shown = try settled(session, key: "X")
        try session.send("C-l")
        let redrawn = try settled(session, key: "Y")
        XCTAssertEqual(shown, redrawn, "after \(step) the screen differs from its redraw", line: line)
    }

    func testEveryScreenOfThePolyglotFeedEqualsItsFullRedraw() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        try prepareDemo(workspace)
        let session = try TmuxSession(command: workspace.readerCommand(), width: 100, height: 30)
        self.session = session
        let rows = try session.waitFor(text: "Polyglot")
        let top = try XCTUnwrap(rows.firstIndex { $0.contains("All unread") }, rows.joined(separator: "\n"))
        let polyglot = try XCTUnwrap(rows.firstIndex { $0.contains("Polyglot") }, rows.joined(separator: "\n"))
        for _ in top..<polyglot { try session.send("j") }
        try session.send("Enter")
        try session.waitFor(text: "北京と東京の天気予報")
        try assertSameAsRedrawn(session, "opening Polyglot")
        for article in 0..<8 {
            try session.send("Enter")
            try session.waitFor(text: "polyglot.example/\(article + 1)")
            try assertSameAsRedrawn(session, "opening article \(article + 1)")
            try session.send("q")
            try session.waitFor(text: "Tidings: Polyglot")
            try assertSameAsRedrawn(session, "leaving article \(article + 1)")
            try session.send("j")
        }
        try session.send("q")
        try session.waitFor(text: "All unread")
        try assertSameAsRedrawn(session, "going back to the feed list")
        try session.send("g", "Enter")
        try session.waitFor(text: "Tidings: All unread")
        try assertSameAsRedrawn(session, "opening All unread")
        try session.send("Q")
        try session.waitFor(text: "READER-EXITED-0")
    }
}
