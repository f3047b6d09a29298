import FeedModel
import FeedStore
import Foundation
import ReaderControllers
import TestSupport
import XCTest

/// SubscriptionsController on real files: add (with discovery from a page served locally), duplicates,
/// remove, import of other readers' OPML exports and of a newsboat urls file, export round trips, and
/// the demo list's relative paths.
final class FeedListControllerTests: RefreshServerTestCase {
    func testAddDiscoversTheFeedOfAWebPageAndRefusesDuplicates() async throws {
        let server = try server
        let key = "disc-\(UUID().uuidString.prefix(8))"
        try await server.set(key + "feed", body: rssDocument(title: "Discovered Weekly", items: [("d1", "Hello")]))
        try await server.set(key, body: """
            <!DOCTYPE html><html><head><title>Home</title>
            <link rel="stylesheet" href="/style.css">
            <link rel="alternate" type="application/rss+xml" title="Posts" href="\(key)feed">
            </head><body><p>Welcome</p></body></html>
            """, type: "text/html; charset=utf-8")
        let controller = SubscriptionsController(environment: try environment())
        let item = try await controller.add(FeedAddRequest(url: server.url("/m/\(key)"), tags: ["news", "weekly"]))
        XCTAssertEqual(item.url, server.url("/m/\(key)feed"))
        XCTAssertEqual(item.title, "Discovered Weekly")
        XCTAssertEqual(item.tags, ["news", "weekly"])
        let list = try feedListText()
        XCTAssertTrue(list.contains("xmlUrl=\"\(server.url("/m/\(key)feed"))\""), list)
        XCTAssertTrue(list.contains("text=\"news\""), list)

        do {
            _ = try await controller.add(FeedAddRequest(url: server.url("/m/\(key)feed")))
            XCTFail("a duplicate was added")
        } catch let error as SubscriptionsError {
            XCTAssertEqual(error, .duplicate(server.url("/m/\(key)feed")))
        }
        XCTAssertEqual(try controller.list().count, 1)
    }

    func testAddListsTheChoicesWhenAPageLinksToSeveralFeeds() async throws {
        let server = try server
        let key = "many-\(UUID().uuidString.prefix(8))"
        try await server.set(key, body: """
            <html><head><base href="http://127.0.0.1:\(server.port)/m/">
            <link rel="alternate" type="application/rss+xml" href="a.xml">
            <link rel="alternate feed" type="application/atom+xml" title="Atom" href="b.xml">
            </head></html>
            """, type: "text/html")
        let controller = SubscriptionsController(environment: try environment())
        do {
            _ = try await controller.add(FeedAddRequest(url: server.url("/m/\(key)")))
            XCTFail("a page with two feeds was added")
        } catch let error as SubscriptionsError {
            guard case .severalFeeds(_, let feeds) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(feeds.map(\.url), [server.url("/m/a.xml"), server.url("/m/b.xml")])
            XCTAssertTrue(error.description.contains(server.url("/m/b.xml")))
        }
        XCTAssertTrue(try controller.list().isEmpty)
    }

    func testAddRefusesWhatIsNotAFeedAndNoCheckAddsAsGiven() async throws {
        let server = try server
        let controller = SubscriptionsController(environment: try environment())
        do {
            _ = try await controller.add(FeedAddRequest(url: server.url("/echo-headers")))
            XCTFail("a text page was added")
        } catch let error as SubscriptionsError {
            guard case .noFeed = error else { return XCTFail("\(error)") }
        }
        do {
            _ = try await controller.add(FeedAddRequest(url: server.url("/status/404")))
            XCTFail("a 404 was added")
        } catch let error as SubscriptionsError {
            guard case .fetchFailed = error else { return XCTFail("\(error)") }
        }
        let item = try await controller.add(FeedAddRequest(url: "https://nowhere.example/feed", title: "Later", check: false))
        XCTAssertEqual(item.title, "Later")
        XCTAssertEqual(try controller.list().map(\.url), ["https://nowhere.example/feed"])
        XCTAssertEqual(try controller.remove("later"), "https://nowhere.example/feed")
        XCTAssertTrue(try controller.list().isEmpty)
        XCTAssertFalse(try feedListText().contains("nowhere.example"))
        XCTAssertThrowsError(try controller.remove("Later"))

        let bare = try await controller.add(FeedAddRequest(url: "blog.example/feed.xml", check: false))
        XCTAssertEqual(bare.url, "https://blog.example/feed.xml")
    }

