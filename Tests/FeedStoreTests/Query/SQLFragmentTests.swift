@testable import FeedStore
import Foundation
import GRDB
import XCTest

/// The conditions the store builds carry the columns their SQL reads (what picks the index that
/// answers a list, `ArticleReader.rowIDSource`), checked against a reading of the text (here only),
/// and the arguments SQLite expects, for every kind of condition the lists, counts and keysets use.
final class SQLFragmentTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    func testEveryListConditionDeclaresTheColumnsItsTextReads() throws {
        let store = try makeStore(self)
        var checked = 0
        for sort in ArticleSort.allCases {
            for query in try Self.queries(sort: sort) {
                for collapsesCopies in [false, true] {
                    let filter = ArticleFilter(query, now: now, collapsesCopies: collapsesCopies)
                    var fragments = [filter.condition, filter.countCondition]
                    fragments += [filter.countKeepingIgnored, filter.copiesCondition].compactMap { $0 }
                    for test in [FullTextTest.listed, .driving, .probed, .window(lowest: 1, highest: 9)] {
                        fragments += filter.conjuncts(fullText: test).map(\.condition)
                    }
                    let key = ArticleFilter.Key(feedTitle: "Feed", feedID: 3, date: 1e9, id: 42, title: "Title")
                    for before in [false, true] {
                        fragments.append(filter.condition(after: key, before: before))
                        fragments.append(filter.indexCondition(after: key, before: before))
                        fragments.append(filter.condition.and(filter.indexCondition(after: key, before: before)))
                    }
                    for fragment in fragments {
                        XCTAssertEqual(fragment.columns, Self.columnsRead(by: fragment.sql), fragment.sql)
                        try store.pool.read { db in
                            // SQLite reads the condition and takes exactly its arguments.
                            try db.makeStatement(sql: "SELECT a.id FROM \(filter.from) WHERE \(fragment.sql)")
                                .validateArguments(fragment.arguments)
                        }
                        checked += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 1_000)
    }

    func testRulesComparedAtStoreTimeDeclareTheirColumnsToo() throws {
        for text in try Self.expressions() {
            let compiled = QueryCompiler(text: .incoming, now: now).compile(try QueryExpression(parsing: text))
            XCTAssertEqual(compiled.columns, Self.columnsRead(by: compiled.sql), compiled.sql)
        }
    }

    func testPiecesJoinInOrderWithTheirArguments() {
        let first = SQLFragment("a.read = ?", [0], columns: ["a.read"])
        let second = SQLFragment("+a.feed_id IN (?, ?)", [1, 2], columns: ["+a.feed_id"])
        let both = first.and(second)
        XCTAssertEqual(both.sql, "a.read = ? AND +a.feed_id IN (?, ?)")
        XCTAssertEqual(both.arguments, [0, 1, 2])
        XCTAssertEqual(both.columns, ["a.read", "+a.feed_id"])
        XCTAssertEqual(SQLFragment.all([]).sql, "1")
        XCTAssertTrue(SQLFragment.all([]).isAlways)
        XCTAssertFalse(first.isAlways)
        let negated = both.wrapped("NOT (", ")", before: ["x"], after: ["y"])
        XCTAssertEqual(negated.sql, "NOT (a.read = ? AND +a.feed_id IN (?, ?))")
        XCTAssertEqual(negated.arguments, ["x", 0, 1, 2, "y"])
    }

    /// Lists of every kind: scopes, marks, dates, searches, export states, and expressions on every field.
    private static func queries(sort: ArticleSort) throws -> [ArticleQuery] {
        var queries: [ArticleQuery] = [
            ArticleQuery(sort: sort), ArticleQuery(feedIDs: [1], sort: sort), ArticleQuery(feedIDs: [], sort: sort),
            ArticleQuery(feedIDs: Array(1...20), sort: sort), ArticleQuery(unreadOnly: true, sort: sort),
            ArticleQuery(starredOnly: true, sort: sort), ArticleQuery(search: "garden stone", sort: sort),
            ArticleQuery(search: "", sort: sort), ArticleQuery(tags: ["news", "tech"], sort: sort),
        ]
        var since = ArticleQuery(sort: sort)
        since.since = Date(timeIntervalSince1970: 1_600_000_000)
        var exported = ArticleQuery(sort: sort)
        exported.notExportedBy = "mail"
        var ignored = ArticleQuery(unreadOnly: true, sort: sort)
        ignored.includeIgnored = true
        queries += [since, exported, ignored]
        for text in try expressions() {
            var query = ArticleQuery(feedIDs: [2, 3], sort: sort)
            query.expression = try QueryExpression(parsing: text)
            queries.append(query)
        }
        return queries
    }

    private static func expressions() throws -> [String] {
        var texts = [
            "unread", "starred and not enclosure", "age < 2d or date >= 2024-01-01", "age > 1w",
            "date between 2026-01-01 and 2026-02-01", "unread and (title contains \"swift\" or tag = \"dev\")",
        ]
        for field in ["title", "content", "author", "feed", "feedurl", "tag", "url", "enclosure", "language"] {
            texts += [
                "\(field) =~ \"(?i)^sponsored|advert\"", "\(field) =~ \"(?i)garden.*stone\"", "\(field) !~ \"spon.ored\"",
            ]
            if field != "content" { texts += ["\(field) = \"plain\"", "not \(field) != \"x\" or unread"] }
            if ["title", "author", "content"].contains(field) { texts.append("\(field) contains \"garden\"") }
        }
        return texts
    }

    /// The qualified column names written in `sql` (`a.id`; `+a.feed_id` behind a unary plus): the
    /// reading of the text that the conditions' declared columns replace.
    static func columnsRead(by sql: String) -> Set<String> {
        let bytes = Array(sql.utf8)
        func isNamePart(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x5F
        }
        var names = Set<String>()
        var index = 0
        while index < bytes.count {
            guard isNamePart(bytes[index]), index == 0 || !(isNamePart(bytes[index - 1]) || bytes[index - 1] == 0x2E)
            else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, isNamePart(bytes[end]) { end += 1 }
            guard end < bytes.count, bytes[end] == 0x2E else {
                index = end
                continue
            }
            var columnEnd = end + 1
            while columnEnd < bytes.count, isNamePart(bytes[columnEnd]) { columnEnd += 1 }
            let name = String(decoding: bytes[index..<columnEnd], as: UTF8.self)
            names.insert(index > 0 && bytes[index - 1] == 0x2B ? "+" + name : name)
            index = columnEnd
        }
        return names
    }
}
