import FeedStore
import Foundation
@testable import ReaderControllers
import TerminalView
import XCTest

/// The reader driven by keys over a headless terminal and a real store: what the screen shows and
/// what reaches the store.
@MainActor
final class ReaderNavigationTests: XCTestCase {
    func testFeedListShowsVirtualRowsTagsAndFeedsWithCounts() async throws {
        let reader = try ReaderHarness(self)
        XCTAssertTrue(reader.lines[0].hasPrefix("Tidings: Feeds"))
        XCTAssertEqual(reader.lines[1].split(separator: " ").map(String.init), ["Feed", "Unread", "Total"])
        let allUnread = try XCTUnwrap(reader.line(containing: "All unread"))
        XCTAssertTrue(allUnread.hasSuffix(" 6       6"), allUnread)
        XCTAssertNotNil(reader.line(containing: "Starred"))
        XCTAssertTrue(try XCTUnwrap(reader.line(containing: "# tech (2)")).hasSuffix("5       5"))
        XCTAssertTrue(try XCTUnwrap(reader.line(containing: "# life (2)")).hasSuffix("3       3"))
        XCTAssertTrue(try XCTUnwrap(reader.line(containing: "Alpha News")).hasSuffix("3       3"))
        XCTAssertTrue(try XCTUnwrap(reader.line(containing: "Beta Blog")).hasSuffix("2       2"))
        XCTAssertTrue(reader.lines[28].hasSuffix("6 unread, 3 feeds"), reader.lines[28])
        // Virtual rows first, then tags, then feeds in title order.
        let order = ["All unread", "Starred", "# life", "# tech", "Alpha News", "Beta Blog", "Evil"]
        let positions = order.map { name in reader.lines.firstIndex { $0.contains(name) } ?? -1 }
        XCTAssertEqual(positions, positions.sorted())
        XCTAssertFalse(positions.contains(-1))
    }

    func testUnreadRowsAreBoldAndTheSelectionReversed() async throws {
        let reader = try ReaderHarness(self)
        let frame = try XCTUnwrap(reader.terminal.frame)
        XCTAssertTrue(frame[0, 2].style.reverse, "the first row is selected")
        XCTAssertFalse(frame[0, 3].style.reverse)
        XCTAssertFalse(frame[0, 3].style.bold, "Starred has no unread articles")
        let alphaRow = try XCTUnwrap(reader.lines.firstIndex { $0.contains("Alpha News") })
        XCTAssertTrue(frame[0, alphaRow].style.bold)
    }

    func testOpeningAFeedListsItsArticlesNewestFirstWithUnreadMarks() async throws {
        let reader = try ReaderHarness(self)
        reader.type("jjjj")
        XCTAssertTrue(try XCTUnwrap(reader.lines.first { $0.contains("Alpha News") }).hasPrefix("Alpha News"))
        reader.type("\r")
        XCTAssertTrue(reader.lines[0].hasPrefix("Tidings: Alpha News"), reader.lines[0])
        XCTAssertEqual(reader.lines[1].split(separator: " ").map(String.init), ["Date", "Title"])
        XCTAssertEqual(reader.lines[2], "N     2024-01-04 Alpha third story")
        XCTAssertEqual(reader.lines[3], "N     2024-01-03 Alpha second story")
        XCTAssertEqual(reader.lines[4], "N     2024-01-02 Alpha first story")
        XCTAssertTrue(reader.lines[28].hasSuffix("1/3"))
    }

    func testOpeningAnArticleShowsItsDetailsAndBodyAndMarksItReadAtOnce() async throws {
        let reader = try ReaderHarness(self)
        reader.type("jjjj\rjj\r")
        XCTAssertEqual(reader.lines[1], "Alpha first story")
        XCTAssertEqual(reader.lines[2], "Feed      Alpha News")
        XCTAssertEqual(reader.lines[3], "Author    Writer alpha-1")
        XCTAssertTrue(reader.lines[4].hasPrefix("Date      2024-01-0"))
        XCTAssertEqual(reader.lines[5], "URL       https://example.org/alpha-1")
        XCTAssertTrue(reader.screen.contains("The first alpha body with a first link[1] and second link[2]."), reader.screen)
        XCTAssertNotNil(reader.line(containing: "[1] https://alpha.example/link-one"))
        XCTAssertNotNil(reader.line(containing: "[2] https://alpha.example/link-two"))
        let id = try reader.articleID("Alpha first story")
        XCTAssertEqual(try reader.store.article(id: id)?.read, true, "opening marks read in the store at once")

        reader.type("q")
        XCTAssertEqual(reader.lines[4], "      2024-01-02 Alpha first story", "the list shows the mark without a reload")
        XCTAssertEqual(reader.lines[2], "N     2024-01-04 Alpha third story")
        reader.type("q")
        XCTAssertTrue(try XCTUnwrap(reader.line(containing: "Alpha News")).hasSuffix("2       3"), "counts follow")
        XCTAssertTrue(try XCTUnwrap(reader.line(containing: "All unread")).hasSuffix("5       6"))
    }

