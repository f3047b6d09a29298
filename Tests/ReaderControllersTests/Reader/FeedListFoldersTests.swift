import FeedStore
import Foundation
@testable import ReaderControllers
import TerminalView
import XCTest

/// The feed list in the OPML file's order with folders that fold, or by title (`feed_list`).
@MainActor
final class FeedListFoldersTests: XCTestCase {
    /// Evil at the top level first, then the folder "news" holding Beta before Alpha.
    private static let opml = """
        <?xml version="1.0"?><opml version="2.0"><head/><body>
        <outline text="Evil" xmlUrl="https://evil.example/feed"/>
        <outline text="news">
          <outline text="Beta" xmlUrl="https://beta.example/feed"/>
          <outline text="Alpha" xmlUrl="https://alpha.example/feed"/>
        </outline>
        </body></opml>
        """

    private func rowOrder(_ reader: ReaderHarness) -> [String] {
        reader.lines[2..<12].map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .map { String($0.prefix(14)).trimmingCharacters(in: .whitespaces) }
    }

    func testFoldersKeepTheFileOrderAndFoldOpenAndShut() async throws {
        let reader = try ReaderHarness(self, opml: Self.opml)
        XCTAssertEqual(rowOrder(reader), [
            "All unread", "Starred", "# life (2)", "# tech (2)", "Evil Red Feed", "- news (2)", "· Beta Blog", "· Alpha News",
        ])
        let folder = try XCTUnwrap(reader.line(containing: "- news (2)"))
        XCTAssertTrue(folder.hasSuffix("5       5"), "the folder counts its feeds: \(folder)")
        XCTAssertTrue(try XCTUnwrap(reader.line(containing: "Beta Blog")).hasPrefix("· Beta Blog"), "feeds in a folder are marked")

        reader.type("jjjjj\r")  // the folder row: Enter folds it shut
        XCTAssertEqual(rowOrder(reader), ["All unread", "Starred", "# life (2)", "# tech (2)", "Evil Red Feed", "+ news (2)"])
        XCTAssertEqual(reader.lines[0].hasPrefix("Tidings: Feeds"), true, "nothing was opened")
        reader.type("z")  // z folds it open again
        XCTAssertEqual(rowOrder(reader).count, 8)
        reader.type("jz")  // z on a feed folds its folder and selects the folder row
        XCTAssertNotNil(reader.line(containing: "+ news (2)"))
        let frame = try XCTUnwrap(reader.terminal.frame)
        let folderRow = try XCTUnwrap(reader.lines.firstIndex { $0.contains("+ news") })
        XCTAssertTrue(frame[0, folderRow].style.reverse)
    }

    func testNextUnreadFollowsTheFileOrder() async throws {
        let reader = try ReaderHarness(self, opml: Self.opml)
        reader.type("jjjj\r\r")  // Evil's only article
        XCTAssertTrue(reader.lines[1].hasPrefix("Title"), reader.lines[1])
        reader.type("n")
        XCTAssertEqual(reader.lines[1], "Beta closing post", "Beta comes before Alpha in the file")
        reader.type("nn")
        XCTAssertEqual(reader.lines[1], "Alpha third story")
    }

    /// Folder "news" holds Beta, then the folder "deep" holding Alpha; Evil is at the top level last.
    private static let nestedOPML = """
        <?xml version="1.0"?><opml version="2.0"><head/><body>
        <outline text="news">
          <outline text="Beta" xmlUrl="https://beta.example/feed"/>
          <outline title="deep" text="ignored">
            <outline text="Alpha" xmlUrl="https://alpha.example/feed"/>
          </outline>
        </outline>
        <outline text="Evil" xmlUrl="https://evil.example/feed"/>
        </body></opml>
        """

    func testNestedFoldersAreGroupsInsideGroupsThatFoldAtEveryLevel() async throws {
        let reader = try ReaderHarness(self, opml: Self.nestedOPML)
        XCTAssertEqual(rowOrder(reader), [
            "All unread", "Starred", "# life (2)", "# tech (2)", "- news (2)", "· Beta Blog", "- deep (1)",
            "· Alpha News", "Evil Red Feed",
        ])
        let news = try XCTUnwrap(reader.line(containing: "- news (2)"))
        let deep = try XCTUnwrap(reader.line(containing: "- deep (1)"))
        let alpha = try XCTUnwrap(reader.line(containing: "Alpha News"))
        XCTAssertTrue(news.hasPrefix("- news"), news)
        XCTAssertTrue(deep.hasPrefix("  - deep"), "a nested folder is indented: \(deep)")
        XCTAssertTrue(alpha.hasPrefix("  · Alpha News"), "its feeds are indented one level more: \(alpha)")
        let alphaCounts = alpha.split(separator: " ").suffix(2).map(String.init)
        XCTAssertEqual(deep.split(separator: " ").suffix(2).map(String.init), alphaCounts, "deep counts Alpha only")
        let beta = try XCTUnwrap(reader.line(containing: "Beta Blog"))
        let sums = zip(beta.split(separator: " ").suffix(2), alphaCounts).map { (Int($0) ?? -1) + (Int($1) ?? -1) }
        XCTAssertEqual(news.split(separator: " ").suffix(2).compactMap { Int($0) }, sums, "news counts Beta and deep's Alpha")

        reader.type("jjjjjjjz")  // z on Alpha folds its own folder, deep, not news
        XCTAssertEqual(rowOrder(reader).suffix(4), ["- news (2)", "· Beta Blog", "+ deep (1)", "Evil Red Feed"])
        let frame = try XCTUnwrap(reader.terminal.frame)
        XCTAssertTrue(frame[0, try XCTUnwrap(reader.lines.firstIndex { $0.contains("+ deep") })].style.reverse)

        reader.type("kkz")  // news folded: its whole subtree goes, and deep stays folded inside it
        XCTAssertEqual(rowOrder(reader), ["All unread", "Starred", "# life (2)", "# tech (2)", "+ news (2)", "Evil Red Feed"])
        reader.type("\r")  // Enter on news folds it open again, deep still shut
        XCTAssertEqual(rowOrder(reader).suffix(4), ["- news (2)", "· Beta Blog", "+ deep (1)", "Evil Red Feed"])
        reader.type("jjz")  // z on deep itself folds it open
        XCTAssertNotNil(reader.line(containing: "  · Alpha News"))
    }

