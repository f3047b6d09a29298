import FeedModel
import FeedStore
import Foundation
import XCTest

final class SearchTests: XCTestCase {
    private var store: FeedStore!
    private var feedID: Int64 = 0

    override func setUpWithError() throws {
        store = try makeStore(self)
        feedID = try store.addFeed(url: "https://example.org/feed").id
        let items = [
            Article(id: "1", title: "Swift on Linux", contentHTML: "<p>Building <b>servers</b> with SwiftNIO</p>",
                    authors: [Author(name: "Grace Hopper")]),
            Article(id: "2", title: "Café culture", contentHTML: "<div class=\"zebra\">Crème brûlée &amp; espresso</div>"),
            Article(id: "3", title: "Scripts", contentHTML: "<script>var hidden = 'secretword';</script><p>visible text</p>",
                    summary: "<p>A summary</p>"),
            Article(id: "4", title: "Plain", contentText: "A plain-text body about \"quotes\" and OR operators"),
            Article(id: "5", title: "Summary only", summary: "<p>Only &lt;a summary&gt; here &#8212; dash</p>"),
        ]
        try store.apply(feedID: feedID, feed: document(items), fetch: fetch())
    }

    private func found(_ text: String) throws -> [String] {
        try store.titles(ArticleQuery(search: text, sort: .oldestFirst)).sorted()
    }

    func testFindsWordsInTitleAuthorAndText() throws {
        XCTAssertEqual(try found("linux"), ["Swift on Linux"])
        XCTAssertEqual(try found("SERVERS"), ["Swift on Linux"])
        XCTAssertEqual(try found("hopper"), ["Swift on Linux"])
        XCTAssertEqual(try found("swift servers"), ["Swift on Linux"], "words are combined with AND")
        XCTAssertEqual(try found("swift espresso"), [])
        XCTAssertEqual(try found("cafe creme"), ["Café culture"], "diacritics are folded")
        XCTAssertEqual(try found("espresso"), ["Café culture"], "entities are decoded")
        XCTAssertEqual(try found("summary"), ["Summary only"], "summary is the text when there is no content")
        XCTAssertEqual(try found("dash"), ["Summary only"])
        XCTAssertEqual(try found("swif*"), ["Swift on Linux"], "a trailing star is a prefix")
        XCTAssertEqual(try found("swif"), [])
    }

    func testMarkupIsNotIndexed() throws {
        XCTAssertEqual(try found("zebra"), [], "attribute values are not text")
        XCTAssertEqual(try found("div"), [])
        XCTAssertEqual(try found("secretword"), [], "script contents are not text")
        XCTAssertEqual(try found("visible"), ["Scripts"])
    }

    func testHostileQueriesNeverFail() throws {
        let hostile = [
            "\"", "\"\"", "'", "*", "**", "a*b", "(", ")", "NEAR(", "title:", "title:swift", "-swift", "swift -linux",
            "AND", "OR", "NOT", "swift OR", "OR swift", "^swift", "{title}: x", "'; DROP TABLE articles; --",
            "\u{0}", "x\u{0}y", "😀", "  ", "", "+", "swift\"linux", "col:\"x", String(repeating: "a ", count: 500),
            String(repeating: "(", count: 1000), "NEAR(swift linux, 2)", "\\", "%", "_",
        ]
        for query in hostile {
            XCTAssertNoThrow(try store.countArticles(.search(query)), query)
            XCTAssertNoThrow(try store.articlePage(.search(query), offset: 0, limit: 10), query)
        }
        XCTAssertEqual(try found("linux:"), ["Swift on Linux"], "a colon is not a column filter")
        XCTAssertEqual(try found("title:linux"), [], "a column filter is a plain phrase")
        XCTAssertEqual(try found("swift\u{0}linux"), ["Swift on Linux"])
        XCTAssertEqual(try found("\"quotes\""), ["Plain"])
        XCTAssertEqual(try found("OR operators"), ["Plain"], "operators are plain words")
        XCTAssertEqual(try found("'; DROP TABLE articles; --"), [])
        XCTAssertEqual(try store.countArticles(.all), 5)
        XCTAssertEqual(try found(""), [], "nothing to match matches nothing")
    }

