import Foundation
import TestSupport
import XCTest

/// The protocol an account of a sync test speaks.
enum SyncProtocol: String, CaseIterable {
    case greader, fever
}

/// A sync test against a real FreshRSS (../shared/sync), started for each test with its own data, and
/// the project's feed server for the feeds it subscribes to. Each test gets a folder with the feed
/// list, database, config (one `[[account]]` named `home`), a 0600 password file and its own
/// XDG_CACHE_HOME; `tidings` runs the built binary there.
class SyncTestCase: XCTestCase {
    private(set) var freshRSS: FreshRSSServer?
    private(set) var feedServer: TestFeedServer?
    private(set) var folder = ""
    var files: TestFiles { TestFiles(folder: folder) }
    var environment: [String: String] { ["XDG_CACHE_HOME": folder + "/cache", "TZ": "UTC"] }

    override func setUpWithError() throws {
        try super.setUpWithError()
        guard FreshRSSServer.isAvailable else {
            throw XCTSkip("no FreshRSS here: \(FreshRSSServer.scriptFolder)/freshrss.sh is absent")
        }
        folder = try TemporaryFolder.make(self, prefix: "tidings-sync")
        freshRSS = try FreshRSSServer()
        feedServer = try TestFeedServer(feeds: 1)
        let password = folder + "/password"
        try Data("\(try server.apiPassword)\n".utf8).write(to: URL(fileURLWithPath: password))
        chmod(password, 0o600)
    }

    override func tearDown() {
        freshRSS?.stop()
        feedServer?.stop()
        freshRSS = nil
        feedServer = nil
        super.tearDown()
    }

    var server: FreshRSSServer { get throws { try XCTUnwrap(freshRSS) } }
    var feeds: TestFeedServer { get throws { try XCTUnwrap(feedServer) } }

