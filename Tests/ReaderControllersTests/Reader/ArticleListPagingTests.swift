import FeedModel
import FeedStore
import Foundation
@testable import ReaderControllers
import TerminalView
import XCTest

/// Long lists are read page by page, as the table asks for rows.
@MainActor
final class ArticleListPagingTests: XCTestCase {
    static func fillLong(_ store: FeedStore) throws {
        let feed = try store.addFeed(url: "https://long.example/feed", title: "Long Feed")
        let items = (0..<1_000).map { n in
            ReaderFixture.article("long-\(n)", "Long story \(n)", day: Double(n) / 10, body: "<p>Long body \(n)</p>")
        }
        try store.apply(feedID: feed.id, feed: ReaderFixture.feed(items), fetch: FetchRecord(fetchedAt: Date()))
    }

    func testRowsComeInPagesAndTheCacheStaysSmall() async throws {
        try walkThroughTheLongList(prefetchesListRows: false)
    }

    /// The same walk on a store that asks the kernel for list pages ahead (the terminal reader's:
    /// the list's end hinted once it opens, each page's read hinting the next ones in its direction):
    /// every row in its place, as without.
    func testHintedPagesListTheSameRowsInTheSameOrder() async throws {
        try walkThroughTheLongList(prefetchesListRows: true)
    }

    private func walkThroughTheLongList(prefetchesListRows: Bool) throws {
        let reader = try ReaderHarness(
            self, size: TerminalSize(width: 90, height: 20), fill: Self.fillLong, prefetchesListRows: prefetchesListRows)
        reader.type("\r")
        let list = try XCTUnwrap(reader.app.navigation.topViewController as? ArticleListViewController)
        XCTAssertEqual(list.pages.total, 1_000)
        XCTAssertEqual(list.pages.cachedPageCount, 1, "only the first page was read")
        XCTAssertTrue(reader.lines[2].hasSuffix("Long story 999"), reader.lines[2])
        XCTAssertTrue(reader.lines[18].hasSuffix("1/1000"))

        reader.type("G")
        XCTAssertTrue(reader.lines[18].hasSuffix("1000/1000"))
        XCTAssertTrue(reader.lines[17].hasSuffix("Long story 0"), reader.lines[17])
        XCTAssertEqual(list.pages.cachedPageCount, 2)

        for _ in 0..<60 { reader.type(" ") }  // page down past the end: stays at the end
        reader.type("g")
        for _ in 0..<80 { reader.type(" ") }
        XCTAssertLessThanOrEqual(list.pages.cachedPageCount, ArticleListPages.maximumPages)
        let selected = try XCTUnwrap(list.selectedArticle)
        XCTAssertEqual(selected.title, "Long story \(999 - list.tableState.selectedRow)")
        XCTAssertTrue(reader.lines[18].hasSuffix("\(list.tableState.selectedRow + 1)/1000"))

        // From the end up to the top, page by page (the pages before read before the first row of
        // the page after them): every row in its place.
        reader.type("G")
        var seen: [Int: String] = [:]
        for _ in 0..<70 {
            reader.type("\u{1B}[5~")
            let row = list.tableState.selectedRow
            seen[row] = try XCTUnwrap(list.selectedArticle).title
        }
        XCTAssertEqual(list.tableState.selectedRow, 0)
        for (row, title) in seen { XCTAssertEqual(title, "Long story \(999 - row)") }
    }

    /// Opening a long list asks the store, in the background, for its last pages (`G`'s), once: the
    /// same request made afterwards is one the store already hinted; a store that does not prefetch
    /// list rows is asked for nothing.
    func testOpeningALongListHintsItsEndOnce() async throws {
        let reader = try ReaderHarness(
            self, size: TerminalSize(width: 90, height: 20), fill: { store in
                try Self.fillLong(store)
                // The table's pages are mapped from the database file: copied there, as a refresh leaves them.
                try store.truncateWriteAheadLog()
            }, prefetchesListRows: true)
        // Every article, newest first (All unread's order filters on read marks, which no index holds).
        let list = ArticleListViewController(
            context: reader.app.context, title: "All", query: ArticleQuery(sort: .newestFirst), showsFeed: true)
        reader.app.navigation.push(list)
        reader.app.processEvents()
        ArticleListPages.waitForBackgroundJobs()
        let rows = ArticleListPages.endPages * ArticleListPages.pageSize
        XCTAssertEqual(try reader.store.prefetchListEnd(list.pages.query, rows: rows), 0, "hinted when the list opened")
        let other = try FeedStore(path: reader.store.path, prefetchesListRows: true)
        XCTAssertGreaterThan(try other.prefetchListEnd(list.pages.query, rows: rows), 0)
        XCTAssertEqual(try other.prefetchListEnd(list.pages.query, rows: rows), 0, "not twice in a row")
        let plain = try FeedStore(path: reader.store.path)
        XCTAssertEqual(try plain.prefetchListEnd(list.pages.query, rows: rows), 0)
        // The hint changes nothing the list shows.
        reader.type("G")
        XCTAssertTrue(reader.lines[17].hasSuffix("Long story 0"), reader.lines[17])
    }

    func testAQueryListShowsItsFirstPageBeforeItIsCountedAndAKeyWaitsForTheCount() async throws {
        let reader = try ReaderHarness(self, size: TerminalSize(width: 90, height: 20), fill: Self.fillLong)
        let expression = try QueryExpression(parsing: "title =~ \"(?i)long.*story\"")
        let list = ArticleListViewController(
            context: reader.app.context, title: "Stories", query: .matching(expression), showsFeed: true)
        reader.app.navigation.push(list)
        reader.app.processEvents()
        XCTAssertTrue(reader.lines[2].hasSuffix("Long story 999"), reader.lines[2])
        XCTAssertEqual(list.pages.cachedPageCount, 1)
        let status = reader.lines[18]
        XCTAssertTrue(status.hasSuffix("1/…") || status.hasSuffix("1/1000"), status)
        // A key moves in the list as counted: G reaches its last article.
        reader.type("G")
        XCTAssertTrue(list.pages.totalIsExact)
        XCTAssertEqual(list.pages.total, 1_000)
        XCTAssertTrue(reader.lines[18].hasSuffix("1000/1000"), reader.lines[18])
        XCTAssertTrue(reader.lines[17].hasSuffix("Long story 0"), reader.lines[17])

        // A list that fits its first page is counted with it.
        let few = try QueryExpression(parsing: "title =~ \"story 99.$\"")
        let short = ArticleListViewController(
            context: reader.app.context, title: "Few", query: .matching(few), showsFeed: true)
        XCTAssertTrue(short.pages.totalIsExact)
        XCTAssertEqual(short.pages.total, 10)
    }

    func testOpeningDeepInTheListShowsThatArticle() async throws {
        let reader = try ReaderHarness(self, size: TerminalSize(width: 90, height: 20), fill: Self.fillLong)
        reader.type("\rGkkk\r")
        XCTAssertEqual(reader.lines[1], "Long story 3")
        XCTAssertTrue(reader.screen.contains("Long body 3"))
        reader.type("q")
        XCTAssertTrue(reader.lines[18].hasSuffix("997/1000"))
    }
}
