import TidingsText
import XCTest

@testable import TerminalView

final class ScreenBufferTests: XCTestCase {
    func testASCIIWriteAndClipping() {
        var buffer = ScreenBuffer(width: 10, height: 2)
        XCTAssertEqual(buffer.write("hello", x: 2, y: 0), 5)
        XCTAssertEqual(buffer.write("overflowing text", x: 0, y: 1, maxWidth: 20), 10)
        XCTAssertEqual(buffer.lines, ["  hello", "overflowi…"])
        XCTAssertEqual(buffer.write("x", x: 0, y: 5), 0, "rows outside the buffer are ignored")
    }

    func testEllipsisOnlyWhenCut() {
        var buffer = ScreenBuffer(width: 12, height: 3)
        buffer.write("exactly", x: 0, y: 0, maxWidth: 7)
        buffer.write("exactly!", x: 0, y: 1, maxWidth: 7)
        buffer.write("ab", x: 0, y: 2, maxWidth: 1)
        XCTAssertEqual(buffer.lines, ["exactly", "exactl…", "…"])
    }

    func testCJKTakesTwoCellsAndRowsStayAligned() {
        var buffer = ScreenBuffer(width: 10, height: 2)
        let used = buffer.write("日本語", x: 0, y: 0)
        buffer.write("|", x: 6, y: 0)
        buffer.write("abcdef|", x: 0, y: 1)
        XCTAssertEqual(used, 6)
        XCTAssertEqual(buffer[0, 0].width, 2)
        XCTAssertTrue(buffer[1, 0].isContinuation)
        XCTAssertEqual(buffer.lines, ["日本語|", "abcdef|"])
    }

    func testWideCharacterThatDoesNotFitIsReplacedByEllipsis() {
        var buffer = ScreenBuffer(width: 10, height: 1)
        XCTAssertEqual(buffer.write("漢字漢字", x: 0, y: 0, maxWidth: 6), 5)
        XCTAssertEqual(buffer.lines, ["漢字…"])  // 4 cells of text and the ellipsis; no half character
        var odd = ScreenBuffer(width: 10, height: 1)
        XCTAssertEqual(odd.write("漢字漢", x: 0, y: 0, maxWidth: 5), 5)
        XCTAssertEqual(odd.lines, ["漢字…"])
    }

    func testEmojiCountsTwoAndSequencesStayOneCluster() {
        XCTAssertEqual(TextWidth.width(of: "🎉"), 2)
        XCTAssertEqual(TextWidth.width(of: "👨‍👩‍👧"), 2, "ZWJ family is one wide glyph")
        XCTAssertEqual(TextWidth.width(of: "🇫🇷"), 2, "flag")
        XCTAssertEqual(TextWidth.width(of: "❤️"), 1, "the emoji presentation selector widens nothing (as tmux)")
        var buffer = ScreenBuffer(width: 8, height: 1)
        buffer.write("a🎉b", x: 0, y: 0)
        XCTAssertEqual(buffer.lines, ["a🎉b"])
        XCTAssertEqual(buffer[3, 0].character, "b")
    }

    func testClustersWiderThanTwoCellsKeepTheirCellsWhole() {
        var buffer = ScreenBuffer(width: 10, height: 1)
        XCTAssertEqual(buffer.write("a👍🏽b", x: 0, y: 0), 6)
        XCTAssertEqual(buffer[1, 0].width, 4)
        XCTAssertTrue((2...4).allSatisfy { buffer[$0, 0].isContinuation })
        XCTAssertEqual(buffer[5, 0].character, "b")
        buffer.write("x", x: 3, y: 0)  // inside the cluster: all of it goes
        XCTAssertEqual(buffer.lines, ["a  x b"])
        XCTAssertFalse((0..<10).contains { buffer[$0, 0].isContinuation })
    }

