import FeedModel
import Foundation
import XCTest

@testable import FeedStore

/// Bodies compressed with their feed's dictionary (`BodyDictionary`) on a real store: they read back
/// exactly as they came, search and the query language find them, the dictionary is made once per
/// feed and outlives the feed while articles that moved still need it.
final class BodyDictionaryTests: XCTestCase {
    private var store: FeedStore!
    private var path = ""

    override func setUpWithError() throws {
        path = try temporaryDatabasePath(self)
        store = try FeedStore(path: path)
    }

    /// A document of `count` articles with long bodies (about 2.5 KB each: enough for a dictionary),
    /// accented and CJK text, entities, and summaries.
    private func longDocument(_ prefix: String, count: Int = 20, changed: Int? = nil) -> Feed {
        document((0..<count).map { n in
            let paragraphs = (0..<12).map { p in
                "<p>Paragraph \(p) of \(prefix) post \(n): the compiler &amp; the parser, café crème, "
                    + "東京の天気は晴れ, a <a href=\"https://example.org/\(prefix)/\(n)/\(p)\">link</a> "
                    + "and words \(n * 31 + p) \(p * 17) more.</p>"
            }.joined(separator: "\n")
            let extra = n == changed ? "<p>sourdough starter</p>" : ""
            return Article(
                id: "\(prefix)-\(n)", url: "https://example.org/\(prefix)/\(n)", title: "\(prefix) post \(n)",
                contentHTML: paragraphs + extra, summary: "Summary of \(prefix) post \(n): the compiler and café")
        })
    }

    private func ids(_ query: ArticleQuery) throws -> [Int64] {
        try store.articleSummaries(query, offset: 0, limit: 1000).map(\.id).sorted()
    }

    func testBodiesReadBackExactlyAndAreFound() throws {
        let feed = try store.addFeed(url: "https://example.org/a")
        let incoming = longDocument("alpha")
        try store.apply(feedID: feed.id, feed: incoming, fetch: fetch())

        XCTAssertEqual(try sqlite3(path, "SELECT count(*), count(feed_id) FROM body_dictionaries;"), "1|1")
        XCTAssertEqual(
            try sqlite3(path, "SELECT count(*) > 1, min(id), max(id) - min(id) + 1 = count(*) FROM body_dictionary_parts;"),
            "1|256|1", "the dictionary in parts, numbered from its id times 256, one after the other")
        XCTAssertEqual(
            try sqlite3(path, """
                SELECT count(*) FROM article_bodies WHERE dictionary_id IS NOT NULL
                    AND substr(hex(content), 9, 8) = '28B52FFD' AND substr(hex(summary), 1, 0) = '';
                """),
            "20", "every content a zstd frame naming the dictionary")
        XCTAssertLessThan(
            Int(try sqlite3(path, "SELECT sum(length(content)) FROM article_bodies;")) ?? .max,
            incoming.items.reduce(0) { $0 + ($1.contentHTML?.utf8.count ?? 0) } / 5,
            "bodies with their feed's words in the dictionary compress well")
        for article in incoming.items {
            let stored = try XCTUnwrap(try store.articleSummaries(.all, offset: 0, limit: 100)
                .first { $0.title == article.title })
            let read = try XCTUnwrap(try store.article(id: stored.id))
            XCTAssertEqual(read.content, article.contentHTML)
            XCTAssertEqual(read.summary, article.summary)
        }
        var exported: [String] = []
        try store.forEachArticle(matching: .all, withContent: true) { exported.append($0.content ?? "") }
        XCTAssertEqual(exported.sorted(), incoming.items.compactMap(\.contentHTML).sorted())
        // Handed over undecoded (as export does, to decode on its worker threads), with the dictionary.
        var handedOver: [StoredArticle] = []
        try store.forEachArticle(matching: .all, decodingBodies: false) { handedOver.append($0) }
        XCTAssertEqual(handedOver.compactMap(\.content).sorted(), incoming.items.compactMap(\.contentHTML).sorted())
        XCTAssertEqual(handedOver.compactMap(\.summary).sorted(), incoming.items.compactMap(\.summary).sorted())
        for var article in handedOver {
            let content = article.content
            article.decodeBodies(summary: true)
            XCTAssertEqual(article.content, content)
        }

        XCTAssertEqual(try ids(ArticleQuery(search: "crème")).count, 20)
        XCTAssertEqual(try ids(ArticleQuery(search: "天気")).count, 20)
        let content = try QueryExpression(parsing: "content contains \"words 32 17\"")
        XCTAssertEqual(try ids(ArticleQuery(expression: content)).count, 1)
        let exact = try QueryExpression(parsing: "content =~ \"Paragraph 11 of alpha post 19:\"")
        XCTAssertEqual(try ids(ArticleQuery(expression: exact)).count, 1)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }

