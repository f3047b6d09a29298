import FeedSync
import Foundation
import TestSupport
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One item of a feed the tests serve, as served.
struct ServedItem {
    let title: String
    let link: String
    let guid: String
    let published: Date
    let body: String
}

/// A test case with a real FreshRSS (started before the class's first test, stopped after its last)
/// and the project's feed server for the feeds it subscribes to. Tests make feeds of their own, with
/// unique names, so they do not depend on one another's order.
class FreshRSSTestCase: XCTestCase {
    nonisolated(unsafe) static var freshRSS: FreshRSSServer?
    nonisolated(unsafe) static var feeds: TestFeedServer?
    nonisolated(unsafe) static var startError: String?

    override class func setUp() {
        super.setUp()
        guard FreshRSSServer.isAvailable else { return }
        do {
            freshRSS = try FreshRSSServer()
            feeds = try TestFeedServer(feeds: 1)
        } catch {
            startError = "\(error)"
        }
    }

    override class func tearDown() {
        freshRSS?.stop()
        feeds?.stop()
        freshRSS = nil
        feeds = nil
        startError = nil
        super.tearDown()
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        guard FreshRSSServer.isAvailable else {
            throw XCTSkip("no FreshRSS here: \(FreshRSSServer.scriptFolder)/freshrss.sh is absent")
        }
        if let startError = Self.startError { XCTFail("FreshRSS did not start: \(startError)") }
    }

    var server: FreshRSSServer { get throws { try XCTUnwrap(Self.freshRSS) } }
    var feedServer: TestFeedServer { get throws { try XCTUnwrap(Self.feeds) } }

    var credentials: SyncCredentials {
        get throws { SyncCredentials(user: try server.user, password: try server.apiPassword) }
    }

    func greader(token: SyncToken? = nil) throws -> GoogleReaderClient {
        GoogleReaderClient(endpoint: try server.greaderURL, credentials: try credentials, authToken: token)
    }

    func fever() throws -> FeverClient {
        FeverClient(endpoint: try server.feverURL, credentials: try credentials)
    }

    /// Serves an RSS feed of `count` items under a unique key; returns its URL and its items.
    func makeFeed(_ name: String, count: Int) async throws -> (url: String, items: [ServedItem]) {
        let key = "\(name)-\(UUID().uuidString.prefix(8))"
        let now = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 60).rounded(.down) * 60)
        let items = (0..<count).map { index in
            ServedItem(
                title: "\(name) item \(index)", link: try! feedServer.url("/pages/\(key)/\(index).html"),
                guid: "\(key)-\(index)", published: now.addingTimeInterval(Double(-3600 * index)),
                body: "<p>Body of <b>\(name)</b> item \(index)</p>")
        }
        try await serve(key: key, name: name, items: items)
        return (try feedServer.url("/m/\(key)"), items)
    }

    /// Makes the feed at `url` serve `items` from now on.
    func serve(key: String, name: String, items: [ServedItem]) async throws {
        let xml = rssDocument(
            title: "Feed \(name)", link: try feedServer.url("/pages/\(key)/"),
            items: items.map {
                RSSTestItem(title: $0.title, link: $0.link, guid: $0.guid, published: $0.published, body: $0.body)
            })
        try await feedServer.set(key, body: xml)
    }

    /// Refreshes FreshRSS until `condition` holds (FreshRSS has a one-second grain on feed changes).
    func refresh(until condition: () async throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            try server.refresh()
            if try await condition() { return }
            try await Task.sleep(nanoseconds: 300_000_000)
        }
        XCTFail("FreshRSS did not pick up the change within 30 s")
    }

    /// Serves a new item on top of `feed`, refreshes FreshRSS until `client` finds something new
    /// since `state`, and returns the item and those changes.
    func addItemAndSync(
        to feed: (url: String, items: [ServedItem]), name: String, client: any FeedService, since state: SyncState
    ) async throws -> (item: ServedItem, changes: SyncChanges) {
        let key = String(feed.url.split(separator: "/").last ?? "")
        let fresh = ServedItem(
            title: "\(name) item NEW", link: try feedServer.url("/pages/\(key)/new.html"), guid: "\(key)-new",
            published: Date(timeIntervalSince1970: 1_750_000_000), body: "<p>new</p>")
        try await serve(key: key, name: name, items: [fresh] + feed.items)
        var found: SyncChanges?
        try await refresh {
            let changes = try await client.changes(since: state)
            found = changes
            return !changes.newItems.isEmpty
        }
        return (fresh, try XCTUnwrap(found))
    }

    /// The API requests FreshRSS logged while `work` ran.
    func apiRequests(during work: () async throws -> Void) async throws -> [String] {
        let before = try server.apiRequestLines().count
        try await work()
        return Array(try server.apiRequestLines().dropFirst(before))
    }

    /// The raw Google Reader API, for reading the server's state back without the clients.
    func rawGReaderIDs(stream: String, exclude: String? = nil) async throws -> Set<String> {
        let login = try await rawRequest(
            try server.greaderURL + "/accounts/ClientLogin", form: "Email=\(try server.user)&Passwd=\(try server.apiPassword)")
        let auth = try XCTUnwrap(login.split(separator: "\n").first { $0.hasPrefix("Auth=") }).dropFirst(5)
        var url = try server.greaderURL + "/reader/api/0/stream/items/ids?n=10000&output=json&s=" + stream
        if let exclude { url += "&xt=" + exclude }
        let text = try await rawRequest(url, auth: String(auth))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let refs = try XCTUnwrap(object["itemRefs"] as? [[String: Any]])
        return Set(refs.compactMap { $0["id"] as? String })
    }

    /// The unread item ids on the server, read through its raw Google Reader API.
    func serverUnreadIDs() async throws -> Set<String> {
        try await rawGReaderIDs(stream: "user/-/state/com.google/reading-list", exclude: "user/-/state/com.google/read")
    }

    /// The starred item ids on the server, read through its raw Google Reader API.
    func serverStarredIDs() async throws -> Set<String> {
        try await rawGReaderIDs(stream: "user/-/state/com.google/starred")
    }

    func rawRequest(_ url: String, form: String? = nil, auth: String? = nil) async throws -> String {
        try await FreshRSSServer.request(url, form: form, auth: auth)
    }

    /// Asserts that `items` (one feed's, in any order) are `served`: titles, links, dates, bodies.
    func assertItems(_ items: [SyncItem], equal served: [ServedItem], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(items.count, served.count, file: file, line: line)
        for item in served {
            guard let got = items.first(where: { $0.title == item.title }) else {
                XCTFail("missing \(item.title)", file: file, line: line)
                continue
            }
            XCTAssertEqual(got.link, item.link, file: file, line: line)
            XCTAssertEqual(got.published, item.published, file: file, line: line)
            XCTAssertEqual(got.contentHTML, item.body, file: file, line: line)
        }
    }
}
