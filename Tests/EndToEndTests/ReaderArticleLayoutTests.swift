import Foundation
import TestSupport
import XCTest

/// The article view of the real reader in tmux keeps laid-out text as laid out: preformatted code
/// keeps its indentation, nested lists their indent per level.
final class ReaderArticleLayoutTests: XCTestCase {
    private var sessions: [TmuxSession] = []

    override func tearDown() {
        for session in sessions { session.stop() }
        sessions = []
        super.tearDown()
    }

    private static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Stores the bundled `Feeds/rss20-blog.xml` (copied, so the feed list the reader may rewrite is
    /// the workspace's) and opens the reader on it.
    private func startOnTheBlogFeed() throws -> TmuxSession {
        let workspace = try ReaderWorkspace(self)
        let feed = workspace.folder.appendingPathComponent("rss20-blog.xml")
        try FileManager.default.copyItem(at: Self.packageRoot.appendingPathComponent("Feeds/rss20-blog.xml"), to: feed)
        let opml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>Blog</title></head><body>
            <outline type="rss" text="The Tinkerer's Bench" xmlUrl="file://\(feed.path)"/>
            </body></opml>
            """
        try opml.write(toFile: workspace.feedList, atomically: true, encoding: .utf8)
        let refresh = try workspace.run(["refresh", "--all"])
        XCTAssertEqual(refresh.status, 0, refresh.output)
        let session = try TmuxSession(command: workspace.readerCommand(), width: 80, height: 30)
        sessions.append(session)
        try session.waitFor(text: "All unread")
        return session
    }

    func testPreformattedCodeKeepsItsIndentation() throws {
        let session = try startOnTheBlogFeed()
        try session.openFirstSearchResult("frameworks")
        let rows = try session.waitFor(text: "int main(void) {")
        let code = try XCTUnwrap(rows.firstIndex(of: "int main(void) {"), rows.joined(separator: "\n"))
        XCTAssertEqual(Array(rows[code...].prefix(3)), ["int main(void) {", "    return serve(8080);", "}"])
    }
}