    func testAChangedArticleKeepsTheFeedsDictionaryAndLeavesTheIndexExact() throws {
        let feed = try store.addFeed(url: "https://example.org/a")
        try store.apply(feedID: feed.id, feed: longDocument("alpha"), fetch: fetch())
        try store.apply(feedID: feed.id, feed: longDocument("alpha", changed: 3), fetch: fetch())
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM body_dictionaries;"), "1", "made once")
        XCTAssertEqual(try ids(ArticleQuery(search: "sourdough")).count, 1)
        try store.apply(feedID: feed.id, feed: longDocument("alpha"), fetch: fetch())
        XCTAssertEqual(try ids(ArticleQuery(search: "sourdough")), [])
        XCTAssertEqual(try store.integrityCheck(), ["ok"], "old entries removed through the dictionary")
    }

    func testADeletedDictionaryTakesItsPartsAlong() throws {
        for name in ["alpha", "beta"] {
            let feed = try store.addFeed(url: "https://example.org/\(name)")
            try store.apply(feedID: feed.id, feed: longDocument(name), fetch: fetch())
        }
        let second = "SELECT count(*), sum(length(bytes)) FROM body_dictionary_parts WHERE id BETWEEN 512 AND 767;"
        let secondParts = try sqlite3(path, second)
        XCTAssertNotEqual(secondParts, "0|")
        // Nothing deletes a dictionary (bodies name it); the trigger keeps the parts with their row if
        // one ever is. The sqlite3 shell leaves foreign keys off.
        _ = try sqlite3(path, "DELETE FROM body_dictionaries WHERE id = 1;")
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM body_dictionary_parts WHERE id < 512;"), "0")
        XCTAssertEqual(try sqlite3(path, second), secondParts, "the other dictionary's parts stay")
    }

    /// A new dictionary is the UTF-8 of the document's first bodies in order (each entry's content,
    /// else its text, then its summary), cut at `BodyDictionary.size` bytes even inside a character.
    func testANewDictionaryIsTheFirstBodiesBytes() throws {
        let feed = longDocument("gamma", count: 20)
        var expected: [UInt8] = []
        for item in feed.items {
            for text in [item.contentHTML ?? item.contentText, item.summary] {
                if let text { expected += Array(text.utf8) }
            }
        }
        expected = Array(expected.prefix(BodyDictionary.size))
        let dictionary = try XCTUnwrap(BodyDictionary(madeFrom: feed))
        XCTAssertEqual(dictionary.bytes.count, BodyDictionary.size)
        XCTAssertEqual(dictionary.bytes, expected)
        let textOnly = document((0..<40).map { n in
            Article(id: "t\(n)", contentText: String(repeating: "東京の天気は晴れ \(n) ", count: 60))
        })
        let fromText = try XCTUnwrap(BodyDictionary(madeFrom: textOnly))
        XCTAssertEqual(
            fromText.bytes, Array(textOnly.items.flatMap { Array(($0.contentText ?? "").utf8) }.prefix(BodyDictionary.size)))
    }

    /// A new dictionary's stored value, made ahead of the write with a kept compression context that
    /// has just compressed bodies, is the frame a context of its own makes, and reads back whole.
    func testAKeptContextCompressesTheDictionaryAsAFreshOne() throws {
        let dictionary = try XCTUnwrap(BodyDictionary(madeFrom: longDocument("delta", count: 20)))
        let compressor = try XCTUnwrap(DictionaryCompressor(dictionary))
        let body = Array(String(repeating: "café crème 東京の天気 ", count: 50).utf8)
        var room = [UInt8](repeating: 0, count: body.count)
        let written = body.withUnsafeBytes { source in
            room.withUnsafeMutableBytes { out in
                compressor.compress(source.baseAddress!, count: body.count, into: out.baseAddress!, capacity: out.count)
            }
        }
        XCTAssertNotNil(written)
        let kept = try XCTUnwrap(compressor.compressedDictionary())
        XCTAssertEqual(kept, BodyDictionary.compressed(dictionary.bytes))
        XCTAssertEqual(DecodedDictionaries.bytes(of: kept.databaseValue), dictionary.bytes)
        let feed = try store.addFeed(url: "https://example.org/d")
        try store.apply(feedID: feed.id, feed: longDocument("delta", count: 20), fetch: fetch())
        XCTAssertEqual(
            try sqlite3(path, "SELECT hex(bytes) FROM body_dictionary_parts ORDER BY id;")
                .split(separator: "\n").joined(),
            kept.map { String(format: "%02X", $0) }.joined(), "the stored parts are that frame")
    }

