import FeedModel
import Foundation
import XCTest

@testable import FeedStore

/// A real v8 database (made by the Tidings before "v9-search-body-first": Resources/README.md) is
/// upgraded on open (v9 to v11): every article, body, mark, tag and export state survives byte for
/// byte, a copy is kept, the rebuilt index holds exactly the entries the old one held (every word,
/// article, column and position), searches, by column too, find the same articles, and articles are
/// still matched by their link.
final class SearchBodyFirstMigrationTests: XCTestCase {
    /// Every article with its marks and body bytes, every tag, export mark and feed. The identity key
    /// as "v12-compact-store" gives it back when it is not stored (the fixture's hosts are lower case).
    private let everything = """
        SELECT a.id, a.feed_id, coalesce(a.identity, 'g://' || substr(a.url, instr(a.url, '://') + 3)), a.title, a.authors, a.read, a.read_at, a.starred, a.ignored,
               a.content_hash, hex(b.summary), hex(b.content) FROM articles a
               LEFT JOIN article_bodies b ON b.article_id = a.id ORDER BY a.id;
        SELECT feed_id, tag, position FROM feed_tags ORDER BY feed_id, tag;
        SELECT state_id, article_id FROM export_marks ORDER BY 1, 2;
        SELECT id, url, title, etag, body_hash, apply_count FROM feeds ORDER BY id;
        """

    /// Every entry of the index: word, article, column (by name) and position. Read through FTS5's own
    /// vocabulary table, from the index alone (no search function is needed).
    private let indexEntries = """
        CREATE VIRTUAL TABLE temp.entries USING fts5vocab(main, article_search, 'instance');
        SELECT term, doc, col, offset FROM temp.entries ORDER BY term, doc, col, offset;
        """

    /// Searches as the store words them (`SearchExpression`), with and without a column filter.
    private let searches = [
        "\"issue\"", "\"webrings\"", "\"東京\"", "\"東京 京の\"", "\"café\"", "\"tides\"", "\"dunes\"",
        "\"storm\"", "\"release\" \"notes\"", "\"raw\"*", "{title} : (\"tides\")", "{body} : (\"the\")",
        "{author} : (\"町田\")", "{title} : (\"the\")",
    ]

    private func openV8Copy() throws -> String {
        let fixture = try XCTUnwrap(
            Bundle.module.url(forResource: "v8-store", withExtension: "db", subdirectory: "Resources"))
        let path = try temporaryDatabasePath(self)
        try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
        return path
    }

    private func matches(_ path: String) throws -> [String] {
        try searches.map { expression in
            let quoted = expression.replacingOccurrences(of: "'", with: "''")
            return try sqlite3(
                path, "SELECT group_concat(rowid) FROM (SELECT rowid FROM article_search WHERE article_search MATCH '\(quoted)' ORDER BY rowid);")
        }
    }

    func testAVersion8StoreKeepsEverythingAndItsIndexHoldsTheSameEntries() throws {
        let path = try openV8Copy()
        let before = try sqlite3(path, everything)
        let entriesBefore = try sqlite3(path, indexEntries)
        let matchesBefore = try matches(path)
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM articles;"), "41")
        XCTAssertGreaterThan(entriesBefore.split(separator: "\n").count, 500)
        XCTAssertTrue(matchesBefore.allSatisfy { !$0.isEmpty }, "every search finds something: \(matchesBefore)")

        let store = try FeedStore(path: path)
        XCTAssertEqual(
            try sqlite3(path, "SELECT count(*) FROM grdb_migrations WHERE identifier = 'v9-search-body-first';"), "1")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + ".bak-v8"), "a copy of the v8 file is kept")
        XCTAssertTrue(
            try sqlite3(path, "SELECT sql FROM sqlite_master WHERE name = 'article_search';")
                .contains("body, title, author"))
        XCTAssertEqual(try sqlite3(path, everything), before, "articles, bodies, marks, tags, exports and feeds as they were")
        XCTAssertEqual(try sqlite3(path, indexEntries), entriesBefore, "the same words at the same places")
        XCTAssertEqual(try matches(path), matchesBefore)
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
        XCTAssertEqual(try store.countArticles(ArticleQuery(starredOnly: true)), 3)
        XCTAssertEqual(try store.counts().unread, 36)

        // Through the store's own search and query language.
        XCTAssertEqual(try found(store, ArticleQuery(search: "tides")), [35])
        let title = try QueryExpression(parsing: "title contains \"tides\"")
        XCTAssertEqual(try found(store, ArticleQuery(expression: title)), [35])

        // Links are found by their hash now: an entry whose guid changed finds the starred article by
        // its link (the host in another case, over https), which keeps its star.
        XCTAssertEqual(
            try sqlite3(path, "SELECT count(*), count(url_hash) FROM articles WHERE url IS NOT NULL;"), "41|41")
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM pragma_table_info('articles') WHERE name = 'url_key';"), "0")
        let starred = try XCTUnwrap(try store.article(id: 40))
        let link = try XCTUnwrap(starred.url)
        XCTAssertTrue(link.hasPrefix("https://opencoast.example/"), link)
        let sameKey = "http://OpenCoast.example/" + link.dropFirst("https://opencoast.example/".count)
        try store.apply(
            feedID: starred.feedID,
            feed: document([Article(id: "a-new-guid-for-40", url: sameKey, title: "Renamed", contentHTML: "<p>moved on</p>")]),
            fetch: fetch())
        let renamed = try XCTUnwrap(try store.article(id: 40))
        XCTAssertEqual(renamed.title, "Renamed")
        XCTAssertTrue(renamed.starred)
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM articles;"), "41", "matched, not added")

        // The upgraded store keeps the index in step from then on.
        let stored = try XCTUnwrap(try store.article(id: 35))
        try store.apply(
            feedID: stored.feedID,
            feed: document([Article(id: stored.guid, url: stored.url, title: "Rye only", contentHTML: "<p>caraway</p>")]),
            fetch: fetch())
        XCTAssertEqual(try found(store, ArticleQuery(search: "caraway")), [35])
        XCTAssertEqual(try found(store, ArticleQuery(expression: QueryExpression(parsing: "content contains \"caraway\""))), [35])
        XCTAssertEqual(try found(store, ArticleQuery(expression: QueryExpression(parsing: "title contains \"caraway\""))), [])
        XCTAssertEqual(try found(store, ArticleQuery(search: "spreadsheet")), [])
        try store.removeFeed(id: stored.feedID)
        XCTAssertEqual(try found(store, ArticleQuery(search: "caraway")), [])
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }

    private func found(_ store: FeedStore, _ query: ArticleQuery) throws -> [Int64] {
        try store.articleSummaries(query, offset: 0, limit: 100).map(\.id).sorted()
    }
}
