import Foundation
import TestSupport
import XCTest

/// The article view of the real reader in tmux says where its text came from: the full text and its
/// page, or the feed's summary with the reason the full text failed; `F` fetches one article's page
/// on demand and shows its full text.
final class FullTextReaderTmuxTests: FeedServerTestCase {
    private var sessions: [TmuxSession] = []

    override func tearDown() {
        for session in sessions { session.stop() }
        sessions = []
        super.tearDown()
    }

    func testTheArticleViewShowsTheFullTextOrTheReasonAndFFetchesOnDemand() async throws {
        let server = try server
        let key = "ftui-\(UUID().uuidString.prefix(8))"
        try await server.set("\(key)-good", body: FullTextRefreshTests.page(title: "Bridge repairs", word: "zygomorphic"),
                             type: "text/html; charset=utf-8")
        let items = [
            (guid: "u1", title: "Bridge repairs", link: server.url("/m/\(key)-good"), summary: "Bridge in one line."),
            (guid: "u2", title: "Library hours", link: server.url("/m/\(key)-later"), summary: "Library in one line."),
        ]
        let workspace = try await FullTextRefreshTests.workspace(self, server: server, key: key, items: items)
        let refresh = try workspace.run(["refresh", "--all"])
        XCTAssertEqual(refresh.status, 0, refresh.output)

        let session = try TmuxSession(command: workspace.readerCommand(), width: 120, height: 40)
        sessions.append(session)
        try session.waitFor(text: "All unread")
        try session.openFirstSearchResult("Library")
        try session.waitFor(text: "Text      feed summary (full text failed: HTTP 404)")
        try session.waitFor(text: "Library in one line.")

        // The page appears; F fetches it and the view shows the full text in place of the summary.
        try await server.set("\(key)-later", body: FullTextRefreshTests.page(title: "Library hours", word: "quinquennial"),
                             type: "text/html; charset=utf-8")
        try session.send("F")
        try session.waitFor(text: "Text      full text from \(server.url("/m/\(key)-later"))")
        let rows = try session.waitFor(text: "Full text stored.")
        XCTAssertTrue(rows.contains { $0.contains("quinquennial") }, rows.joined(separator: "\n"))
        XCTAssertFalse(rows.contains { $0.contains("Library in one line.") }, rows.joined(separator: "\n"))
        let hits = try await server.hits("\(key)-later")
        XCTAssertEqual(hits, 2, "the refresh's fetch, then F's")

        try session.send("q")
        try session.send("q")
        try session.openFirstSearchResult("Bridge")
        let bridge = try session.waitFor(text: "Text      full text from \(server.url("/m/\(key)-good"))")
        XCTAssertTrue(bridge.contains { $0.contains("zygomorphic question") }, bridge.joined(separator: "\n"))
    }
}
