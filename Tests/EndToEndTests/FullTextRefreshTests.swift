import FeedStore
import Foundation
import TestSupport
import XCTest

/// `tidings:full-text` end to end: summary-only feeds on a loopback server link to pages on the same
/// server; a refresh stores each new article's extracted full text beside its summary (or why there
/// is none), search and `export --full-text` use it, and each page is fetched once.
final class FullTextRefreshTests: FeedServerTestCase {

    /// A news page: navigation and a footer around an article of several paragraphs holding `word`.
    static func page(title: String, word: String) -> String {
        let paragraphs = (1...6).map { index in
            "<p>Paragraph \(index) of the story about \(title): the council met on Tuesday and the \(word) "
                + "question took most of the evening, with residents, engineers and the mayor all speaking "
                + "at length about what the town should do next, and why.</p>"
        }
        return """
            <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>\(title) | Example News</title></head>
            <body><nav><ul><li><a href="/">Home</a></li><li><a href="/world">World</a></li>
            <li><a href="/sport">Sport</a></li></ul></nav>
            <main><article><h1>\(title)</h1>\(paragraphs.joined())</article></main>
            <footer><a href="/about">About us</a> <a href="/contact">Contact</a></footer></body></html>
            """
    }

    /// An RSS feed whose items carry one sentence and a link each.
    private static func feed(_ items: [(guid: String, title: String, link: String, summary: String)]) -> String {
        let entries = items.map { item in
            """
            <item><guid>\(item.guid)</guid><title>\(xmlEscaped(item.title))</title><link>\(xmlEscaped(item.link))</link>
            <pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate><description>\(xmlEscaped(item.summary))</description></item>
            """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Town News</title><link>http://127.0.0.1/</link>
            \(entries.joined(separator: "\n"))
            </channel></rss>
            """
    }

    /// A feed list with the feed in a folder; `attribute` goes on the folder's outline.
    private static func feedList(_ url: String, folderAttribute: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <opml version="2.0" xmlns:tidings="urn:tidings:opml:1"><head><title>Test</title></head><body>
        <outline text="news" \(folderAttribute)>
        <outline type="rss" text="Town News" xmlUrl="\(xmlEscaped(url))"/>
        </outline>
        </body></opml>
        """
    }

    /// A workspace whose feed list names the feed served at /m/KEY-feed (holding `items`) in a folder,
    /// marked `tidings:full-text` unless `marked` is false.
    static func workspace(
        _ test: XCTestCase, server: TestFeedServer, key: String,
        items: [(guid: String, title: String, link: String, summary: String)], marked: Bool = true
    ) async throws -> ReaderWorkspace {
        try await server.set("\(key)-feed", body: feed(items))
        let workspace = try ReaderWorkspace(test)
        try feedList(server.url("/m/\(key)-feed"), folderAttribute: marked ? #"tidings:full-text="true""# : "")
            .write(toFile: workspace.feedList, atomically: true, encoding: .utf8)
        return workspace
    }

    /// The feed's own text of an article (an RSS description is stored as its content).
    private static func feedBody(_ article: StoredArticle) -> String? {
        article.content ?? article.summary
    }

    /// Every stored article by title, with its full text (nil: never fetched).
    private func stored(_ workspace: ReaderWorkspace) throws -> [String: (article: StoredArticle, fullText: ArticleFullText?)] {
        let store = try FeedStore(path: workspace.database)
        var articles: [StoredArticle] = []
        try store.forEachArticle(matching: ArticleQuery(includeIgnored: true)) { articles.append($0) }
        var result: [String: (StoredArticle, ArticleFullText?)] = [:]
        for article in articles { result[article.title ?? ""] = (article, try store.fullText(articleID: article.id)) }
        XCTAssertEqual(try store.integrityCheck(), ["ok"], "pages, search index and stored feed counts")
        return result
    }

    func testRefreshStoresFullTextsBesideSummariesAndFailuresKeepTheSummary() async throws {
        let server = try server
        let key = "ft-\(UUID().uuidString.prefix(8))"
        try await server.set("\(key)-good", body: Self.page(title: "Bridge repairs", word: "zygomorphic"),
                             type: "text/html; charset=utf-8")
        try await server.set("\(key)-binary", body: "\u{0}\u{1}\u{2}PK\u{3}\u{4}" + String(repeating: "\u{0}x", count: 500),
                             type: "application/octet-stream")
        try await server.set("\(key)-scripts", body: "<html><body><script>var a = 1;</script></body></html>",
                             type: "text/html")
        let items = [
            (guid: "g1", title: "Bridge repairs", link: server.url("/m/\(key)-good"), summary: "The bridge, in one line."),
            (guid: "g2", title: "Missing page", link: server.url("/m/\(key)-absent"), summary: "Gone, in one line."),
            (guid: "g3", title: "Binary page", link: server.url("/m/\(key)-binary"), summary: "A file, in one line."),
            (guid: "g4", title: "Huge page", link: server.url("/large?bytes=52428800"), summary: "Too much, in one line."),
            (guid: "g5", title: "Script page", link: server.url("/m/\(key)-scripts"), summary: "Nothing, in one line."),
        ]
        let workspace = try await Self.workspace(self, server: server, key: key, items: items)
        let listBefore = try Data(contentsOf: URL(fileURLWithPath: workspace.feedList))

        let refresh = try workspace.run(["refresh", "--all"])
        XCTAssertEqual(refresh.status, 0, refresh.output)
        var articles = try stored(workspace)
        XCTAssertEqual(articles.count, 5, refresh.output)

        let good = try XCTUnwrap(articles["Bridge repairs"])
        XCTAssertEqual(Self.feedBody(good.article), "The bridge, in one line.", "the feed's text stays beside the full text")
        let fullText = try XCTUnwrap(good.fullText, "the good page's full text is stored")
        XCTAssertNil(fullText.failure)
        XCTAssertTrue(fullText.text?.contains("zygomorphic question") == true, fullText.text ?? "")
        XCTAssertFalse(fullText.text?.contains("Contact") == true, "the footer is left out: \(fullText.text ?? "")")
        XCTAssertTrue(fullText.html?.contains("<p>") == true)
        XCTAssertEqual(fullText.pageURL, server.url("/m/\(key)-good"))

        let reasons: [(String, String)] = [
            ("Missing page", "HTTP 404"), ("Binary page", "not HTML (application/octet-stream)"),
            ("Huge page", "too big (over 16777216 bytes)"), ("Script page", "no article found on the page"),
        ]
        for (title, reason) in reasons {
            let entry = try XCTUnwrap(articles[title], title)
            XCTAssertTrue(Self.feedBody(entry.article)?.hasSuffix("in one line.") == true, title)
            XCTAssertNil(entry.fullText?.text, title)
            XCTAssertEqual(entry.fullText?.failure, reason, title)
        }

        // Search finds a word that only the full text holds; export writes the full text only when asked.
        let search = try workspace.run(["export", "--search", "zygomorphic"])
        XCTAssertEqual(search.status, 0, search.output)
        XCTAssertEqual(search.output.split(separator: "\n").count, 1, search.output)
        XCTAssertTrue(search.output.contains("Bridge repairs"), search.output)
        let plain = try workspace.run(["export", "--format", "json"])
        XCTAssertEqual(plain.status, 0, plain.output)
        XCTAssertFalse(plain.output.contains("zygomorphic"), plain.output)
        let full = try workspace.run(["export", "--format", "json", "--full-text"])
        XCTAssertEqual(full.status, 0, full.output)
        XCTAssertTrue(full.output.contains("zygomorphic question"), full.output)
        XCTAssertTrue(full.output.contains("The bridge, in one line."), "the summary is still written: \(full.output)")
        XCTAssertTrue(full.output.contains("Gone, in one line."), "failed pages keep the summary: \(full.output)")

        // Each page was fetched once; a second refresh (nothing new) fetches none again.
        for suffix in ["good", "absent", "binary", "scripts"] {
            let hits = try await server.hits("\(key)-\(suffix)")
            XCTAssertEqual(hits, 1, suffix)
        }
        let again = try workspace.run(["refresh", "--all"])
        XCTAssertEqual(again.status, 0, again.output)
        for suffix in ["good", "absent", "binary", "scripts"] {
            let hits = try await server.hits("\(key)-\(suffix)")
            XCTAssertEqual(hits, 1, suffix)
        }

        // The feed changes the article: its summary changes, its full text and its index entries stay right.
        var changed = items
        changed[0].summary = "The bridge, now in a new line."
        try await server.set("\(key)-feed", body: Self.feed(changed))
        let third = try workspace.run(["refresh", "--all"])
        XCTAssertEqual(third.status, 0, third.output)
        articles = try stored(workspace)
        XCTAssertEqual(articles["Bridge repairs"].flatMap { Self.feedBody($0.article) }, "The bridge, now in a new line.")
        XCTAssertNotNil(articles["Bridge repairs"]?.fullText?.text)
        let searchAgain = try workspace.run(["export", "--search", "zygomorphic"])
        XCTAssertTrue(searchAgain.output.contains("Bridge repairs"), searchAgain.output)
        let newWord = try workspace.run(["export", "--search", "new line"])
        XCTAssertTrue(newWord.output.contains("Bridge repairs"), newWord.output)

        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: workspace.feedList)), listBefore,
                       "the feed list is left as it was")
    }

    func testFiftyNewArticlesFetchEachPageOnceAndUnmarkedFeedsNone() async throws {
        let server = try server
        let key = "ft50-\(UUID().uuidString.prefix(8))"
        var items: [(guid: String, title: String, link: String, summary: String)] = []
        for index in 1...50 {
            try await server.set("\(key)-p\(index)", body: Self.page(title: "Story \(index)", word: "word\(index)x"),
                                 type: "text/html; charset=utf-8")
            items.append((
                guid: "s\(index)", title: "Story \(index)", link: server.url("/m/\(key)-p\(index)"),
                summary: "One line \(index)."))
        }
        // Not marked: no page is fetched.
        let unmarked = try await Self.workspace(self, server: server, key: key, items: items, marked: false)
        let plain = try unmarked.run(["refresh", "--all"])
        XCTAssertEqual(plain.status, 0, plain.output)
        for index in [1, 25, 50] {
            let hits = try await server.hits("\(key)-p\(index)")
            XCTAssertEqual(hits, 0, "page \(index)")
        }

        let workspace = try await Self.workspace(self, server: server, key: key, items: items)
        let refresh = try workspace.run(["refresh", "--all"])
        XCTAssertEqual(refresh.status, 0, refresh.output)
        var total = 0
        for index in 1...50 {
            let hits = try await server.hits("\(key)-p\(index)")
            XCTAssertEqual(hits, 1, "page \(index)")
            total += hits
        }
        XCTAssertEqual(total, 50)
        let articles = try stored(workspace)
        XCTAssertEqual(articles.count, 50)
        XCTAssertEqual(articles.values.count { $0.fullText?.text?.contains("question took") == true }, 50)
        let search = try workspace.run(["export", "--search", "word37x"])
        XCTAssertEqual(search.output.split(separator: "\n").count, 1, search.output)
        XCTAssertTrue(search.output.contains("Story 37"), search.output)
    }
    func testSIGTERMDuringPageFetchesEndsWithin1SecondKeepingTheFeedsArticles() async throws {
        let server = try server
        let key = "ftstop-\(UUID().uuidString.prefix(8))"
        let items = (1...2).map { index in
            (guid: "t\(index)", title: "Slow \(index)", link: server.url("/count/\(key)?delay=60&n=\(index)"),
             summary: "Slow page \(index).")
        }
        let workspace = try await Self.workspace(self, server: server, key: key, items: items)
        let arguments = ["refresh", "--all", "--feeds", workspace.feedList, "--db", workspace.database,
                         "--config", workspace.config]
        let process = try TidingsBinary.start(arguments, folder: workspace.folder.path, name: "stopped")
        let deadline = Date().addingTimeInterval(20)
        while try await server.hits(key) == 0, process.isRunning, Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        XCTAssertTrue(process.isRunning, "the refresh ended before its pages were fetched")
        let sent = Date()
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 143)
        XCTAssertLessThanOrEqual(Date().timeIntervalSince(sent), 3)
        // The feed's own articles were stored before any page was asked for.
        let articles = try stored(workspace)
        XCTAssertEqual(articles.count, 2)
        XCTAssertTrue(articles.values.allSatisfy { $0.fullText?.text == nil })
    }
}
