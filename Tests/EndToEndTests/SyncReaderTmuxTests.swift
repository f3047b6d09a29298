import Foundation
import TestSupport
import XCTest

/// The reader never waits for a feed service (issue 29, item 6 and test 4), under tmux against a real
/// FreshRSS through both protocols: with the server stopped it opens, syncs in the background, says
/// `home: offline, N changes waiting` (counting the marks made in it), and keys keep working; with
/// the server back, `R` sends the changes exactly once and shows the server's new articles.
final class SyncReaderTmuxTests: SyncTestCase {
    func testTheReaderQueuesMarksWhileTheServerIsDownGReader() async throws { try await offlineReader(.greader) }
    func testTheReaderQueuesMarksWhileTheServerIsDownFever() async throws { try await offlineReader(.fever) }

    private func offlineReader(_ kind: SyncProtocol) async throws {
        let served = try await threeFeedsInTwoLabels()
        try writeConfig(kind)
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        try server.pause()
        XCTAssertEqual(try tidings(["mark", "read", "--query", "title = \"gamma item 4\""]).stdout, "1\n")

        // A mark waits, so the account is due: the reader opens at once and finds the server down.
        let session = try TmuxSession(command: readerCommand(), width: 100, height: 30)
        defer { session.stop() }
        try session.waitFor(text: "home: offline, 1 change waiting")
        try session.send("Enter")
        try session.waitFor("an article list") { $0.contains { $0.contains("item") } }
        try session.send("N", "j", "N")
        try session.waitFor(text: "home: offline, 3 changes waiting")
        XCTAssertEqual(try sqlite("SELECT count(*) FROM sync_outbox;"), "3")
        try session.send("?")
        try session.waitFor(text: "Keys (q or ? to close)")
        try session.send("q")
        try session.send("R")  // the server is still down: the marks stay queued
        try session.waitFor(text: "Sync failed: account home: ")
        try session.waitFor(text: "home: offline, 3 changes waiting")

        try server.resume()
        try await serveAgain(served[0].url, items: served[0].items, extra: "alpha item new")
        try await waitForServerItems(16)
        let logged = try apiLog().count
        try session.send("R")
        try session.waitFor(text: "alpha item new")
        try session.waitFor("the account's status gone") { !$0.contains { $0.contains("home: ") } }
        XCTAssertEqual(try sqlite("SELECT count(*) FROM sync_outbox;"), "0")
        let readHere = Set(try sqlite("SELECT title FROM articles WHERE read = 1;").split(separator: "\n").map(String.init))
        XCTAssertEqual(readHere.count, 3)
        let readThere = Set(try await serverItems().filter { $0.value.read }.keys)
        XCTAssertEqual(readThere, readHere)
        try session.send("Q")
        try session.waitFor(text: "EXITED-0")

        let edits = try apiLog().dropFirst(logged).filter {
            kind == .greader ? $0.contains("/edit-tag") : $0.hasSuffix("/api/fever.php?api")
        }
        XCTAssertEqual(edits.count, kind == .greader ? 1 : 3, "each change sent once: \(edits)")
        let again = try apiLog().count
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        XCTAssertFalse(try apiLog().dropFirst(again).contains { $0.contains("/edit-tag") || $0.hasSuffix("?api") })
    }

    /// The reader in the pane, with the test's files and its own XDG folders.
    private func readerCommand() throws -> String {
        "printf 'BEFORE-READER\\n'; " + (try paneCommand([]))
    }

    /// Serves the feed at `url` again as `makeFeed` served `items`, with one more item titled `extra`,
    /// dated now (the newest).
    private func serveAgain(_ url: String, items: [ServedFeedItem], extra: String) async throws {
        let key = String(url.split(separator: "/").last ?? "")
        var entries = items.enumerated().map { index, item in
            RSSTestItem(title: item.title, link: item.link, guid: "\(key)-\(index)", published: item.published, body: item.body)
        }
        entries.insert(
            RSSTestItem(title: extra, link: try feeds.url("/pages/\(key)/new.html"), guid: "\(key)-new", published: Date(), body: "<p>new</p>"),
            at: 0)
        try await feeds.set(key, body: rssDocument(title: "Feed alpha", link: try feeds.url("/pages/\(key)/"), items: entries))
    }
}