    func testToggleReadStarAndMarkAllReadPersist() async throws {
        let reader = try ReaderHarness(self)
        reader.type("jjjj\r")
        reader.type("N")  // third story read, selection moves down
        reader.type("s")  // star the second story
        let third = try reader.articleID("Alpha third story")
        let second = try reader.articleID("Alpha second story")
        XCTAssertEqual(try reader.store.article(id: third)?.read, true)
        XCTAssertEqual(try reader.store.article(id: second)?.starred, true)
        XCTAssertEqual(try reader.store.article(id: second)?.read, false)
        XCTAssertEqual(reader.lines[2], "      2024-01-04 Alpha third story")
        XCTAssertEqual(reader.lines[3], "N *   2024-01-03 Alpha second story")
        reader.type("A")
        let alpha = try feedID(reader, "Alpha News")
        XCTAssertEqual(try reader.store.countArticles(ArticleQuery(feedIDs: [alpha], unreadOnly: true)), 0)
        XCTAssertEqual(reader.lines[3], "  *   2024-01-03 Alpha second story")
        XCTAssertEqual(try reader.store.counts().unread, 3)
        reader.type("q")
        XCTAssertTrue(try XCTUnwrap(reader.line(containing: "Starred")).hasSuffix("1"))
        XCTAssertTrue(try XCTUnwrap(reader.line(containing: "Alpha News")).hasSuffix("0       3"))
    }

    func testSearchListsMatchingArticlesAcrossFeeds() async throws {
        let reader = try ReaderHarness(self)
        reader.type("/zebra")
        XCTAssertEqual(reader.lines[29].trimmingCharacters(in: .whitespaces), "Search: zebra")
        reader.type("\r")
        XCTAssertTrue(reader.lines[0].hasPrefix("Tidings: Search: zebra"), reader.lines[0])
        XCTAssertTrue(reader.lines[2].hasSuffix("Alpha second story"), reader.lines[2])
        XCTAssertEqual(reader.lines[3], "")
        XCTAssertTrue(reader.lines[28].hasSuffix("1/1"))
        reader.type("q/nothing-matches-this\r")
        XCTAssertTrue(reader.screen.contains("No articles match."))
        reader.type("q/zeb\u{1B}")  // Escape cancels the prompt
        XCTAssertTrue(reader.lines[0].hasPrefix("Tidings: Feeds"))
    }

    func testTagPickerFiltersTheFeedList() async throws {
        let reader = try ReaderHarness(self)
        reader.type("t")
        XCTAssertTrue(reader.lines[0].hasPrefix("Tidings: Choose a tag"))
        XCTAssertTrue(reader.lines[2].hasPrefix("All feeds"))
        reader.type("jj\r")  // "tech"
        XCTAssertTrue(reader.lines[0].hasPrefix("Tidings: Feeds tagged tech"), reader.lines[0])
        XCTAssertNotNil(reader.line(containing: "Alpha News"))
        XCTAssertNotNil(reader.line(containing: "Beta Blog"))
        XCTAssertNil(reader.line(containing: "Evil"))
        XCTAssertNil(reader.line(containing: "# life"))
        reader.type("tg\r")
        XCTAssertNotNil(reader.line(containing: "Evil"))
        // A tag row lists the articles of every feed with the tag.
        reader.type("jj\r")
        XCTAssertTrue(reader.lines[0].hasPrefix("Tidings: Tag: life"), reader.lines[0])
        XCTAssertTrue(reader.lines[28].hasSuffix("1/3"))
    }

    func testNextUnreadGoesAcrossFeeds() async throws {
        let reader = try ReaderHarness(self)
        reader.type("jjjj\r\r")  // Alpha third story, the newest of Alpha News
        XCTAssertEqual(reader.lines[1], "Alpha third story")
        reader.type("n")
        XCTAssertEqual(reader.lines[1], "Alpha second story", "next unread within the list first")
        reader.type("n")
        XCTAssertEqual(reader.lines[1], "Alpha first story")
        reader.type("n")
        XCTAssertEqual(reader.lines[1], "Beta closing post", "then on to the next feed")
        XCTAssertEqual(reader.lines[2], "Feed      Beta Blog")
        reader.type("p")
        XCTAssertTrue(reader.lines[1].hasPrefix("Title"), "p finds none before in Beta or Alpha, wraps to the last feed")
        reader.type("n")
        XCTAssertEqual(reader.lines[1], "Beta opening post", "and n wraps on to Beta again")
        reader.type("n")
        XCTAssertTrue(reader.lines[29].contains("No unread articles left"), reader.lines[29])
        XCTAssertEqual(try reader.store.counts().unread, 0)
        reader.type("q")
        XCTAssertTrue(reader.lines[0].hasPrefix("Tidings: Beta Blog"), "back lands in the feed shown last: \(reader.lines[0])")
        reader.type("q")
        let betaRow = try XCTUnwrap(reader.lines.firstIndex { $0.hasPrefix("Beta Blog") })
        XCTAssertTrue(try XCTUnwrap(reader.terminal.frame)[0, betaRow].style.reverse, "the feed list selects that feed too")
    }