    /// A feed that never stored a document (`lastSuccessAt` nil, as every feed of a first refresh) has
    /// no dictionary, so `prepare(neverStored:)` skips the read and makes one from the document, as the
    /// read would have; once the document is stored the feed says so, and its next document reads and
    /// keeps that dictionary.
    func testAFeedThatNeverStoredADocumentIsPreparedWithoutReadingItsDictionary() throws {
        let feed = try store.addFeed(url: "https://example.org/a")
        let before = try XCTUnwrap(try store.feeds().first { $0.id == feed.id })
        XCTAssertNil(before.fetchState.lastSuccessAt)
        let now = Date()
        let skipping = try store.prepare(feedID: feed.id, feed: longDocument("alpha"), fetchedAt: now, neverStored: true)
        let reading = try store.prepare(feedID: feed.id, feed: longDocument("alpha"), fetchedAt: now)
        XCTAssertEqual(skipping.articles.dictionary?.bytes, reading.articles.dictionary?.bytes)
        XCTAssertEqual(skipping.articles.dictionary?.storedValue, reading.articles.dictionary?.storedValue)
        XCTAssertNil(skipping.articles.dictionary?.id)
        try store.apply(skipping, fetch: fetch(now))

        let after = try XCTUnwrap(try store.feeds().first { $0.id == feed.id })
        XCTAssertNotNil(after.fetchState.lastSuccessAt)
        let next = try store.prepare(
            feedID: feed.id, feed: longDocument("alpha", changed: 3), fetchedAt: Date(),
            neverStored: after.fetchState.lastSuccessAt == nil)
        XCTAssertEqual(next.articles.dictionary?.id, 1, "the stored dictionary, read")
        try store.apply(next, fetch: fetch())
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM body_dictionaries;"), "1")
        XCTAssertEqual(try ids(ArticleQuery(search: "sourdough")).count, 1)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }

    func testAShortDocumentGetsNoDictionary() throws {
        let feed = try store.addFeed(url: "https://example.org/a")
        try store.apply(feedID: feed.id, feed: longDocument("alpha", count: 2), fetch: fetch())
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM body_dictionaries;"), "0")
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM article_bodies WHERE dictionary_id IS NULL;"), "2")
        XCTAssertEqual(try ids(ArticleQuery(search: "crème")).count, 2)
    }

    func testArticlesMergedIntoAnotherFeedKeepTheirDictionary() throws {
        let old = try store.addFeed(url: "https://old.example/feed")
        let target = try store.addFeed(url: "https://new.example/feed")
        try store.apply(feedID: old.id, feed: longDocument("alpha"), fetch: fetch())
        try store.apply(feedID: target.id, feed: longDocument("beta"), fetch: fetch())
        _ = try store.setStarred(true, articleIDs: Array(try ids(ArticleQuery(search: "alpha")).prefix(2)))

        XCTAssertEqual(try store.recordPermanentRedirect(feedID: old.id, to: "https://new.example/feed"), target.id)
        XCTAssertEqual(try store.feeds().count, 1)
        XCTAssertEqual(try sqlite3(path, "SELECT count(*), count(feed_id) FROM body_dictionaries;"), "2|1",
                       "the old feed's dictionary stays for the articles that moved")
        var contents: [String] = []
        try store.forEachArticle(matching: .all, withContent: true) { contents.append($0.content ?? "") }
        XCTAssertEqual(contents.count, 40)
        XCTAssertEqual(contents.filter { $0.contains("of alpha post") }.count, 20)
        XCTAssertEqual(try ids(ArticleQuery(search: "alpha")).count, 20)
        XCTAssertEqual(try store.countArticles(ArticleQuery(starredOnly: true)), 2)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
        XCTAssertEqual(try sqlite3(path, "PRAGMA foreign_key_check;"), "")

        try store.removeFeed(id: target.id)
        XCTAssertEqual(try store.countArticles(.all), 0)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }
}