    func testIndexFollowsUpdatesAndDeletes() throws {
        try store.apply(
            feedID: feedID,
            feed: document([Article(id: "1", title: "Rust on Linux", contentHTML: "<p>kernel modules</p>")]),
            fetch: fetch())
        XCTAssertEqual(try found("swift"), [])
        XCTAssertEqual(try found("kernel"), ["Rust on Linux"])
        try store.removeFeed(id: feedID)
        XCTAssertEqual(try found("kernel"), [])
    }

    func testSearchCombinesWithOtherConditions() throws {
        let ids = try store.articleSummaries(.search("swift"), offset: 0, limit: 10).map(\.id)
        try store.setRead(true, articleIDs: ids)
        XCTAssertEqual(try store.countArticles(ArticleQuery(unreadOnly: true, search: "swift")), 0)
        XCTAssertEqual(try store.countArticles(ArticleQuery(feedIDs: [feedID], search: "espresso")), 1)
    }

    func testEveryStoredArticleIsFoundTheMomentItIsStored() throws {
        let path = store.path
        try store.apply(
            feedID: feedID,
            feed: document([
                Article(id: "1", title: "Rust on Linux", contentHTML: "<p>kernel modules</p>"),
                Article(id: "6", title: "Tea", contentText: "oolong and sencha"),
                Article(id: "7", title: "Coffee", contentText: "arabica beans"),
            ]),
            fetch: fetch())
        XCTAssertEqual(try found("kernel"), ["Rust on Linux"])
        XCTAssertEqual(try found("swift"), [], "a changed article is no longer found by its old text")
        XCTAssertEqual(try found("sencha"), ["Tea"])
        XCTAssertEqual(try found("espresso"), ["Café culture"], "articles not in the document keep their text")

        try store.apply(
            feedID: feedID, feed: document([Article(id: "6", title: "Tea", contentText: "matcha whisked")]),
            fetch: fetch())
        XCTAssertEqual(try found("matcha"), ["Tea"])
        XCTAssertEqual(try found("sencha"), [])
        XCTAssertEqual(try store.integrityCheck(), ["ok"])

        // Another process sees the same: nothing waits to be indexed.
        let reopened = try FeedStore(path: path)
        XCTAssertEqual(try reopened.titles(ArticleQuery(search: "arabica")), ["Coffee"])
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM sqlite_master WHERE name = 'search_pending';"), "0")
    }

    func testTheIndexKeepsNoCopyOfTheText() throws {
        let other = try store.addFeed(url: "https://example.org/other").id
        let long = String(repeating: "<p>levain &amp; rye, a slow ferment of flour and water</p>", count: 40)
        try store.apply(
            feedID: other,
            feed: document([Article(id: "a", title: "Sourdough", contentHTML: long, authors: [Author(name: "Ada Baker")])]),
            fetch: fetch())
        XCTAssertEqual(try found("levain"), ["Sourdough"])
        XCTAssertEqual(try found("baker rye"), ["Sourdough"])
        XCTAssertEqual(try sqlite3(store.path, "SELECT count(*) FROM sqlite_master WHERE name = 'article_search_content';"),
                       "0", "external content: the index reads the stored columns")
        XCTAssertEqual(try sqlite3(store.path, "SELECT typeof(content) FROM article_bodies WHERE article_id = "
                                       + "(SELECT id FROM articles WHERE identity = 'g:a');"), "blob", "a long body is compressed")
        XCTAssertEqual(try store.titles(ArticleQuery(feedIDs: [other], search: "ferment")), ["Sourdough"])
        let stored = try XCTUnwrap(try store.articleSummaries(.search("levain"), offset: 0, limit: 1).first)
        XCTAssertEqual(try store.article(id: stored.id)?.content, long, "read back exactly")

        try store.removeFeed(id: other)
        XCTAssertEqual(try found("levain"), [])
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }
}
