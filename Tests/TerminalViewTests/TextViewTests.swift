import XCTest

@testable import TerminalView

@MainActor
final class TextViewTests: XCTestCase {
    private func numberedLines(_ count: Int) -> [StyledLine] {
        (1...count).map { StyledLine("line \($0)") }
    }

    func testScrollingByLinePageAndEnds() async {
        let view = TextView(lines: numberedLines(20))
        var buffer = ScreenBuffer(width: 10, height: 5)
        var offset = 0
        view.draw(into: &buffer, frame: buffer.bounds, offset: &offset)
        XCTAssertEqual(buffer.lines, ["line 1", "line 2", "line 3", "line 4", "line 5"])
        view.handle(.key(.down), offset: &offset)
        XCTAssertEqual(offset, 1)
        view.handle(.key(.pageDown), offset: &offset)
        XCTAssertEqual(offset, 5, "a page keeps one line of context")
        view.perform(.bottom, offset: &offset)
        XCTAssertEqual(offset, 15)
        view.draw(into: &buffer, frame: buffer.bounds, offset: &offset)
        XCTAssertEqual(buffer.lines.last, "line 20")
        view.handle(.key(.pageDown), offset: &offset)
        XCTAssertEqual(offset, 15, "cannot scroll past the end")
        view.perform(.top, offset: &offset)
        XCTAssertEqual(offset, 0)
        view.handle(.key(.up), offset: &offset)
        XCTAssertEqual(offset, 0)
        view.handle(.mouse(MouseEvent(button: .wheelDown, x: 0, y: 0, action: .press)), offset: &offset)
        XCTAssertEqual(offset, 3)
        XCTAssertFalse(view.handle(.key(.character("g")), offset: &offset))
    }

    func testWrapsAtWordsAndKeepsStylesAndLinks() async {
        let link = Style(underline: true, hyperlink: "https://example.org/a/very/long/path")
        let view = TextView(lines: [
            StyledLine(spans: [StyledSpan("Read more at "), StyledSpan("https://example.org/a/very/long/path", style: link)]),
            StyledLine(""),
            StyledLine("短い日本語の文章です"),
        ])
        var buffer = ScreenBuffer(width: 16, height: 8)
        var offset = 0
        view.draw(into: &buffer, frame: buffer.bounds, offset: &offset)
        XCTAssertEqual(buffer.lines, ["Read more at", "https://example.", "org/a/very/long/", "path", "", "短い日本語の文章", "です", ""])
        for y in 1...3 { XCTAssertEqual(buffer[0, y].style.hyperlink, link.hyperlink, "wrapped link row \(y)") }
        XCTAssertNil(buffer[0, 0].style.hyperlink)
        XCTAssertEqual(view.displayLineCount(width: 16), 7)
    }

    func testWithoutWrappingLongLinesAreTruncated() async {
        let view = TextView(lines: [StyledLine("a rather long line of text")], wrapsLines: false)
        var buffer = ScreenBuffer(width: 10, height: 2)
        var offset = 0
        view.draw(into: &buffer, frame: buffer.bounds, offset: &offset)
        XCTAssertEqual(buffer.lines, ["a rather …", ""])
    }

    func testOffsetIsClampedWhenTextShrinks() async {
        let view = TextView(lines: numberedLines(30))
        var buffer = ScreenBuffer(width: 10, height: 4)
        var offset = 25
        view.draw(into: &buffer, frame: buffer.bounds, offset: &offset)
        XCTAssertEqual(offset, 25)
        view.lines = numberedLines(5)
        view.draw(into: &buffer, frame: buffer.bounds, offset: &offset)
        XCTAssertEqual(offset, 1)
        XCTAssertEqual(buffer.lines, ["line 2", "line 3", "line 4", "line 5"])
    }
}
