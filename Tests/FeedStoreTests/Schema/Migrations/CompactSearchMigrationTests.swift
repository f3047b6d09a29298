import FeedModel
import Foundation
import XCTest

@testable import FeedStore

/// A real v5 database (made by the Tidings before "v6-compact-search": Resources/README.md) is
/// upgraded on open: every article, body, mark, tag and export state survives, a copy is kept, and
/// search finds what it found before, plus the article a killed refresh had left unindexed.
final class CompactSearchMigrationTests: XCTestCase {
    /// Every article with its marks and body bytes, every tag, export mark and feed.
    private let everything = """
        SELECT a.id, a.feed_id, a.identity, a.title, a.read, a.read_at, a.starred, a.ignored,
               length(b.summary), length(b.content), hex(b.content) FROM articles a
               LEFT JOIN article_bodies b ON b.article_id = a.id ORDER BY a.id;
        SELECT feed_id, tag, position FROM feed_tags ORDER BY feed_id, tag;
        SELECT state_id, article_id FROM export_marks ORDER BY 1, 2;
        SELECT id, url, title, etag, body_hash, apply_count FROM feeds ORDER BY id;
        """

    private func openV5Copy() throws -> String {
        let fixture = try XCTUnwrap(
            Bundle.module.url(forResource: "v5-store", withExtension: "db", subdirectory: "Resources"))
        let path = try temporaryDatabasePath(self)
        try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
        return path
    }

    func testAVersion5StoreKeepsEverythingAndSearchFindsTheSameArticles() throws {
        let path = try openV5Copy()
        let before = try sqlite3(path, everything)
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM articles;"), "36")

        let store = try FeedStore(path: path)
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM grdb_migrations WHERE identifier = 'v6-compact-search';"), "1")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + ".bak-v5"), "a copy of the v5 file is kept")
        XCTAssertEqual(
            try sqlite3(path, everything), before, "articles, bodies, marks, tags, export states and feeds are untouched")
        XCTAssertEqual(try sqlite3(path, "SELECT name FROM sqlite_master WHERE name IN "
                                       + "('search_pending', 'article_search_content') ORDER BY name;"), "")
        XCTAssertEqual(try store.integrityCheck(), ["ok"])

        // The same articles as the v5 store found (`tidings export --search W` before the upgrade).
        let expected: [String: [Int64]] = [
            "issue": [1, 2, 4, 5, 6], "webrings": [1], "東京": [18], "天気": [18], "北京": [18],
            "café": [11, 17, 35], "cafe": [11, 17, 35], "Señor": [17], "crème brûlée": [35], "sourdough": [34],
            "tides": [25],
        ]
        for (word, ids) in expected {
            XCTAssertEqual(try found(store, word), ids, word)
        }
        // Article 36 waited in `search_pending` (a refresh killed before indexing): found now.
        XCTAssertEqual(try found(store, "proofing"), [36])
        XCTAssertEqual(try store.countArticles(ArticleQuery(starredOnly: true)), 2)
        XCTAssertEqual(try store.counts().unread, 31)
        XCTAssertEqual(try store.feeds().count, 5)

        // The upgraded store keeps the index in step from then on.
        let stored = try XCTUnwrap(try store.article(id: 34))
        try store.apply(
            feedID: stored.feedID,
            feed: document([Article(id: stored.guid, url: stored.url, title: "Rye only", contentHTML: "<p>caraway</p>")]),
            fetch: fetch())
        XCTAssertEqual(try found(store, "caraway"), [34])
        XCTAssertEqual(try found(store, "sourdough"), [])
        try store.removeFeed(id: stored.feedID)
        XCTAssertEqual(try found(store, "caraway"), [])
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }

    private func found(_ store: FeedStore, _ word: String) throws -> [Int64] {
        try store.articleSummaries(ArticleQuery(search: word), offset: 0, limit: 100).map(\.id).sorted()
    }
}
