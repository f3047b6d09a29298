import Foundation
import TestSupport
import XCTest

/// `tidings refresh` with an `[[account]]` against a real FreshRSS, through the Google Reader API and
/// through Fever: the first sync, marks both ways, the conflict rule, and what a sync with nothing new
/// costs (issue 29, tests 1, 2, 3 and 6).
final class SyncRefreshTests: SyncTestCase {
    func testFirstSyncStoresEveryItemWithLabelsAsFoldersGReader() async throws { try await firstSync(.greader) }
    func testFirstSyncStoresEveryItemWithLabelsAsFoldersFever() async throws { try await firstSync(.fever) }
    func testMarksMadeWithTidingsMarkReachTheServerGReader() async throws { try await marksReachServer(.greader) }
    func testMarksMadeWithTidingsMarkReachTheServerFever() async throws { try await marksReachServer(.fever) }
    func testServerMarksArriveAndTheLaterChangeWinsGReader() async throws { try await serverMarksArrive(.greader) }
    func testServerMarksArriveAndTheLaterChangeWinsFever() async throws { try await serverMarksArrive(.fever) }
    func testAHostileItemIsContainedLikeAnyFeedsGReader() async throws { try await hostileItem(.greader) }
    func testAHostileItemIsContainedLikeAnyFeedsFever() async throws { try await hostileItem(.fever) }

    /// An item with a script, terminal escape sequences and a huge title comes through the sync as a
    /// feed's would: stored, and shown and exported without them.
    private func hostileItem(_ kind: SyncProtocol) async throws {
        let key = "hostile-\(UUID().uuidString.prefix(8))"
        // C1 controls: XML (and so FreshRSS) refuses ESC and BEL, but a terminal takes CSI (U+009B) too.
        let title = "Evil \u{9B}2J\u{9D}0;pwned\u{9C} title " + String(repeating: "long ", count: 20_000)
        let body = "<p>fine</p><script>alert('x')</script><img src=x onerror=\"alert(1)\">"
        try await feeds.set(key, body: rssDocument(
            title: "Hostile", link: try feeds.url("/pages/\(key)/"),
            items: [RSSTestItem(title: title, link: try feeds.url("/pages/\(key)/1.html"), guid: key, published: Date(), body: body)]))
        try await subscribe(try feeds.url("/m/\(key)"), label: "News")
        try writeConfig(kind)
        let refresh = try tidings(["refresh"])
        XCTAssertEqual(refresh.status, 0, refresh.stderr)
        XCTAssertEqual(try sqlite("SELECT count(*) FROM articles;"), "1")
        for format in ["text", "tsv", "json"] {
            let export = try tidings(["export", "--format", format])
            XCTAssertEqual(export.status, 0, export.stderr)
            // JSON is data (a control there is escaped or kept as any feed's is); text and TSV reach terminals.
            if format != "json" {
                XCTAssertFalse(export.stdout.unicodeScalars.contains { (0x80...0x9F).contains($0.value) }, format)
            }
            XCTAssertFalse(export.stdout.contains("<script") || export.stdout.contains("onerror"), format)
        }
        XCTAssertTrue(try tidings(["export", "--format", "json"]).stdout.contains("fine"))
    }

    func testExportMarkReadQueuesAndSendsTheMarks() async throws {
        _ = try await threeFeedsInTwoLabels()
        try writeConfig(.greader)
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        let export = try tidings(["export", "--tag", "Tech", "--new", "--mark-read", "--format", "text"])
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertEqual(try sqlite("SELECT action, count(*) FROM sync_outbox GROUP BY 1;"), "read|5")
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        let read = try await serverItems().filter { $0.value.read }.keys
        XCTAssertEqual(Set(read), Set((0..<5).map { "gamma item \($0)" }))
    }

    func testSyncWithNothingNewMakesAtMostThreeRequestsGReader() async throws { try await nothingNew(.greader) }
    func testSyncWithNothingNewMakesAtMostThreeRequestsFever() async throws { try await nothingNew(.fever) }