    func testImportsOtherReadersExportsAndNewsboatURLs() throws {
        let feedly = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="1.0"><head><title>Feedly</title></head><body>
            <outline text="Tech" title="Tech">
              <outline type="rss" text="LWN.net" title="LWN.net" xmlUrl="https://lwn.net/headlines/rss" htmlUrl="https://lwn.net"/>
              <outline type="rss" text="Ars" title="Ars" xmlUrl="https://ars.example/feed"/>
            </outline>
            <outline text="Science"><outline text="Quanta" xmlUrl="https://quanta.example/feed" type="rss"/></outline>
            </body></opml>
            """
        let netNewsWire = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="1.1"><head><title>Subscriptions.opml</title></head><body>
            <outline text="Daring" title="Daring" description="" type="rss" version="RSS" htmlUrl="https://df.example/" xmlUrl="https://df.example/feed.json"/>
            <outline text="Ars" title="Ars" type="rss" xmlUrl="https://ars.example/feed"/>
            </body></opml>
            """
        let urls = """
            # newsboat urls
            https://news.example/rss "~Morning News" world "long read"
            https://lwn.net/headlines/rss linux
            query:Unread:unread = "yes"
            https://blog.example/atom.xml
            """
        try feedly.write(toFile: folder + "/feedly.opml", atomically: true, encoding: .utf8)
        try netNewsWire.write(toFile: folder + "/nnw.opml", atomically: true, encoding: .utf8)
        try urls.write(toFile: folder + "/urls", atomically: true, encoding: .utf8)
        let controller = SubscriptionsController(environment: try environment())

        let first = try controller.importFeeds(path: folder + "/feedly.opml")
        XCTAssertEqual(first.added.count, 3)
        let second = try controller.importFeeds(path: folder + "/nnw.opml")
        XCTAssertEqual(second.added, ["https://df.example/feed.json"])
        XCTAssertEqual(second.skipped, ["https://ars.example/feed"])
        let third = try controller.importFeeds(path: folder + "/urls")
        XCTAssertEqual(third.added, ["https://news.example/rss", "https://blog.example/atom.xml"])
        XCTAssertEqual(third.skipped, ["https://lwn.net/headlines/rss"])

        let items = Dictionary(uniqueKeysWithValues: try controller.list().map { ($0.url, $0) })
        XCTAssertEqual(items.count, 6)
        XCTAssertEqual(items["https://lwn.net/headlines/rss"]?.tags, ["Tech"])
        XCTAssertEqual(items["https://quanta.example/feed"]?.tags, ["Science"])
        XCTAssertEqual(items["https://news.example/rss"]?.title, "Morning News")
        XCTAssertEqual(items["https://news.example/rss"]?.tags, ["world", "long read"])
        XCTAssertEqual(items["https://df.example/feed.json"]?.title, "Daring")
        XCTAssertThrowsError(try controller.importFeeds(path: folder + "/missing.opml"))
    }

