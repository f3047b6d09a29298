import Foundation
import TestSupport
import XCTest

/// The reader's `a`, `e` and `D` change the feed list as it is on disk when the change is made, never
/// the copy the reader read at start: feeds a CLI `feeds add` put in the list meanwhile stay (the built
/// binary under tmux, real files).
final class ReaderFeedListLockTmuxTests: XCTestCase {
    private var sessions: [TmuxSession] = []

    override func tearDown() {
        sessions.forEach { $0.stop() }
        sessions = []
        super.tearDown()
    }

    private func writeFeed(_ workspace: ReaderWorkspace, _ name: String, title: String) throws -> String {
        let path = workspace.folder.appendingPathComponent(name).path
        try """
            <rss version="2.0"><channel><title>\(title)</title><link>https://\(name).example/</link>
            <item><guid>\(name)-1</guid><title>Item of \(title)</title></item></channel></rss>
            """.write(toFile: path, atomically: true, encoding: .utf8)
        return "file://" + path
    }

    func testTheReadersAddAndUnsubscribeKeepFeedsAddedByTheCommandLineMeanwhile() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let gamma = try writeFeed(workspace, "gamma.xml", title: "Gamma Gazette")
        let delta = try writeFeed(workspace, "delta.xml", title: "Delta Daily")
        let epsilon = try writeFeed(workspace, "epsilon.xml", title: "Epsilon Echo")
        let session = try TmuxSession(command: workspace.readerCommand(), width: 100, height: 30)
        sessions.append(session)
        try session.waitFor(text: "All unread")

        // The reader has read the list; the command line adds a feed behind its back.
        let added = try workspace.run(["feeds", "add", delta])
        XCTAssertEqual(added.status, 0, added.output)
        try session.send("a")
        try session.waitFor(text: "Add feed (URL or web page):")
        try session.send(gamma, literal: true)
        try session.send("Enter")
        try session.waitFor("the feed added") { rows in
            rows.contains { $0.hasPrefix("Added Gamma Gazette; refreshing it.") || $0.hasPrefix("Refreshed 1 feed") }
        }
        var opml = try String(contentsOfFile: workspace.feedList, encoding: .utf8)
        XCTAssertTrue(opml.contains("gamma.xml") && opml.contains("delta.xml"), opml)

        // Another command-line add, then the reader unsubscribes from the feed under its cursor.
        XCTAssertEqual(try workspace.run(["feeds", "add", epsilon]).status, 0)
        let rows = try session.waitFor("Gamma listed") { rows in rows.contains { $0.hasPrefix("Gamma Gazette") } }
        let gammaRow = try XCTUnwrap(rows.firstIndex { $0.hasPrefix("Gamma Gazette") })
        // `g` selects the screen's third row (as ReaderFeaturesTmuxTests counts), then down to Gamma.
        try session.send("g")
        for _ in 0..<(gammaRow - 2) { try session.send("j") }
        try session.send("D")
        try session.waitFor(text: "Unsubscribe from")
        let prompt = try session.capture().first { $0.hasPrefix("Unsubscribe from") } ?? ""
        XCTAssertTrue(prompt.contains("Gamma Gazette"), prompt)
        try session.send("y", literal: true)
        try session.waitFor(text: "Unsubscribed from")
        opml = try String(contentsOfFile: workspace.feedList, encoding: .utf8)
        XCTAssertTrue(opml.contains("epsilon.xml"), "the command line's add survives the reader's change: \(opml)")
        XCTAssertTrue(opml.contains("delta.xml"), opml)
        XCTAssertFalse(opml.contains("gamma.xml"), opml)
        XCTAssertEqual(opml.components(separatedBy: "xmlUrl=").count - 1, 4, "\(prompt)\n\(opml)")
        try session.send("Q")
        try session.waitFor(text: "READER-EXITED-0")
    }
}
