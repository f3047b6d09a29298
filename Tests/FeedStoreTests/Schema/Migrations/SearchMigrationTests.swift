import FeedModel
import Foundation
import GRDB
import XCTest

@testable import FeedStore

/// A database from before "v5-search-text" (its index built by the old six-entity HTML stripper, one
/// article still waiting in `search_pending`) is re-indexed on open, without losing an article or a mark.
final class SearchMigrationTests: XCTestCase {
    /// The identity the old code gave an untitled entry without id or link: FNV-1a of (no title, no date,
    /// the old search text "caf&eacute; au lait").
    private let oldHashedIdentity = "h:516f62ab7e2316df"
    private let untitledHTML = "<p>caf&eacute; <b>au</b> lait</p>"

    private func makeVersion2Database() throws -> String {
        let path = try temporaryDatabasePath(self)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            for migration in Schema.migrations.prefix(2) {
                XCTAssertTrue(["v1", "v2"].contains(migration.identifier))
                try migration.migrate(db)
                try db.execute(sql: "INSERT INTO grdb_migrations VALUES (?)", arguments: [migration.identifier])
            }
            try db.execute(sql: """
                INSERT INTO feeds (id, url, created_at) VALUES (1, 'https://example.org/feed', 0);
                INSERT INTO articles (id, feed_id, identity, guid, title, sort_date, content_hash, first_seen_at,
                                      content_type, starred)
                    VALUES (1, 1, 'g:1', '1', '日本語のタイトル', 10, 1, 10, 'html', 1);
                INSERT INTO article_bodies (article_id, content) VALUES (1, '<p>caf&eacute; 中文内容测试</p>');
                INSERT INTO article_search (rowid, title, author, body)
                    VALUES (1, '日本語のタイトル', '', 'caf&eacute; 中文内容测试');
                INSERT INTO articles (id, feed_id, identity, sort_date, content_hash, first_seen_at, content_type,
                                      read, read_at)
                    VALUES (2, 1, ?, 20, 2, 20, 'html', 1, 25);
                INSERT INTO article_bodies (article_id, content) VALUES (2, ?);
                INSERT INTO search_pending (article_id, title, author, body) VALUES (2, NULL, '', 'caf&eacute; au lait');
                """, arguments: [oldHashedIdentity, untitledHTML])
        }
        return path
    }

    func testOpeningRebuildsTheIndexFromStoredArticles() throws {
        let path = try makeVersion2Database()
        let store = try FeedStore(path: path)
        XCTAssertEqual(
            try sqlite3(path, "SELECT identifier FROM grdb_migrations ORDER BY identifier;"),
            Schema.migrations.map(\.identifier).sorted().joined(separator: "\n"), "every migration ran")
        XCTAssertEqual(try store.countArticles(.search("café")), 2, "entities decoded, the pending article included")
        XCTAssertEqual(try store.titles(.search("日本語")), ["日本語のタイトル"])
        XCTAssertEqual(try store.titles(.search("内容")), ["日本語のタイトル"])
        XCTAssertEqual(try store.integrityCheck(), ["ok"], "the index holds exactly the two articles' text")
        XCTAssertEqual(
            try sqlite3(path, "SELECT id, read, read_at, starred FROM articles ORDER BY id;"), "1|0||1\n2|1|25.0|0",
            "marks are untouched")
    }

    func testAnUntitledEntryKnownByItsTextStaysOneArticle() throws {
        let path = try makeVersion2Database()
        let store = try FeedStore(path: path)
        XCTAssertNotEqual(try sqlite3(path, "SELECT identity FROM articles WHERE id = 2;"), oldHashedIdentity)
        // The feed sends the same untitled entry again: it is the stored article, still read.
        let applied = try store.apply(
            feedID: 1, feed: document([Article(contentHTML: untitledHTML)]), fetch: fetch())
        XCTAssertEqual(applied.newArticleIDs, [])
        XCTAssertEqual(try store.countArticles(.all), 2)
        XCTAssertEqual(try sqlite3(path, "SELECT read FROM articles WHERE id = 2;"), "1")
    }
}
