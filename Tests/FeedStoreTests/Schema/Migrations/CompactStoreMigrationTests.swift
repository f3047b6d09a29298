import FeedModel
import Foundation
import GRDB
import XCTest

@testable import FeedStore

/// A real v11 database (made by the Tidings before "v12-compact-store": Resources/README.md) is
/// upgraded on open: every article (its identity key, guid and every column), body byte, dictionary,
/// mark, tag, export mark and feed is as it was, a copy is kept, the search index holds the same
/// entries and finds the same articles, and articles are still matched by identity and by link.
final class CompactStoreMigrationTests: XCTestCase {
    /// Every article as readers see it, before the migration (v11 columns).
    private let articlesBefore = """
        SELECT a.id, a.feed_id, a.identity AS identity_key,
               coalesce(a.guid, CASE WHEN substr(a.identity, 1, 2) = 'g:' THEN substr(a.identity, 3) END) AS guid,
               a.url, a.external_url, a.title, a.authors, a.published, a.updated, a.sort_date, a.content_type,
               a.image, a.comments, a.language, a.enclosures, a.tags, a.content_hash, a.first_seen_at,
               a.seen_in_apply, a.read, a.read_at, a.starred, a.ignored, a.url_hash, b.summary, b.content,
               (SELECT dictionary FROM body_dictionaries WHERE id = b.dictionary_id) AS dictionary
        FROM articles a LEFT JOIN article_bodies b ON b.article_id = a.id ORDER BY a.id
        """

    /// The same, after it: the key and guid given back, the dictionary joined from its parts.
    private let articlesAfter = """
        SELECT a.id, a.feed_id, tidings_identity_key(a.identity, a.url) AS identity_key,
               \(ArticleIdentity.storedGUIDColumn) AS guid,
               a.url, a.external_url, a.title, a.authors, a.published, a.updated, a.sort_date, a.content_type,
               a.image, a.comments, a.language, a.enclosures, a.tags, a.content_hash, a.first_seen_at,
               a.seen_in_apply, a.read, a.read_at, a.starred, a.ignored, a.url_hash, b.summary, b.content,
               \(BodyDictionary.storedValue(of: "b.dictionary_id")) AS dictionary
        FROM articles a LEFT JOIN article_bodies b ON b.article_id = a.id ORDER BY a.id
        """

    /// Tags, export states and marks, feeds (the columns the v11 file has: later migrations add
    /// some) and which feed each dictionary is of: unchanged tables.
    private func others(feedColumns: String) -> [String] {
        [
            "SELECT feed_id, tag, position FROM feed_tags ORDER BY feed_id, tag",
            "SELECT id, name, created_at, last_export_at FROM export_states ORDER BY id",
            "SELECT state_id, article_id FROM export_marks ORDER BY 1, 2",
            "SELECT \(feedColumns) FROM feeds ORDER BY id",
            "SELECT id, feed_id FROM body_dictionaries ORDER BY id",
        ]
    }

    private let indexEntries = """
        CREATE VIRTUAL TABLE temp.entries USING fts5vocab(main, article_search, 'instance');
        SELECT term, doc, col, offset FROM temp.entries ORDER BY term, doc, col, offset;
        """

    private let searches = [
        "\"harbour\"", "\"東京\"", "\"京の\"", "\"café\"", "\"tides\"", "\"storm\"", "\"release\" \"notes\"",
        "\"unicode\"", "\"reverted\"", "\"sess\"*", "{title} : (\"guid\")", "{body} : (\"the\")",
        "{author} : (\"haddad\")",
    ]

    private func openV11Copy() throws -> String {
        let fixture = try XCTUnwrap(
            Bundle.module.url(forResource: "v11-identities-store", withExtension: "db", subdirectory: "Resources"))
        let path = try temporaryDatabasePath(self)
        try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
        return path
    }

    /// Rows of `sql` through a read-only connection with the store's functions.
    private func rows(_ path: String, _ sql: String) throws -> [Row] {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.prepareDatabase { db in
            ArticleIdentity.registerFunctions(db)
            db.add(function: BodyDictionary.partsFunction)
        }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { db in try Row.fetchAll(db, sql: sql) }
    }

    private func matches(_ path: String) throws -> [String] {
        try searches.map { expression in
            let quoted = expression.replacingOccurrences(of: "'", with: "''")
            return try sqlite3(
                path, "SELECT group_concat(rowid) FROM (SELECT rowid FROM article_search WHERE article_search MATCH '\(quoted)' ORDER BY rowid);")
        }
    }