    func testCombiningMarksTakeNoCell() {
        let decomposed = "e\u{0301}te\u{0301}"  // "été" with combining acute accents
        XCTAssertEqual(TextWidth.width(of: decomposed), 3)
        var buffer = ScreenBuffer(width: 6, height: 1)
        XCTAssertEqual(buffer.write(decomposed + "!", x: 0, y: 0), 4)
        XCTAssertEqual(buffer[3, 0].character, "!")
        XCTAssertEqual(buffer.lines, [decomposed + "!"])
    }

    func testRightToLeftTextStaysInItsCells() {
        let hebrew = TerminalSanitizer.singleLine("\u{202E}שלום עולם\u{202C}")
        var buffer = ScreenBuffer(width: 20, height: 1)
        buffer.write(hebrew, x: 0, y: 0, maxWidth: 12)
        buffer.write("|end", x: 12, y: 0)
        XCTAssertEqual(buffer.lines, ["שלום עולם   |end"])
        XCTAssertFalse(buffer.line(0).unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
    }

    func testOverwritingHalfOfAWideCharacterBlanksTheOtherHalf() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        buffer.write("字字字", x: 0, y: 0)
        buffer.write("x", x: 1, y: 0)  // lands on the right half of the first 字
        XCTAssertEqual(buffer.lines, [" x字字"])
        buffer.write("y", x: 2, y: 0)  // left half of the second 字
        XCTAssertEqual(buffer.lines, [" xy 字"])
        for x in 0..<6 where buffer[x, 0].isContinuation {
            XCTAssertEqual(buffer[x - 1, 0].width, 2, "every continuation has its lead at column \(x)")
        }
    }

    func testLeftoverControlCharactersAreDrawnAsReplacement() {
        var buffer = ScreenBuffer(width: 10, height: 1)
        buffer.write("a\u{1B}b\u{9B}c", x: 0, y: 0)
        XCTAssertEqual(buffer.lines, ["a\u{FFFD}b\u{FFFD}c"])
    }

    func testStyledLineSpansAndFill() {
        var buffer = ScreenBuffer(width: 12, height: 2)
        let link = Style(underline: true, hyperlink: "https://example.org")
        let line = StyledLine(spans: [StyledSpan("see "), StyledSpan("example", style: link)])
        XCTAssertEqual(buffer.write(line, x: 0, y: 0), 11)
        XCTAssertEqual(buffer[4, 0].style.hyperlink, "https://example.org")
        XCTAssertNil(buffer[3, 0].style.hyperlink)
        buffer.fill(Rect(x: 0, y: 0, width: 4, height: 1), style: .reverse)
        XCTAssertEqual(buffer.lines[0], "    example")
        XCTAssertEqual(buffer[0, 0].style, .reverse)
    }

    func testTruncateAndFit() {
        XCTAssertEqual(TextWidth.truncate("abcdef", toWidth: 4), "abc…")
        XCTAssertEqual(TextWidth.truncate("abcd", toWidth: 4), "abcd")
        XCTAssertEqual(TextWidth.truncate("中文字", toWidth: 4), "中…")
        XCTAssertEqual(TextWidth.fit("ab", width: 5, alignment: .right), "   ab")
        XCTAssertEqual(TextWidth.fit("ab", width: 5, alignment: .center), " ab  ")
        XCTAssertEqual(TextWidth.fit("中", width: 3), "中 ")
    }

    func testLayoutRows() {
        let layout = Layout(size: TerminalSize(width: 100, height: 30))
        XCTAssertEqual(layout.titleBar, Rect(x: 0, y: 0, width: 100, height: 1))
        XCTAssertEqual(layout.content, Rect(x: 0, y: 1, width: 100, height: 27))
        XCTAssertEqual(layout.statusLine.y, 28)
        XCTAssertEqual(layout.promptLine.y, 29)
        XCTAssertEqual(Layout(size: TerminalSize(width: 10, height: 2)).content.height, 0)
    }
}
