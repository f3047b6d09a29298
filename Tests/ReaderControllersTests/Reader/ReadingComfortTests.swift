import FeedStore
import Foundation
@testable import ReaderControllers
import TerminalView
import XCTest

/// Hiding read articles and feeds, and the article order switched at run time.
@MainActor
final class ReadingComfortTests: XCTestCase {
    func testLHidesReadArticlesInListsAndReadFeedsInTheFeedList() async throws {
        let reader = try ReaderHarness(self)
        reader.type("jjjj\r")  // Alpha News
        reader.type("N")  // third story read
        reader.type("l")
        XCTAssertTrue(reader.lines[29].hasPrefix("Read articles hidden."), reader.lines[29])
        XCTAssertEqual(reader.lines[2], "N     2024-01-03 Alpha second story")
        XCTAssertNil(reader.line(containing: "Alpha third story"))
        XCTAssertTrue(reader.lines[28].contains("unread only"), reader.lines[28])
        reader.type("A")  // all read: the list empties
        XCTAssertNil(reader.line(containing: "Alpha second story"))
        reader.type("q")
        XCTAssertNotNil(reader.line(containing: "Alpha News"), "feeds still all shown")
        reader.type("l")
        XCTAssertNil(reader.line(containing: "Alpha News"), "a feed without unread articles is hidden")
        XCTAssertNotNil(reader.line(containing: "Beta Blog"))
        reader.type("l")
        XCTAssertNotNil(reader.line(containing: "Alpha News"))
    }

    func testTheConfigDefaultsHideFromTheStart() async throws {
        let config = try ReaderConfig.parse("hide_read_feeds = true\nhide_read_articles = true\n")
        let reader = try ReaderHarness(self, config: config)
        reader.type("jjjj\r\rq")  // read Alpha's third story: still in the list it was read from
        XCTAssertNotNil(reader.line(containing: "Alpha third story"))
        reader.type("q\r")
        XCTAssertNil(reader.line(containing: "Alpha third story"), "gone once the list is read again")
        XCTAssertTrue(reader.lines[28].contains("unread only"))
    }

    func testSCyclesTheOrderAndTheStatusLineNamesIt() async throws {
        let reader = try ReaderHarness(self)
        reader.type("\r")  // All unread, newest first
        XCTAssertTrue(reader.lines[28].hasSuffix("date, newest first | 1/6"), reader.lines[28])
        XCTAssertTrue(reader.lines[2].hasSuffix("Title Cleared?"), reader.lines[2])
        reader.type("S")
        XCTAssertTrue(reader.lines[2].hasSuffix("Alpha first story"), "oldest first: \(reader.lines[2])")
        reader.type("S")
        XCTAssertTrue(reader.lines[28].contains("title A-Z"), reader.lines[28])
        let titles = reader.lines[2..<8].map { String($0.split(separator: " ", maxSplits: 3).last ?? "") }
        XCTAssertEqual(reader.lines[2..<8].map { $0.contains("Alpha first") }.first, true, titles.joined(separator: "|"))
        XCTAssertTrue(reader.lines[7].hasSuffix("Title Cleared?"), reader.lines[7])
        reader.type("S")
        XCTAssertTrue(reader.lines[2].hasSuffix("Title Cleared?"), "title Z-A: \(reader.lines[2])")
        reader.type("S")
        XCTAssertTrue(reader.lines[28].contains("feed A-Z"), reader.lines[28])
        XCTAssertTrue(reader.lines[2].contains("Alpha News"), reader.lines[2])
        reader.type("S")
        XCTAssertTrue(reader.lines[28].contains("feed Z-A"), reader.lines[28])
        XCTAssertTrue(reader.lines[2].contains("Evil"), reader.lines[2])
        // `n` keeps to the order shown: from the top (Evil), the next unread is Beta's newest.
        reader.type("\r")
        reader.type("n")
        XCTAssertEqual(reader.lines[1], "Beta closing post")
        reader.type("qq\r")
        XCTAssertTrue(reader.lines[28].contains("feed Z-A"), "the order holds for lists opened later")
    }
}