    func testBackFromAnArticleSelectsTheArticleNextUnreadWentTo() async throws {
        let reader = try ReaderHarness(self)
        reader.type("jjjj\r\r")
        XCTAssertEqual(reader.lines[1], "Alpha third story")
        reader.type("nn")
        XCTAssertEqual(reader.lines[1], "Alpha first story")
        reader.type("q")
        XCTAssertTrue(reader.lines[0].hasPrefix("Tidings: Alpha News"), reader.lines[0])
        XCTAssertTrue(reader.lines[28].hasSuffix("| 3/3"), "the list selects the article n went to last: \(reader.lines[28])")
        reader.type("k")
        XCTAssertTrue(reader.lines[28].hasSuffix("| 2/3"), "and keys move on from that row: \(reader.lines[28])")
        reader.type("\r")
        XCTAssertEqual(reader.lines[1], "Alpha second story")
    }

    func testNextUnreadFromTheFeedListOpensTheFirstUnreadArticleInItsList() async throws {
        let reader = try ReaderHarness(self)
        reader.type("n")
        XCTAssertEqual(reader.lines[1], "Alpha third story")
        reader.type("q")
        XCTAssertTrue(reader.lines[0].hasPrefix("Tidings: Alpha News"))
        reader.type("q")
        XCTAssertTrue(reader.lines[0].hasPrefix("Tidings: Feeds"))
    }

    func testResizeLaysTheScreenOutAgain() async throws {
        let reader = try ReaderHarness(self)
        reader.type("\r")
        XCTAssertEqual(reader.lines.count, 30)
        XCTAssertTrue(reader.lines[0].hasSuffix("? help"))
        XCTAssertEqual(reader.lines[0].count, 100)
        reader.terminal.resize(to: TerminalSize(width: 60, height: 12))
        reader.app.processEvents()
        XCTAssertEqual(reader.lines.count, 12)
        XCTAssertEqual(reader.lines[0].count, 60)
        XCTAssertTrue(reader.lines[0].hasSuffix("? help"))
        XCTAssertTrue(reader.lines[10].hasSuffix("1/6"), reader.lines[10])
        reader.type(String(repeating: "j", count: 8))
        XCTAssertTrue(reader.lines[10].hasSuffix("6/6"))
        XCTAssertTrue(reader.lines[2...9].contains { $0.contains("Alpha first story") })
        // Long titles end in an ellipsis at the narrow width.
        reader.terminal.resize(to: TerminalSize(width: 40, height: 12))
        reader.app.processEvents()
        XCTAssertTrue(reader.lines[2...9].contains { $0.hasSuffix("…") }, reader.screen)
    }

    func testFeedTextWithEscapeSequencesIsDrawnAsHarmlessText() async throws {
        let reader = try ReaderHarness(self)
        for line in reader.lines {
            XCTAssertFalse(line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, line)
        }
        XCTAssertNotNil(reader.line(containing: "Evil"))
        reader.type("G\r\r")
        XCTAssertTrue(reader.lines[1].hasPrefix("Title"), reader.lines[1])
        XCTAssertTrue(reader.screen.contains("Evil body"))
        for line in reader.lines {
            XCTAssertFalse(line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, line)
        }
    }

    func testHelpScreenListsTheKeysAndCloses() async throws {
        let reader = try ReaderHarness(self)
        reader.type("?")
        XCTAssertTrue(reader.screen.contains("next unread article (across feeds)"), reader.screen)
        XCTAssertNotNil(reader.line(containing: "j, down"))
        reader.type("q")
        XCTAssertFalse(reader.screen.contains("next unread article"))
        XCTAssertFalse(reader.app.isFinished, "q closes the help, not the reader")
    }

    func testMouseClickOpensARowAndTheWheelScrolls() async throws {
        let reader = try ReaderHarness(self, size: TerminalSize(width: 80, height: 8))
        let row = try XCTUnwrap(reader.lines.firstIndex { $0.hasPrefix("# life") })
        reader.press(.mouse(MouseEvent(button: .left, x: 3, y: row, action: .press)))
        XCTAssertTrue(reader.lines[0].hasPrefix("Tidings: Tag: life"), reader.lines[0])
        reader.type("q")
        reader.press(.mouse(MouseEvent(button: .wheelDown, x: 3, y: 3, action: .press)))
        XCTAssertFalse(reader.lines[2].hasPrefix("All unread"), "the wheel scrolled the list")
    }

    func testBackAtTheFeedListAndQQuit() async throws {
        let reader = try ReaderHarness(self)
        reader.type("\rQ")
        XCTAssertTrue(reader.app.isFinished)
        let again = try ReaderHarness(self)
        again.type("\u{1B}[D")  // Left at the root does not quit
        XCTAssertFalse(again.app.isFinished)
        again.type("q")
        XCTAssertTrue(again.app.isFinished)
    }

    private func feedID(_ reader: ReaderHarness, _ title: String) throws -> Int64 {
        try XCTUnwrap(reader.store.feeds().first { $0.displayTitle == title }).id
    }
}