    func testMarkingAFolderReadMarksExactlyTheFeedsBelowIt() async throws {
        let reader = try ReaderHarness(self, opml: Self.nestedOPML)
        let beta = try XCTUnwrap(reader.line(containing: "Beta Blog"))
        reader.type("jjjjjjA")  // on deep: Alpha only
        let deep = try XCTUnwrap(reader.line(containing: "- deep (1)"))
        XCTAssertEqual(deep.split(separator: " ").suffix(2).first, "0", deep)
        XCTAssertEqual(try XCTUnwrap(reader.line(containing: "Beta Blog")), beta, "Beta, beside deep, keeps its marks")
        let news = try XCTUnwrap(reader.line(containing: "- news (2)"))
        XCTAssertEqual(news.split(separator: " ").suffix(2).first, beta.split(separator: " ").suffix(2).first, news)
        XCTAssertNotEqual(reader.line(containing: "Evil Red Feed")?.split(separator: " ").suffix(2).first, "0")
        reader.type("kkA")  // on news: Beta too, Evil outside stays unread
        XCTAssertEqual(try XCTUnwrap(reader.line(containing: "- news (2)")).split(separator: " ").suffix(2).first, "0")
        XCTAssertNotEqual(reader.line(containing: "Evil Red Feed")?.split(separator: " ").suffix(2).first, "0")
    }

    func testNextUnreadFollowsNestedFolders() async throws {
        let reader = try ReaderHarness(self, opml: Self.nestedOPML)
        reader.type("jjjjjjjj\r\r")  // Evil, last in the file: its only article
        XCTAssertTrue(reader.lines[1].hasPrefix("Title"), reader.lines[1])
        reader.type("n")  // wraps around to the first feed shown, Beta in news
        XCTAssertEqual(reader.lines[1], "Beta closing post")
        reader.type("nn")  // then Alpha, in news/deep
        XCTAssertEqual(reader.lines[1], "Alpha third story")
    }

    func testTheFeedListOrderCarriesTheWholeFolderPath() async throws {
        let path = NSTemporaryDirectory() + "nested-\(UUID().uuidString).opml"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.nestedOPML.write(toFile: path, atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let entries = try XCTUnwrap(FeedListOrder(path: path).entries())
        XCTAssertEqual(entries, [
            .init(url: "https://beta.example/feed", folders: ["news"]),
            .init(url: "https://alpha.example/feed", folders: ["news", "deep"]),
            .init(url: "https://evil.example/feed", folders: []),
        ])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, "reading the order never writes the file")
    }

    func testTheOrderOfASyncedListComesFromTheStoreAsTheFileSaysIt() async throws {
        let folder = NSTemporaryDirectory() + "nested-sync-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let paths = TidingsPaths(feedList: folder + "/feeds.opml", database: folder + "/tidings.db", config: folder + "/config.toml")
        try Self.nestedOPML.write(toFile: paths.feedList, atomically: true, encoding: .utf8)
        let environment = try AppEnvironment(paths: paths)
        try SubscriptionsController(environment: environment).sync()
        let stamp = try XCTUnwrap(try SubscriptionsFile.read(path: paths.feedList)).stamp
        XCTAssertNotNil(try environment.store.cachedPlaces(stamp), "the sync recorded where the list places its feeds")
        let fromStore = try XCTUnwrap(FeedListOrder(path: paths.feedList, store: environment.store).entries())
        XCTAssertEqual(fromStore, try XCTUnwrap(FeedListOrder(path: paths.feedList).entries()))
        XCTAssertEqual(fromStore.map(\.folders), [["news"], ["news", "deep"], []])
    }

    func testAlphabeticalModeListsTagsThenFeedsByTitle() async throws {
        var config = ReaderConfig()
        config.feedList = .alphabetical
        let reader = try ReaderHarness(self, config: config, opml: Self.opml)
        XCTAssertEqual(rowOrder(reader), [
            "All unread", "Starred", "# life (2)", "# tech (2)", "Alpha News", "Beta Blog", "Evil Red Feed",
        ])
        let nested = try ReaderHarness(self, config: config, opml: Self.nestedOPML)
        XCTAssertEqual(rowOrder(nested), rowOrder(reader), "nested folders change nothing in alphabetical mode")
    }

    func testTheModeIsReadFromTheConfig() async throws {
        XCTAssertEqual(try ReaderConfig.parse("feed_list = \"alphabetical\"\n").feedList, .alphabetical)
        XCTAssertEqual(try ReaderConfig.parse("").feedList, .folders)
        XCTAssertThrowsError(try ReaderConfig.parse("feed_list = \"tree\"\n", path: "c.toml")) { error in
            XCTAssertEqual("\(error)", "config c.toml: 'feed_list' must be \"folders\" or \"alphabetical\"")
        }
    }
}