    /// Writes config.toml with the account `home` speaking `kind` (and `extra` lines after it).
    func writeConfig(_ kind: SyncProtocol, url: String? = nil, extra: String = "") throws {
        let endpoint = try url ?? (kind == .greader ? server.greaderURL : server.feverURL)
        let text = """
            [[account]]
            name = "home"
            type = "\(kind.rawValue)"
            url = "\(endpoint)"
            user = "\(try server.user)"
            password_file = "\(folder)/password"
            \(extra)
            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: files.config))
    }

    /// Runs `tidings ARGUMENTS` with the test's files and cache folder.
    func tidings(_ arguments: [String]) throws -> EndToEndRun {
        try EndToEndRun.tidings(arguments + files.arguments, testCase: self, environment: environment)
    }

    /// The shell command that runs `tidings ARGUMENTS` in a tmux pane with the test's files and its
    /// own XDG folders, then prints `EXITED-STATUS` and keeps the pane with a long sleep.
    func paneCommand(_ arguments: [String]) throws -> String {
        let variables = ["XDG_CACHE_HOME": folder + "/cache", "XDG_CONFIG_HOME": folder + "/config-home",
                         "XDG_DATA_HOME": folder + "/data-home", "XDG_STATE_HOME": folder + "/state-home", "TZ": "UTC"]
        let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let words = (arguments + files.arguments).map { "'\($0)'" }.joined(separator: " ")
        return "env \(assignments) '\(try TidingsBinary.url().path)' \(words); echo EXITED-$?; sleep 600"
    }

    // MARK: The server's side, through its own Google Reader API (never through Tidings)

    /// Serves an RSS feed of `count` items named `name`; returns its URL and its items.
    func makeFeed(_ name: String, count: Int) async throws -> (url: String, items: [ServedFeedItem]) {
        let key = "\(name)-\(UUID().uuidString.prefix(8))"
        let now = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 60).rounded(.down) * 60)
        let items = try (0..<count).map { index in
            ServedFeedItem(
                title: "\(name) item \(index)", link: try feeds.url("/pages/\(key)/\(index).html"),
                published: now.addingTimeInterval(Double(-3600 * (index + 1))),
                body: "<p>Body of <b>\(name)</b> item \(index)</p>")
        }
        let xml = rssDocument(
            title: "Feed \(name)", link: try feeds.url("/pages/\(key)/"),
            items: items.enumerated().map { index, item in
                RSSTestItem(title: item.title, link: item.link, guid: "\(key)-\(index)", published: item.published, body: item.body)
            })
        try await feeds.set(key, body: xml)
        return (try feeds.url("/m/\(key)"), items)
    }

    /// Subscribes the server's account to `url` in `label` (FreshRSS fetches it at once).
    func subscribe(_ url: String, label: String) async throws {
        let token = try await writeToken()
        let added = try await api("/reader/api/0/subscription/quickadd", form: ["quickadd": url, "T": token])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(added.utf8)) as? [String: Any])
        let stream = try XCTUnwrap(object["streamId"] as? String, added)
        _ = try await api(
            "/reader/api/0/subscription/edit",
            form: ["ac": "edit", "s": stream, "a": "user/-/label/" + label, "r": "user/-/label/Uncategorized", "T": token])
    }

    /// The server's items: title → the item's long id, read, starred.
    func serverItems() async throws -> [String: ServerItem] {
        let text = try await api("/reader/api/0/stream/contents/user/-/state/com.google/reading-list?n=10000&output=json")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var items: [String: ServerItem] = [:]
        for item in try XCTUnwrap(object["items"] as? [[String: Any]]) {
            let categories = item["categories"] as? [String] ?? []
            guard let title = item["title"] as? String, let id = item["id"] as? String else { continue }
            items[title] = ServerItem(
                id: id, read: categories.contains { $0.hasSuffix("/state/com.google/read") },
                starred: categories.contains { $0.hasSuffix("/state/com.google/starred") })
        }
        return items
    }

    /// How many items the server holds (its reading list's ids).
    func serverItemCount() async throws -> Int {
        let text = try await api(
            "/reader/api/0/stream/items/ids?s=user/-/state/com.google/reading-list&n=100000&output=json")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return (object["itemRefs"] as? [Any])?.count ?? 0
    }

    /// Has FreshRSS fetch its feeds until it holds `count` items (its refresh has a one-second grain,
    /// so a feed changed within a second of its last fetch needs another go).
    func waitForServerItems(_ count: Int) async throws {
        let deadline = Date().addingTimeInterval(120)
        var held = try await serverItemCount()
        while held < count, Date() < deadline {
            try server.refresh()
            held = try await serverItemCount()
        }
        XCTAssertEqual(held, count, "items on the server")
    }

    /// Marks items on the server: `action` is an edit-tag `a` or `r` of read or starred.
    func serverEdit(_ ids: [String], add: Bool, state: String) async throws {
        let token = try await writeToken()
        var form: [(String, String)] = ids.map { ("i", $0) }
        form.append((add ? "a" : "r", "user/-/state/com.google/" + state))
        form.append(("T", token))
        let answer = try await api("/reader/api/0/edit-tag", pairs: form)
        XCTAssertEqual(answer.trimmingCharacters(in: .whitespacesAndNewlines), "OK")
    }

    /// The API requests FreshRSS logged so far (GReader and Fever).
    func apiLog() throws -> [String] { try server.apiRequestLines() }

    private var auth: String?

    private func login() async throws -> String {
        if let auth { return auth }
        let answer = try await request(
            try server.greaderURL + "/accounts/ClientLogin",
            pairs: [("Email", try server.user), ("Passwd", try server.apiPassword)], auth: nil)
        let line = try XCTUnwrap(answer.split(separator: "\n").first { $0.hasPrefix("Auth=") }, answer)
        auth = String(line.dropFirst(5))
        return auth ?? ""
    }

    func writeToken() async throws -> String {
        try await api("/reader/api/0/token").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func api(_ path: String, form: [String: String]) async throws -> String {
        try await api(path, pairs: form.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    func api(_ path: String, pairs: [(String, String)]? = nil) async throws -> String {
        try await request(try server.greaderURL + path, pairs: pairs, auth: try await login())
    }

    private func request(_ url: String, pairs: [(String, String)]?, auth: String?) async throws -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let form = pairs.map { pairs in
            pairs.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&")
        }
        return try await FreshRSSServer.request(url, form: form, auth: auth)
    }

    // MARK: The store's side

    /// `sqlite3 -batch DATABASE` reading `sql`; its output.
    func sqlite(_ sql: String) throws -> String {
        try SQLiteShell.run(files.database, sql)
    }

    /// Every article's title, read and starred mark, and the outbox: what a failed sync must leave as it was.
    func storeState() throws -> String {
        try sqlite("""
            SELECT title, read, starred, sync_item_id FROM articles ORDER BY id;
            SELECT account, item_id, action FROM sync_outbox ORDER BY id;
            SELECT name, state FROM sync_accounts;
            SELECT id, url, account, sync_subscription_id FROM feeds ORDER BY id;
            """)
    }

    /// The local marks by title: (read, starred).
    func localMarks() throws -> [String: (read: Bool, starred: Bool)] {
        var marks: [String: (read: Bool, starred: Bool)] = [:]
        for line in try sqlite("SELECT title || '|' || read || '|' || starred FROM articles;").split(separator: "\n") {
            let parts = line.split(separator: "|", omittingEmptySubsequences: false)
            guard parts.count == 3 else { continue }
            marks[String(parts[0])] = (parts[1] == "1", parts[2] == "1")
        }
        return marks
    }

    /// A server with 3 feeds × 5 items, two in label News and one in Tech; returns the feeds.
    func threeFeedsInTwoLabels() async throws -> [(url: String, items: [ServedFeedItem])] {
        var made: [(url: String, items: [ServedFeedItem])] = []
        for (name, label) in [("alpha", "News"), ("beta", "News"), ("gamma", "Tech")] {
            let feed = try await makeFeed(name, count: 5)
            try await subscribe(feed.url, label: label)
            made.append(feed)
        }
        return made
    }
}

/// One item of a feed the tests serve, as served.
struct ServedFeedItem {
    let title: String
    let link: String
    let published: Date
    let body: String
}

/// One item as the server holds it.
struct ServerItem {
    let id: String
    let read: Bool
    let starred: Bool
}
