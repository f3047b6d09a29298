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

    func testAlphabeticalModeListsTagsThenFeedsByTitle() async throws {
        var config = ReaderConfig()
        config.feedList = .alphabetical
        let reader = try ReaderHarness(self, config: config, opml: Self.opml)
        XCTAssertEqual(rowOrder(reader), [
            "All unread", "Starred", "# life (2)", "# tech (2)", "Alpha News", "Beta Blog", "Evil Red Feed",
        ])
    }

    func testTheModeIsReadFromTheConfig() async throws {
        XCTAssertEqual(try ReaderConfig.parse("feed_list = \"alphabetical\"\n").feedList, .alphabetical)
        XCTAssertEqual(try ReaderConfig.parse("").feedList, .folders)
        XCTAssertThrowsError(try ReaderConfig.parse("feed_list = \"tree\"\n", path: "c.toml")) { error in
            XCTAssertEqual("\(error)", "config c.toml: 'feed_list' must be \"folders\" or \"alphabetical\"")
        }
    }
}