    func testExportRoundTripsThroughOPMLAndURLs() throws {
        let demo = TestFeedServer.packageRoot.appendingPathComponent("Feeds/demo.opml").path
        let controller = SubscriptionsController(environment: try environment())
        let imported = try controller.importFeeds(path: demo)
        XCTAssertGreaterThanOrEqual(imported.added.count, 15)
        let original = try controller.list().map { [$0.url, $0.title, $0.tags.joined(separator: "|")] }
        XCTAssertTrue(original.allSatisfy { $0[0].hasPrefix("/") && FileManager.default.fileExists(atPath: $0[0]) })

        for format in SubscriptionsFormat.allCases {
            let text = try controller.export(format: format)
            let file = folder + "/export.\(format.rawValue)"
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let other = TidingsPaths(
                feedList: folder + "/\(format.rawValue)/feeds.opml", database: folder + "/\(format.rawValue)/t.db",
                config: folder + "/none.toml")
            let copy = SubscriptionsController(environment: try AppEnvironment(paths: other))
            XCTAssertEqual(try copy.importFeeds(path: file).added.count, imported.added.count)
            let roundTrip = try copy.list().map { [$0.url, $0.title, $0.tags.joined(separator: "|")] }
            // A urls file names local feeds as file:// URLs (as newsboat needs): the same files.
            let expected = format == .urls
                ? original.map { [URL(fileURLWithPath: $0[0]).absoluteString] + $0.dropFirst() } : original
            XCTAssertEqual(roundTrip, expected, format.rawValue)
        }
    }

    func testDemoListResolvesRelativePathsAgainstItsFolderAndRefreshesOffline() async throws {
        let feeds = TestFeedServer.packageRoot.appendingPathComponent("Feeds")
        let paths = TidingsPaths(
            feedList: feeds.appendingPathComponent("demo.opml").path, database: folder + "/demo.db",
            config: folder + "/none.toml")
        let before = try Data(contentsOf: feeds.appendingPathComponent("demo.opml"))
        let environment = try AppEnvironment(paths: paths)
        let items = try SubscriptionsController(environment: environment).list()
        XCTAssertGreaterThanOrEqual(items.count, 15)
        for item in items {
            XCTAssertTrue(item.url.hasPrefix(feeds.path + "/"), item.url)
        }
        XCTAssertEqual(items.first { $0.title == "Deep Field" }?.refreshInterval, 6 * 3600)
        let summary = try await RefreshController(environment: environment).run(RefreshOptions())
        XCTAssertEqual(summary.failures.map(\.title), [])
        XCTAssertEqual(summary.feeds.count, items.count)
        XCTAssertGreaterThan(summary.newArticles, 50)
        XCTAssertEqual(try Data(contentsOf: feeds.appendingPathComponent("demo.opml")), before)
    }

