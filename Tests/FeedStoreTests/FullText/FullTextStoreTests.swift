import FeedModel
import FeedStore
import Foundation
import XCTest

/// Full texts in the store ("v17-full-text"): stored beside the feed's body, indexed after it, the
/// index consistent through every change (recorded, failed, the article changed, the feed removed),
/// and an upgraded store finding what it found before.
final class FullTextStoreTests: XCTestCase {
    private func article(_ i: Int, body: String) -> Article {
        Article(id: "ft-\(i)", url: "https://ft.example/\(i)", title: "Headline \(i)", contentHTML: "<p>\(body)</p>")
    }

    func testFullTextIsIndexedAfterTheBodyAndTheIndexStaysConsistent() throws {
        let path = try temporaryDatabasePath(self)
        let store = try FeedStore(path: path)
        let feed = try store.addFeed(url: "https://ft.example/feed")
        let items = (0..<3).map { article($0, body: "short summary \($0)") }
        let applied = try store.apply(
            feedID: feed.id, feed: Feed(format: .rss20, title: "FT", items: items), fetch: FetchRecord(fetchedAt: Date()))
        let first = try XCTUnwrap(applied.newArticleIDs.first)
        XCTAssertNil(try store.fullText(articleID: first))

        XCTAssertTrue(try store.recordFullText(
            articleID: first, pageURL: "https://ft.example/0", at: Date(), html: "<p>The quokka paragraph.</p>",
            text: "The quokka paragraph. 東京の記事", failure: nil))
        XCTAssertEqual(try store.countArticles(ArticleQuery(search: "quokka")), 1)
        XCTAssertEqual(try store.countArticles(ArticleQuery(search: "東京")), 1, "CJK words in full texts are found")
        XCTAssertEqual(try store.countArticles(ArticleQuery(search: "summary")), 3, "the feed's body is still indexed")
        XCTAssertEqual(try store.integrityCheck(), ["ok"])

        // A later failure keeps the full text and records why.
        try store.recordFullText(articleID: first, pageURL: "https://ft.example/0", at: Date(), html: nil, text: nil,
                                 failure: "HTTP 503")
        let kept = try XCTUnwrap(store.fullText(articleID: first))
        XCTAssertEqual(kept.text, "The quokka paragraph. 東京の記事")
        XCTAssertEqual(kept.failure, "HTTP 503")
        XCTAssertEqual(try store.countArticles(ArticleQuery(search: "quokka")), 1)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])

        // A failure alone stores no text; the article keeps its body.
        let second = applied.newArticleIDs[1]
        try store.recordFullText(articleID: second, pageURL: "https://ft.example/1", at: Date(), html: nil, text: nil,
                                 failure: "not HTML (image/png)")
        XCTAssertEqual(try store.fullText(articleID: second)?.failure, "not HTML (image/png)")
        XCTAssertNil(try store.fullText(articleID: second)?.text)
        XCTAssertEqual(try store.article(id: second)?.content, "<p>short summary 1</p>")

        // The feed changes the article: its new body and its full text are both found.
        var changed = items
        changed[0] = article(0, body: "rewritten wombat summary")
        try store.apply(
            feedID: feed.id, feed: Feed(format: .rss20, title: "FT", items: changed), fetch: FetchRecord(fetchedAt: Date()))
        XCTAssertEqual(try store.countArticles(ArticleQuery(search: "wombat")), 1)
        XCTAssertEqual(try store.countArticles(ArticleQuery(search: "quokka")), 1)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])

        // An article that is gone records nothing.
        XCTAssertFalse(try store.recordFullText(
            articleID: 9_999, pageURL: "https://ft.example/x", at: Date(), html: "<p>x</p>", text: "x", failure: nil))

        try store.removeFeed(id: feed.id)
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM article_full_texts;"), "0")
        XCTAssertEqual(try store.countArticles(ArticleQuery(search: "quokka")), 0)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }

    func testAnUpgradedStoreFindsTheSameArticlesAndTakesFullTexts() throws {
        let fixture = try XCTUnwrap(
            Bundle.module.url(forResource: "v11-store", withExtension: "db", subdirectory: "Resources"))
        let path = try temporaryDatabasePath(self)
        try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
        let search = "SELECT rowid FROM article_search WHERE article_search MATCH 'item OR feed' ORDER BY rowid;"
        let found = try sqlite3(path, search)
        XCTAssertFalse(found.isEmpty)

        let store = try FeedStore(path: path)
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM grdb_migrations WHERE identifier = 'v17-full-text';"), "1")
        XCTAssertEqual(try sqlite3(path, search), found)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
        let id = try XCTUnwrap(Int64(found.split(separator: "\n").first ?? ""))
        try store.recordFullText(articleID: id, pageURL: "https://old.example/page", at: Date(),
                                 html: "<p>platypus</p>", text: "platypus", failure: nil)
        XCTAssertEqual(try store.countArticles(ArticleQuery(search: "platypus")), 1)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }
    func testFiltersReadTheFullTextAndIgnoreRulesApplyWhenItArrives() throws {
        let path = try temporaryDatabasePath(self)
        let store = try FeedStore(path: path)
        let feed = try store.addFeed(url: "https://rules.example/feed")
        let items = (0..<3).map { article($0, body: "one line \($0)") }
        let rules = IgnoreRules([try IgnoreRule(query: #"content contains "sponsored""#)])
        try store.applyIgnoreRules(rules)
        let applied = try store.apply(
            feedID: feed.id, feed: Feed(format: .rss20, title: "Rules", items: items), fetch: FetchRecord(fetchedAt: Date()),
            ignoring: rules)
        let ids = applied.newArticleIDs
        XCTAssertEqual(try store.countArticles(ArticleQuery()), 3)
        try store.setStarred(true, articleIDs: [ids[2]])

        for id in [ids[0], ids[2]] {
            try store.recordFullText(articleID: id, pageURL: "https://rules.example/\(id)", at: Date(),
                                     html: "<p>A sponsored post.</p>", text: "A sponsored post.", failure: nil, ignoring: rules)
        }
        XCTAssertEqual(try store.countArticles(ArticleQuery()), 2, "the rule now matches the first; the starred stays")
        XCTAssertEqual(try store.countArticles(ArticleQuery(includeIgnored: true)), 3)

        let regex = try QueryExpression(parsing: #"content =~ "sponsored post""#)
        XCTAssertEqual(try store.countArticles(ArticleQuery(expression: regex, includeIgnored: true)), 2)
        let both = try QueryExpression(parsing: #"content =~ "one line 0\nA sponsored""#)
        XCTAssertEqual(try store.countArticles(ArticleQuery(expression: both, includeIgnored: true)), 1,
                       "the feed's text, a line break, then the full text")
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }
}