    /// 3 feeds × 5 items in 2 labels: 15 articles, the labels as the feeds' folders (tags), and titles,
    /// links, dates and bodies as the feeds gave them.
    private func firstSync(_ kind: SyncProtocol) async throws {
        let served = try await threeFeedsInTwoLabels()
        try writeConfig(kind)
        let refresh = try tidings(["refresh"])
        XCTAssertEqual(refresh.status, 0, refresh.stderr)
        XCTAssertEqual(refresh.stderr, "")
        XCTAssertEqual(try tidings(["count"]).stdout, "15 articles in 3 feeds (15 unread, 0 starred)\n")

        let list = try tidings(["feeds", "list", "--json"])
        let feeds = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]], list.stderr)
        XCTAssertEqual(feeds.count, 3)
        for feed in feeds {
            XCTAssertEqual(feed["account"] as? String, "home")
            let title = feed["title"] as? String ?? ""
            XCTAssertEqual(feed["tags"] as? [String], title == "Feed gamma" ? ["Tech"] : ["News"], title)
        }
        XCTAssertTrue(try tidings(["feeds", "list"]).stdout.contains("account home"))

        let news = try exportedItems(["--tag", "News"])
        XCTAssertEqual(Set(news.keys), Set(served[0].items.map(\.title) + served[1].items.map(\.title)))
        let every = try exportedItems([])
        XCTAssertEqual(every.count, 15)
        let dates = ISO8601DateFormatter()
        for item in served.flatMap(\.items) {
            let got = try XCTUnwrap(every[item.title], item.title)
            XCTAssertEqual(got["url"] as? String, item.link)
            XCTAssertEqual((got["date_published"] as? String).flatMap(dates.date(from:)), item.published, item.title)
            XCTAssertEqual(got["content_html"] as? String, item.body, item.title)
        }
    }

    /// `tidings mark` 2 read and 1 starred, then refresh: the server (read through its own API) shows
    /// the same marks, and the outbox is empty.
    private func marksReachServer(_ kind: SyncProtocol) async throws {
        _ = try await threeFeedsInTwoLabels()
        try writeConfig(kind)
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        let read = try tidings(["mark", "read", "--query", "title = \"alpha item 0\" or title = \"beta item 1\""])
        XCTAssertEqual(read.stdout, "2\n", read.stderr)
        XCTAssertEqual(try tidings(["mark", "star", "--query", "title = \"gamma item 2\""]).stdout, "1\n")
        XCTAssertEqual(try sqlite("SELECT action, count(*) FROM sync_outbox GROUP BY 1 ORDER BY 1;"), "read|2\nstar|1")

        let refresh = try tidings(["refresh"])
        XCTAssertEqual(refresh.status, 0, refresh.stderr)
        XCTAssertEqual(try sqlite("SELECT count(*) FROM sync_outbox;"), "0")
        let items = try await serverItems()
        XCTAssertEqual(items.count, 15)
        XCTAssertEqual(Set(items.filter { $0.value.read }.keys), ["alpha item 0", "beta item 1"])
        XCTAssertEqual(Set(items.filter { $0.value.starred }.keys), ["gamma item 2"])
        XCTAssertEqual(try tidings(["count"]).stdout, "15 articles in 3 feeds (13 unread, 1 starred)\n")
    }

    /// Marks made on the server arrive. An article changed on both sides follows the later change:
    /// a local mark made after the server's wins; a server mark made after a local one was sent wins.
    private func serverMarksArrive(_ kind: SyncProtocol) async throws {
        _ = try await threeFeedsInTwoLabels()
        try writeConfig(kind)
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        XCTAssertEqual(try tidings(["mark", "star", "--query", "title = \"alpha item 4\""]).stdout, "1\n")
        XCTAssertEqual(try tidings(["refresh"]).status, 0)

        var items = try await serverItems()
        try await serverEdit([try XCTUnwrap(items["alpha item 1"]).id], add: true, state: "read")
        try await serverEdit([try XCTUnwrap(items["beta item 2"]).id], add: true, state: "starred")
        // Both sides: the server reads gamma 3 first, then Tidings marks it read and unread again.
        try await serverEdit([try XCTUnwrap(items["gamma item 3"]).id], add: true, state: "read")
        XCTAssertEqual(try tidings(["mark", "read", "--query", "title = \"gamma item 3\""]).stdout, "1\n")
        XCTAssertEqual(try tidings(["mark", "unread", "--query", "title = \"gamma item 3\""]).stdout, "1\n")
        // Both sides: the star Tidings sent on alpha 4 is taken back on the server afterwards.
        try await serverEdit([try XCTUnwrap(items["alpha item 4"]).id], add: false, state: "starred")

        let refresh = try tidings(["refresh"])
        XCTAssertEqual(refresh.status, 0, refresh.stderr)
        let local = try localMarks()
        XCTAssertEqual(local["alpha item 1"]?.read, true, "read on the server")
        XCTAssertEqual(local["beta item 2"]?.starred, true, "starred on the server")
        XCTAssertEqual(local["gamma item 3"]?.read, false, "the later local change wins")
        XCTAssertEqual(local["alpha item 4"]?.starred, false, "the later server change wins")
        items = try await serverItems()
        XCTAssertEqual(items["gamma item 3"]?.read, false, "the local change was sent")
        XCTAssertEqual(Set(items.filter { $0.value.read }.keys), ["alpha item 1"])
        XCTAssertEqual(Set(items.filter { $0.value.starred }.keys), ["beta item 2"])
        XCTAssertEqual(Set(local.filter { $0.value.read }.keys), ["alpha item 1"])
        XCTAssertEqual(Set(local.filter { $0.value.starred }.keys), ["beta item 2"])
    }

    /// A refresh after a sync that found everything costs at most 3 API requests (the kept token saves
    /// the login) and changes nothing.
    private func nothingNew(_ kind: SyncProtocol) async throws {
        _ = try await threeFeedsInTwoLabels()
        try writeConfig(kind)
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        if kind == .greader {
            let token = folder + "/cache/tidings/home.greader-token"
            let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: token)[.posixPermissions] as? Int)
            XCTAssertEqual(mode, 0o600)
            XCTAssertFalse(try String(contentsOfFile: token, encoding: .utf8).contains(try server.apiPassword))
        }
        let before = try storeState()
        let logged = try apiLog().count
        let refresh = try tidings(["refresh"])
        XCTAssertEqual(refresh.status, 0, refresh.stderr)
        let requests = Array(try apiLog().dropFirst(logged))
        XCTAssertLessThanOrEqual(requests.count, 3, requests.joined(separator: "\n"))
        XCTAssertFalse(requests.contains { $0.contains("ClientLogin") || $0.contains("edit-tag") }, "\(requests)")
        XCTAssertEqual(try storeState(), before)
    }

    /// The JSON Feed export's items by title.
    private func exportedItems(_ arguments: [String]) throws -> [String: [String: Any]] {
        let export = try tidings(["export", "--format", "json"] + arguments)
        XCTAssertEqual(export.status, 0, export.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
        let items = try XCTUnwrap(object["items"] as? [[String: Any]])
        return Dictionary(items.map { ($0["title"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }
}