    func testAVersion11StoreKeepsEverythingAndFindsTheSameArticles() throws {
        let path = try openV11Copy()
        let articles = try rows(path, articlesBefore)
        let feedColumns = try sqlite3(path, "SELECT group_concat(name, ', ') FROM pragma_table_info('feeds');")
        let tables = try others(feedColumns: feedColumns).map { try rows(path, $0) }
        let entriesBefore = try sqlite3(path, indexEntries)
        let matchesBefore = try matches(path)
        XCTAssertEqual(articles.count, 99)
        XCTAssertEqual(articles.filter { !($0["dictionary"] as DatabaseValue).isNull }.count, 50, "bodies with a dictionary")
        XCTAssertTrue(matchesBefore.allSatisfy { !$0.isEmpty }, "every search finds something: \(matchesBefore)")

        let store = try FeedStore(path: path)
        XCTAssertEqual(
            try sqlite3(path, "SELECT count(*) FROM grdb_migrations WHERE identifier = 'v12-compact-store';"), "1")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + ".bak-v11"), "a copy of the v11 file is kept")
        XCTAssertEqual(try rows(path, articlesAfter), articles, "every article, key, guid, mark and body byte")
        XCTAssertEqual(try others(feedColumns: feedColumns).map { try rows(path, $0) }, tables, "tags, exports, feeds, dictionaries")
        XCTAssertEqual(try sqlite3(path, indexEntries), entriesBefore, "the same words at the same places")
        XCTAssertEqual(try matches(path), matchesBefore)
        XCTAssertEqual(try store.integrityCheck(), ["ok"], "the index matches the text the view gives")

        // The unique index is gone; keys that the link gives back are not stored.
        XCTAssertEqual(
            try sqlite3(path, "SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_autoindex_articles_1';"), "0")
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM sqlite_master WHERE name = 'articles_feed_identity';"), "1")
        XCTAssertEqual(
            try sqlite3(path, "SELECT group_concat(id) FROM (SELECT id FROM articles WHERE identity IS NULL AND feed_id = 8 ORDER BY id);"),
            "51,54,57,58", "guid equal to the link; not over another scheme (52) or without one (53)")
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM articles WHERE identity IS NULL AND guid IS NOT NULL;"), "0")
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM pragma_table_info('body_dictionaries');"), "2")
        XCTAssertEqual(
            try sqlite3(path, """
                SELECT count(*) FROM body_dictionaries d
                WHERE (SELECT count(*) FROM body_dictionary_parts WHERE id / 256 = d.id) < 2;
                """),
            "0", "each dictionary in parts, numbered from its id times 256")

        // Through the store: marks, counts, searches and the guid readers see.
        XCTAssertEqual(try store.countArticles(ArticleQuery(starredOnly: true)), 6)
        XCTAssertEqual(try found(store, ArticleQuery(search: "harbour")), Array(51...57))
        XCTAssertEqual(try found(store, ArticleQuery(expression: QueryExpression(parsing: "content contains \"京の都\""))), [58])
        XCTAssertEqual(try store.article(id: 51)?.guid, "http://Identities.EXAMPLE/Posts/1")
        XCTAssertEqual(try store.article(id: 53)?.guid, "//identities.example/posts/3")
        XCTAssertEqual(try store.article(id: 54)?.guid, "urn:note:4")
        XCTAssertNil(try store.article(id: 55)?.guid)
        let stored = try XCTUnwrap(try store.article(id: 20))
        let body = try XCTUnwrap(stored.content)
        XCTAssertTrue(body.contains("<"), "a body compressed with its dictionary reads back")

        // The same documents again: every entry finds its article (by the key's hash), nothing is added.
        XCTAssertEqual(stored.feedID, 7)
        for (feedID, name) in [(Int64(7), "corpus-0099"), (8, "identities")] {
            let file = try XCTUnwrap(
                Bundle.module.url(forResource: name, withExtension: "xml", subdirectory: "Resources/v11-store-feeds"))
            let result = try store.apply(feedID: feedID, feed: FeedParser.parse(Data(contentsOf: file)), fetch: fetch())
            XCTAssertEqual(result.new, 0, name)
            // Two titles of corpus-0099 name `<canvas> & <svg>`: read whole since issue 32's one-line
            // field rule, so those two stored articles are updated (their tail comes back), no others.
            XCTAssertEqual(result.updated, name == "corpus-0099" ? 2 : 0, name)
        }
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM articles;"), "99")
        XCTAssertEqual(try store.countArticles(ArticleQuery(starredOnly: true)), 6)

        // An entry whose guid is its link, retitled, is updated in place and keeps its star; one
        // whose guid changed is found by its link (host in other case) and keeps its star too.
        try store.apply(
            feedID: 8,
            feed: document([
                Article(id: "http://Identities.EXAMPLE/Posts/1", url: "http://Identities.EXAMPLE/Posts/1",
                        title: "Retitled", contentHTML: "<p>caraway</p>"),
                Article(id: "a-new-guid-for-57", url: "http://IDENTITIES.example/posts/7", title: "Moved guid"),
            ]),
            fetch: fetch())
        XCTAssertEqual(try store.article(id: 51)?.title, "Retitled")
        XCTAssertEqual(try store.article(id: 51)?.starred, true)
        XCTAssertEqual(try store.article(id: 57)?.title, "Moved guid")
        XCTAssertEqual(try store.article(id: 57)?.guid, "a-new-guid-for-57")
        XCTAssertEqual(try store.article(id: 57)?.starred, true)
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM articles;"), "99", "matched, not added")
        XCTAssertEqual(try found(store, ArticleQuery(search: "caraway")), [51])
        XCTAssertEqual(try store.integrityCheck(), ["ok"])
    }

    private func found(_ store: FeedStore, _ query: ArticleQuery) throws -> [Int64] {
        try store.articleSummaries(query, offset: 0, limit: 100).map(\.id).sorted()
    }
}
