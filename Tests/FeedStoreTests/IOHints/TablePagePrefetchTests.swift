import FeedModel
import Foundation
import GRDB
import TestSupport
import XCTest

@testable import FeedStore

/// The prefetch of list rows' table pages: the rowid-to-page map it reads from the file's interior
/// b-tree pages names the leaf that really holds each row (checked against the leaf's own cells), it
/// follows the file when it changes, it never traps on a page that is not what it expects, and a
/// store that prefetches lists exactly the rows, in the same order, of one that does not.
final class TablePagePrefetchTests: XCTestCase {
    /// A plain SQLite file with small pages, so that a few thousand rows make a tree of three levels
    /// and more, with a gap of deleted rows in it.
    private func deepTable() throws -> (path: String, queue: DatabaseQueue) {
        let path = try temporaryDatabasePath(self)
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA page_size = 512")
            try db.execute(sql: "CREATE TABLE articles (id INTEGER PRIMARY KEY, title TEXT)")
            try db.inTransaction {
                for id in 1...6_000 {
                    try db.execute(
                        sql: "INSERT INTO articles (id, title) VALUES (?, ?)",
                        arguments: [Int64(id) * 7, String(repeating: "t", count: 5 + id % 40)])
                }
                try db.execute(sql: "DELETE FROM articles WHERE id BETWEEN 7000 AND 14000")
                return .commit
            }
        }
        return (path, queue)
    }

    /// The rowids stored in the leaf table page `page` of the file (SQLite's file format: a page of type
    /// 13, each cell a payload-size varint then the rowid varint).
    private func rowids(inLeaf page: UInt32, path: String, pageSize: Int) throws -> Set<Int64> {
        let handle = try XCTUnwrap(FileHandle(forReadingAtPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(page - 1) * UInt64(pageSize))
        let bytes = [UInt8](try XCTUnwrap(handle.read(upToCount: pageSize)))
        let header = page == 1 ? 100 : 0
        guard bytes[header] == 0x0D else { return [] }
        func varint(_ offset: inout Int) -> Int64 {
            var value: Int64 = 0
            for index in 0..<9 {
                let byte = bytes[offset]
                offset += 1
                if index == 8 { return value << 8 | Int64(byte) }
                value = value << 7 | Int64(byte & 0x7F)
                if byte & 0x80 == 0 { break }
            }
            return value
        }
        let count = Int(bytes[header + 3]) << 8 | Int(bytes[header + 4])
        var found = Set<Int64>()
        for index in 0..<count {
            var offset = Int(bytes[header + 8 + 2 * index]) << 8 | Int(bytes[header + 9 + 2 * index])
            _ = varint(&offset)
            found.insert(varint(&offset))
        }
        return found
    }

    func testEveryRowMapsToTheLeafThatHoldsIt() throws {
        let (path, queue) = try deepTable()
        let interiorPages = try queue.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM dbstat WHERE name = 'articles' AND pagetype = 'internal'")
        }
        XCTAssertGreaterThan(interiorPages ?? 0, 1, "a tree of three levels or more")
        let prefetch = try XCTUnwrap(TablePagePrefetch(path: path))
        let ids = try queue.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM articles") }
        XCTAssertEqual(ids.count, 4_999)
        var leaves: [UInt32: Set<Int64>] = [:]
        for id in ids {
            let page = try XCTUnwrap(try queue.read { db in try prefetch.leafPage(of: id, db) }, "row \(id)")
            if leaves[page] == nil { leaves[page] = try rowids(inLeaf: page, path: path, pageSize: 512) }
            XCTAssertTrue(leaves[page]?.contains(id) == true, "row \(id) is not on page \(page)")
        }
        XCTAssertGreaterThan(leaves.count, 100)
        // A row id that is not stored still maps to a page of the table (where it would go).
        XCTAssertNotNil(try queue.read { db in try prefetch.leafPage(of: 10_000, db) })
        XCTAssertEqual(
            try queue.read { db in try prefetch.prefetch(rowids: Array(ids.prefix(300)), db) },
            Set(try ids.prefix(300).map { id in try queue.read { db in try prefetch.leafPage(of: id, db) } }).count)
    }

    func testTheMapFollowsTheFileWhenItChanges() throws {
        let (path, queue) = try deepTable()
        let prefetch = try XCTUnwrap(TablePagePrefetch(path: path))
        _ = try queue.read { db in try prefetch.leafPage(of: 7, db) }
        // Rows added after the map was read, at the end and in the gap: pages split and new ones added.
        try queue.write { db in
            for id in 7_000...9_000 {
                try db.execute(
                    sql: "INSERT INTO articles (id, title) VALUES (?, ?)",
                    arguments: [Int64(id), String(repeating: "n", count: 30)])
            }
            for id in 1...2_000 {
                try db.execute(
                    sql: "INSERT INTO articles (id, title) VALUES (?, ?)",
                    arguments: [Int64(50_000 + id), String(repeating: "e", count: 30)])
            }
        }
        for id in [Int64(7_000), 8_000, 9_000, 50_001, 51_000, 52_000, 7, 42_000] {
            let page = try XCTUnwrap(try queue.read { db in try prefetch.leafPage(of: id, db) })
            XCTAssertTrue(try rowids(inLeaf: page, path: path, pageSize: 512).contains(id), "row \(id)")
        }
    }

    /// A table whose pages are still only in the write-ahead log is not in the file yet: nothing is
    /// asked for (no error); once the log is copied into the file, the map is read from it.
    func testATableStillInTheLogIsLeftAloneUntilTheFileHoldsIt() throws {
        let path = try temporaryDatabasePath(self)
        var configuration = Configuration()
        configuration.journalMode = .wal
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE articles (id INTEGER PRIMARY KEY, title TEXT)")
            for id in 1...2_000 {
                try db.execute(sql: "INSERT INTO articles (id, title) VALUES (?, ?)", arguments: [id, "title \(id)"])
            }
        }
        let prefetch = try XCTUnwrap(TablePagePrefetch(path: path))
        XCTAssertEqual(try queue.read { db in try prefetch.prefetch(rowids: [1, 500, 2_000], db) }, 0)
        XCTAssertNil(try queue.read { db in try prefetch.leafPage(of: 500, db) })
        _ = try queue.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        let page = try XCTUnwrap(try queue.read { db in try prefetch.leafPage(of: 500, db) })
        XCTAssertTrue(try rowids(inLeaf: page, path: path, pageSize: 4_096).contains(500))
        XCTAssertGreaterThan(try queue.read { db in try prefetch.prefetch(rowids: [1, 500, 2_000], db) }, 1)
    }

    /// Child page numbers are read from the file: a damaged root naming page 0 and the largest page
    /// number as children is followed without trapping, and the rows it maps elsewhere stay mapped.
    func testChildPageNumbersAtTheEndsOfTheirRangeDoNotTrap() throws {
        let (path, queue) = try deepTable()
        let root = try XCTUnwrap(try queue.read { db in
            try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_schema WHERE name = 'articles'")
        })
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        let start = UInt64(root - 1) * 512
        try handle.seek(toOffset: start)
        let header = [UInt8](try XCTUnwrap(handle.read(upToCount: 12)))
        XCTAssertEqual(header[0], 0x05, "the root of 6,000 rows in 512-byte pages is an interior page")
        try handle.seek(toOffset: start + 8)
        try handle.write(contentsOf: [0xFF, 0xFF, 0xFF, 0xFF] as [UInt8])
        try handle.seek(toOffset: start + 12)
        let firstCell = [UInt8](try XCTUnwrap(handle.read(upToCount: 2)))
        try handle.seek(toOffset: start + UInt64(Int(firstCell[0]) << 8 | Int(firstCell[1])))
        try handle.write(contentsOf: [0, 0, 0, 0] as [UInt8])
        try handle.close()
        let prefetch = try XCTUnwrap(TablePagePrefetch(path: path))
        let everyRow = (1...6_000).map { Int64($0) * 7 }
        XCTAssertNoThrow(try queue.read { db in try prefetch.prefetch(rowids: everyRow, db) })
        XCTAssertNil(try queue.read { db in try prefetch.leafPage(of: 7, db) }, "under the page-0 child")
        XCTAssertNil(try queue.read { db in try prefetch.leafPage(of: 42_000, db) }, "under the largest page number")
    }

    func testPagesThatAreNotInteriorTablePagesAreRefusedWithoutTrapping() {
        let seed: UInt64 = 0x7AB1_E5EE
        var generator = SplitMix(seed: seed)
        var parsed = 0
        for round in 0..<3_000 {
            var bytes = (0..<512).map { _ in UInt8.random(in: 0...255, using: &generator) }
            bytes[0] = round % 3 == 0 ? 0x0D : 0x05
            // Few cells, pointing inside the page, in some rounds: the parser then reads their varints.
            if round % 2 == 0 {
                bytes[3] = 0
                bytes[4] = UInt8(round % 40)
                for index in 0..<40 {
                    bytes[12 + 2 * index] = round % 5 == 0 ? 0xFF : 0x01
                }
            }
            if let page = TablePagePrefetch.parseInterior(bytes, header: 0) {
                XCTAssertEqual(page.children.count, page.keys.count + 1, "seed \(seed), round \(round)")
                parsed += 1
            }
        }
        XCTAssertEqual(TablePagePrefetch.parseInterior([0x05, 0, 0], header: 0)?.keys.count, nil)
        XCTAssertGreaterThan(parsed, 0, "well-formed rounds parse (seed \(seed))")
    }

    /// A store that prefetches lists the same rows in the same order as one that does not, in every
    /// order, by offset (from either end) and by keyset in both directions, with ignored and read
    /// articles among them; and the ids the prefetch reads from the list's index are the rows listed.
    func testAPrefetchingStoreListsExactlyWhatAPlainOneLists() throws {
        let path = try temporaryDatabasePath(self)
        let plain = try FeedStore(path: path)
        var feeds: [Int64] = []
        for (index, title) in ["Beta", "alpha", "Gamma", "alpha"].enumerated() {
            let feed = try plain.addFeed(url: "https://\(index).example/feed", title: title, tags: index % 2 == 0 ? ["even"] : [])
            feeds.append(feed.id)
            let items = (0..<250).map { n -> Article in
                var article = item(index * 1_000 + n, day: Double((n * 37 + index * 11) % 400) / 3)
                article.title = n % 9 == 0 ? nil : "Title \((n * 13) % 50) \(index)"
                article.contentHTML = "<p>" + String(repeating: "body \(n) ", count: 40) + "</p>"
                return article
            }
            try plain.apply(feedID: feed.id, feed: document(items), fetch: fetch())
        }
        XCTAssertGreaterThan(try plain.applyIgnoreRules(IgnoreRules([try IgnoreRule(query: "title contains \"Title 7 \"")])) ?? 0, 0)
        let some = try plain.articleSummaries(.all, offset: 0, limit: 1_000).map(\.id)
        try plain.setRead(true, articleIDs: stride(from: 0, to: some.count, by: 3).map { some[$0] })
        let prefetching = try FeedStore(path: path, prefetchesListRows: true)
        XCTAssertNotNil(prefetching.tablePrefetch)
        XCTAssertNil(plain.tablePrefetch)
        let queries: [ArticleQuery] = [
            .all, .allUnread, .starred, .feed(feeds[1]), .tag("even"), ArticleQuery(feedIDs: Array(feeds.prefix(3))),
            ArticleQuery(feedIDs: feeds + Array(1_000...1_010)), ArticleQuery(includeIgnored: true),
        ]
        var prefetched = 0
        for base in queries {
            for sort in ArticleSort.allCases {
                var query = base
                query.sort = sort
                let total = try plain.countArticles(query)
                for offset in [0, 100, 350, 700, max(0, total - 100)] {
                    XCTAssertEqual(
                        try prefetching.articleSummaries(query, offset: offset, limit: 100),
                        try plain.articleSummaries(query, offset: offset, limit: 100), "\(query) at \(offset)")
                    XCTAssertEqual(
                        try prefetching.articlePage(query, offset: offset, limit: 100).rows,
                        try plain.articlePage(query, offset: offset, limit: 100).rows, "\(query) at \(offset)")
                }
                let rows = try plain.articleSummaries(query, offset: 0, limit: 1_000)
                for anchor in stride(from: 0, to: rows.count, by: 97) {
                    XCTAssertEqual(
                        try prefetching.articleSummaries(query, after: rows[anchor].id, limit: 100),
                        try plain.articleSummaries(query, after: rows[anchor].id, limit: 100))
                    XCTAssertEqual(
                        try prefetching.articleSummaries(query, before: rows[anchor].id, limit: 100),
                        try plain.articleSummaries(query, before: rows[anchor].id, limit: 100))
                    // The ids the prefetch asks for after a row hold the rows listed after it, in order.
                    try prefetching.pool.read { db in
                        let filter = ArticleFilter(try query.widened(db))
                        guard let key = try ArticleFilter.key(db, articleID: rows[anchor].id) else { return }
                        let condition = filter.condition.and(filter.indexCondition(after: key))
                        guard let from = ArticleReader.rowIDSource(filter, columns: condition.columns) else { return }
                        let ids = try Int64.fetchAll(
                            db, sql: "SELECT a.id FROM \(from) WHERE \(condition.sql) ORDER BY \(filter.orderBy)",
                            arguments: condition.arguments)
                        let after = rows[(anchor + 1)...].map(\.id)
                        XCTAssertEqual(Array(ids.suffix(after.count)), after, "\(query) after row \(anchor)")
                    }
                }
                // Where the list's index alone gives the ids, they are the rows listed, in order.
                try prefetching.pool.read { db in
                    let filter = ArticleFilter(try query.widened(db))
                    guard let from = ArticleReader.rowIDSource(filter, columns: filter.condition.columns) else { return }
                    let ids = try Int64.fetchAll(
                        db, sql: "SELECT a.id FROM \(from) WHERE \(filter.condition.sql) ORDER BY \(filter.orderBy)",
                        arguments: filter.condition.arguments)
                    XCTAssertEqual(ids, rows.map(\.id), "\(query)")
                    prefetched += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(prefetched, 12, "the date and feed orders of the plain lists use the prefetch")
    }

    /// Another process and another connection changing the file while a prefetching store is open
    /// (rows retitled and marked by sqlite3, a feed of 600 more articles stored: the table's interior
    /// pages change): the store lists what a plain store lists.
    func testChangesByAnotherProcessAreListedAsByAPlainStore() throws {
        let path = try temporaryDatabasePath(self)
        let prefetching = try FeedStore(path: path, prefetchesListRows: true)
        let first = try prefetching.addFeed(url: "https://a.example/feed", title: "A")
        try prefetching.apply(
            feedID: first.id, feed: document((0..<600).map { item($0, day: Double(($0 * 53) % 600) / 4) }),
            fetch: fetch())
        XCTAssertEqual(try prefetching.articleSummaries(.all, offset: 300, limit: 100).count, 100)
        try sqlite3(path, """
            UPDATE articles SET title = 'Changed ' || id WHERE id % 5 = 0;
            UPDATE articles SET read = 1 WHERE id % 3 = 0;
            """)
        let plain = try FeedStore(path: path)
        let second = try plain.addFeed(url: "https://b.example/feed", title: "B")
        try plain.apply(
            feedID: second.id,
            feed: document((0..<600).map { item(1_000 + $0, day: Double(($0 * 31) % 600) / 4 + 0.1) }), fetch: fetch())
        XCTAssertEqual(try plain.countArticles(.all), 1_200)
        for sort in ArticleSort.allCases {
            for base in [ArticleQuery.all, .allUnread, .feed(second.id)] {
                var query = base
                query.sort = sort
                for offset in [0, 300, 550, 1_000] {
                    let rows = try prefetching.articleSummaries(query, offset: offset, limit: 100)
                    XCTAssertEqual(rows, try plain.articleSummaries(query, offset: offset, limit: 100), "\(query) at \(offset)")
                    XCTAssertEqual(
                        try prefetching.articlePage(query, offset: offset, limit: 100),
                        try plain.articlePage(query, offset: offset, limit: 100))
                    if let last = rows.last {
                        XCTAssertEqual(
                            try prefetching.articleSummaries(query, after: last.id, limit: 100),
                            try plain.articleSummaries(query, after: last.id, limit: 100))
                    }
                }
            }
        }
        let all = try prefetching.articleSummaries(.all, offset: 0, limit: 2_000)
        XCTAssertEqual(all.count, 1_200)
        XCTAssertTrue(all.contains { $0.title == "Changed 5" })
        XCTAssertEqual(all.filter(\.read).count, 200)
    }

    /// The end of a list (`prefetchListEnd`, for `G`) names the leaf pages that hold its last rows; a
    /// page's read names those of its own rows and then those of the rows after it in its direction
    /// (the next pages of a scroll); neither changes what is listed.
    func testTheListEndAndThePagesAheadAreThePagesOfThoseRows() throws {
        let path = try temporaryDatabasePath(self)
        let plain = try FeedStore(path: path)
        for index in 0..<3 {
            let feed = try plain.addFeed(url: "https://\(index).example/feed", title: "Feed \(index)")
            let items = (0..<300).map { n -> Article in
                var article = item(index * 1_000 + n, day: Double((n * 37 + index * 11) % 400) / 3)
                // Long titles: some 40 rows to a table page, so the rows lie on many pages.
                article.title = "Title \(n) " + String(repeating: "words ", count: 60)
                return article
            }
            try plain.apply(feedID: feed.id, feed: document(items), fetch: fetch())
        }
        // The map is read from the database file: the rows copied into it from the log, as a
        // refresh leaves them.
        try plain.truncateWriteAheadLog()
        let prefetching = try FeedStore(path: path, prefetchesListRows: true)
        let prefetch = try XCTUnwrap(prefetching.tablePrefetch)
        let rows = try plain.articleSummaries(.all, offset: 0, limit: 1_000)
        XCTAssertEqual(rows.count, 900)
        func leaves(_ slice: ArraySlice<ArticleSummary>) throws -> Set<UInt32> {
            Set(try slice.map { row in try XCTUnwrap(try prefetching.pool.read { db in try prefetch.leafPage(of: row.id, db) }) })
        }
        let end = try leaves(rows.suffix(250))
        XCTAssertGreaterThan(end.count, 1)
        XCTAssertEqual(try prefetching.prefetchListEnd(.all, rows: 250), end.count)
        XCTAssertEqual(try prefetching.prefetchListEnd(.all, rows: 250), 0, "hinted a moment ago")
        for reversed in [false, true] {
            let ordered = reversed ? Array(rows.reversed()) : rows
            let expected = try leaves(ordered[200..<300]).count + leaves(ordered[300..<500]).count
            let named = try prefetching.pool.read { db in
                try ArticleReader.prefetchRows(
                    db, ArticleFilter(try ArticleQuery.all.widened(db)), extra: nil, reversed: reversed, offset: 200,
                    limit: 100, ahead: 200, prefetch)
            }
            XCTAssertEqual(named, expected, "reversed: \(reversed)")
        }
        for offset in [0, 400, 800] {
            XCTAssertEqual(
                try prefetching.articleSummaries(.all, offset: offset, limit: 100),
                try plain.articleSummaries(.all, offset: offset, limit: 100))
        }
        XCTAssertEqual(
            try prefetching.articleSummaries(.all, before: rows[850].id, limit: 100), Array(rows[750..<850]))
    }

    func testTheRowIDQueryIsUsedOnlyWhereTheListIndexHoldsEveryColumn() throws {
        let store = try makeStore(self)
        try store.pool.read { db in
            func source(_ query: ArticleQuery) throws -> String? {
                let filter = ArticleFilter(try query.widened(db))
                return ArticleReader.rowIDSource(filter, columns: filter.condition.columns)
            }
            XCTAssertEqual(try source(.all), "articles a")
            XCTAssertEqual(try source(ArticleQuery(sort: .oldestFirst)), "articles a")
            XCTAssertEqual(try source(ArticleQuery(sort: .byFeed)), "feeds f CROSS JOIN articles a ON a.feed_id = f.id")
            XCTAssertEqual(try source(ArticleQuery(sort: .titleAscending)), "articles a")
            XCTAssertNil(try source(.allUnread), "a.read is not in articles_date")
            XCTAssertNil(try source(.starred))
            XCTAssertEqual(try source(.feed(1)), "articles a", "articles_feed_date holds a feed's rows")
            XCTAssertEqual(try source(.tag("news")), "articles a")
            XCTAssertNil(try source(ArticleQuery(feedIDs: Array(1...20))), "+a.feed_id filters articles_date's rows")
            XCTAssertNotNil(try source(ArticleQuery(feedIDs: Array(1...20), sort: .byFeed)))
        }
    }
}