    func testWritingBackKeepsUnknownAttributesAndFolders() async throws {
        let opml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0" xmlns:tidings="urn:tidings:opml:1" xmlns:x="urn:other"><head><title>Mine</title><ownerName>Me</ownerName></head>
            <body><outline text="Folder"><outline text="Kept" xmlUrl="https://kept.example/feed" x:color="blue" tidings:refresh="2h"/></outline>
            <outline text="Empty folder"/></body></opml>
            """
        try opml.write(toFile: paths.feedList, atomically: true, encoding: .utf8)
        let controller = SubscriptionsController(environment: try environment())
        _ = try await controller.add(FeedAddRequest(url: "https://new.example/feed", tags: ["Folder"], check: false))
        let text = try feedListText()
        for expected in ["x:color=\"blue\"", "tidings:refresh=\"2h\"", "<ownerName>Me</ownerName>", "Empty folder",
                         "https://new.example/feed", "xmlns:x=\"urn:other\""] {
            XCTAssertTrue(text.contains(expected), "\(expected) missing from\n\(text)")
        }
        let items = try controller.list()
        XCTAssertEqual(items.map(\.tags), [["Folder"], ["Folder"]])
        XCTAssertEqual(items.first { $0.url == "https://kept.example/feed" }?.refreshInterval, 7200)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".tmp-") }
        XCTAssertEqual(leftovers, [])
    }

    func testEditChangesTitleAndIntervalInPlaceAndKeepsArticles() throws {
        let opml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0" xmlns:x="urn:other"><head><title>Mine</title></head>
            <body><outline text="Folder"><outline text="First" xmlUrl="https://first.example/feed" x:color="blue" refreshInterval="30"/>
            <outline text="Second" xmlUrl="https://second.example/feed"/></outline></body></opml>
            """
        try opml.write(toFile: paths.feedList, atomically: true, encoding: .utf8)
        let environment = try environment()
        let controller = SubscriptionsController(environment: environment)
        try controller.sync()
        let first = try XCTUnwrap(try environment.store.feed(url: "https://first.example/feed"))
        try environment.store.apply(
            feedID: first.id,
            feed: Feed(format: .rss20, title: "First", items: [Article(id: "a", title: "Kept article")]),
            fetch: FetchRecord(fetchedAt: Date()))
        try environment.store.setStarred(true, articleIDs: try environment.store.articleSummaries(.all, offset: 0, limit: 10).map(\.id))

        try controller.edit("First", title: "Renamed", tags: ["Folder"], refreshInterval: 6 * 3600)
        var text = try feedListText()
        XCTAssertTrue(text.contains("title=\"Renamed\""), text)
        XCTAssertTrue(text.contains("x:color=\"blue\""), "unknown attributes stay: \(text)")
        XCTAssertTrue(text.contains("tidings:refresh=\"6h\""), text)
        XCTAssertFalse(text.contains("refreshInterval="), text)
        let renamed = try XCTUnwrap(text.range(of: "Renamed"))
        XCTAssertLessThan(renamed.lowerBound, try XCTUnwrap(text.range(of: "Second")).lowerBound, "in place")
        var items = try controller.list()
        XCTAssertEqual(items.first { $0.url == "https://first.example/feed" }?.title, "Renamed")
        XCTAssertEqual(items.first { $0.url == "https://first.example/feed" }?.refreshInterval, 6 * 3600)
        XCTAssertEqual(try environment.store.counts().starred, 1, "the article and its star are kept")

        try controller.edit("https://first.example/feed", title: nil, tags: ["Elsewhere", "extra"], refreshInterval: nil)
        text = try feedListText()
        XCTAssertTrue(text.contains("text=\"Elsewhere\""), text)
        XCTAssertTrue(text.contains("category=\"/extra\""), text)
        items = try controller.list()
        let moved = try XCTUnwrap(items.first { $0.url == "https://first.example/feed" })
        XCTAssertEqual(moved.tags, ["Elsewhere", "extra"])
        XCTAssertNil(moved.refreshInterval)
        XCTAssertEqual(moved.title, "First", "no title of its own: the feed's title")
        XCTAssertEqual(try environment.store.counts().starred, 1)
        XCTAssertThrowsError(try controller.edit("nothing-like-it", title: nil, tags: [], refreshInterval: nil))
    }

    func testEditingTheTagsOfAFeedInNestedFoldersKeepsItsPathWhileTheTagsStartWithIt() throws {
        let opml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head/><body><outline text="Outer"><outline text="Inner">
            <outline text="Deep" xmlUrl="https://deep.example/feed"/></outline></outline></body></opml>
            """
        try opml.write(toFile: paths.feedList, atomically: true, encoding: .utf8)
        let controller = SubscriptionsController(environment: try environment())
        try controller.sync()
        try controller.edit("https://deep.example/feed", title: nil, tags: ["Outer", "Inner", "extra"], refreshInterval: nil)
        var entry = try XCTUnwrap(try OPMLDocument(data: Data(feedListText().utf8)).entries.first)
        XCTAssertEqual(entry.folders, ["Outer", "Inner"])
        XCTAssertEqual(entry.tags, ["Outer", "Inner", "extra"])
        XCTAssertEqual(try feedListText().components(separatedBy: "text=\"Inner\"").count, 2, "no second Inner")

        try controller.edit("https://deep.example/feed", title: nil, tags: ["Other"], refreshInterval: nil)
        entry = try XCTUnwrap(try OPMLDocument(data: Data(feedListText().utf8)).entries.first)
        XCTAssertEqual(entry.folders, ["Other"], "other tags: the first is its folder, as before")
    }
}
