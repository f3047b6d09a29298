import FeedStore
import Foundation
import TestSupport
import XCTest

/// The same article in two feeds (a planet repeating a blog, its link carrying `utm_*` parameters and
/// a fragment), served on loopback and refreshed by the built binary: once in `export` and `count`,
/// read together, named by both feeds in the article view; `dedupe = false` shows both copies.
final class DuplicateArticlesTests: FeedServerTestCase {
    private var sessions: [TmuxSession] = []

    override func tearDown() {
        for session in sessions { session.stop() }
        sessions = []
        super.tearDown()
    }

    private static func feed(title: String, _ items: [(guid: String, title: String, link: String)]) -> String {
        let entries = items.map { item in
            """
            <item><guid>\(item.guid)</guid><title>\(xmlEscaped(item.title))</title><link>\(xmlEscaped(item.link))</link>
            <pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate><description>Text of \(xmlEscaped(item.title)).</description></item>
            """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>\(title)</title><link>http://127.0.0.1/</link>
            \(entries.joined(separator: "\n"))
            </channel></rss>
            """
    }

    /// A workspace listing a blog and a planet that repeats the blog's first post with tracking parameters.
    private func workspace(dedupe: Bool?) async throws -> ReaderWorkspace {
        let server = try server
        let key = "dup-\(UUID().uuidString.prefix(8))"
        let post = server.url("/\(key)/posts/1")
        try await server.set("\(key)-blog", body: Self.feed(title: "Blog Feed", [
            (guid: "blog-1", title: "Shared sentinel post", link: post),
            (guid: "blog-2", title: "Blog only post", link: server.url("/\(key)/posts/2")),
        ]))
        let planetLink = post.replacingOccurrences(of: "http://", with: "HTTP://")
            + "?utm_source=planet&utm_medium=rss&ref=planet#comments"
        try await server.set("\(key)-planet", body: Self.feed(title: "Planet Feed", [
            (guid: "planet-1", title: "Shared sentinel post", link: planetLink),
            (guid: "planet-2", title: "Planet only post", link: server.url("/\(key)/elsewhere")),
        ]))
        let workspace = try ReaderWorkspace(self)
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>Test</title></head><body>
            <outline type="rss" text="Blog Feed" xmlUrl="\(xmlEscaped(server.url("/m/\(key)-blog")))"/>
            <outline type="rss" text="Planet Feed" xmlUrl="\(xmlEscaped(server.url("/m/\(key)-planet")))"/>
            </body></opml>
            """.write(toFile: workspace.feedList, atomically: true, encoding: .utf8)
        if let dedupe { try "dedupe = \(dedupe)\n".write(toFile: workspace.config, atomically: true, encoding: .utf8) }
        let refresh = try workspace.run(["refresh", "--all"])
        XCTAssertEqual(refresh.status, 0, refresh.output)
        return workspace
    }

    private func lines(_ output: String, containing text: String) -> Int {
        output.split(separator: "\n").filter { $0.contains(text) }.count
    }

    func testTheSharedArticleShowsOnceAndReadingItReadsBothCopies() async throws {
        let workspace = try await workspace(dedupe: nil)
        let export = try workspace.run(["export", "--unread"])
        XCTAssertEqual(export.status, 0, export.output)
        XCTAssertEqual(lines(export.output, containing: "Shared sentinel post"), 1, export.output)
        XCTAssertEqual(lines(export.output, containing: "only post"), 2, export.output)
        let query = try workspace.run(["export", "--query", #"title =~ "sentinel""#])
        XCTAssertEqual(lines(query.output, containing: "Shared sentinel post"), 1, query.output)
        let count = try workspace.run(["count", "--unread"])
        XCTAssertTrue(count.output.hasPrefix("3 "), count.output)

        let marked = try workspace.run(["export", "--new", "--state", "dup", "--mark-read", "--query", #"title =~ "sentinel""#])
        XCTAssertEqual(marked.status, 0, marked.output)
        let store = try FeedStore(path: workspace.database)
        var shared: [StoredArticle] = []
        try store.forEachArticle(matching: ArticleQuery(search: "sentinel")) { shared.append($0) }
        XCTAssertEqual(shared.count, 1, "one copy listed")
        for feed in try store.feeds() {
            let copies = try store.articleSummaries(.feed(feed.id), offset: 0, limit: 10).filter { $0.title == "Shared sentinel post" }
            XCTAssertEqual(copies.count, 1, "each feed keeps its copy: \(feed.url)")
            XCTAssertEqual(copies.first?.read, true, "every copy is read: \(feed.url)")
        }
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
        let after = try workspace.run(["export", "--unread"])
        XCTAssertEqual(lines(after.output, containing: "Shared sentinel post"), 0, after.output)
        XCTAssertEqual(lines(after.output, containing: "only post"), 2, after.output)
    }

    func testDedupeFalseShowsBothCopies() async throws {
        let workspace = try await workspace(dedupe: false)
        let export = try workspace.run(["export", "--unread"])
        XCTAssertEqual(export.status, 0, export.output)
        XCTAssertEqual(lines(export.output, containing: "Shared sentinel post"), 2, export.output)
        let count = try workspace.run(["count", "--unread"])
        XCTAssertTrue(count.output.hasPrefix("4 "), count.output)
    }

    func testTheArticleViewNamesTheOtherFeed() async throws {
        let workspace = try await workspace(dedupe: nil)
        let session = try TmuxSession(command: workspace.readerCommand(), width: 120, height: 40)
        sessions.append(session)
        try session.waitFor(text: "All unread")
        try session.openFirstSearchResult("sentinel")
        // The copy shown is the one stored first, and the refresh stores feeds as they arrive: either.
        try session.waitFor(text: "Also in   ")
        let screen = try session.capture().joined(separator: "\n")
        XCTAssertTrue(
            screen.contains("Feed      Blog Feed\nAlso in   Planet Feed")
                || screen.contains("Feed      Planet Feed\nAlso in   Blog Feed"), screen)
    }
}
