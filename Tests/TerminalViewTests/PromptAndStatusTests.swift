import XCTest

@testable import TerminalView

final class PromptAndStatusTests: XCTestCase {
    private func type(_ text: String, into prompt: inout PromptLine) {
        for character in text { _ = prompt.handle(.key(.character(character))) }
    }

    func testEditingKeys() {
        var prompt = PromptLine(prompt: "/")
        type("helo world", into: &prompt)
        for _ in 0..<7 { _ = prompt.handle(.key(.left)) }
        _ = prompt.handle(.key(.character("l")))
        XCTAssertEqual(prompt.value, "hello world")
        XCTAssertEqual(prompt.cursor, 4)
        _ = prompt.handle(.key(.backspace))
        XCTAssertEqual(prompt.value, "helo world")
        _ = prompt.handle(.key(.end))
        _ = prompt.handle(.key(.ctrl("w")))
        XCTAssertEqual(prompt.value, "helo ")
        _ = prompt.handle(.key(.home))
        _ = prompt.handle(.key(.delete))
        XCTAssertEqual(prompt.value, "elo ")
        _ = prompt.handle(.key(.right))
        _ = prompt.handle(.key(.ctrl("u")))
        XCTAssertEqual(prompt.value, "lo ")
        XCTAssertEqual(prompt.cursor, 0)
        _ = prompt.handle(.key(.ctrl("k")))
        XCTAssertEqual(prompt.value, "")
    }

    func testSubmitCancelAndPaste() {
        var prompt = PromptLine(prompt: "Search: ")
        _ = prompt.handle(.paste("swift\n\u{1B}[31mconcurrency\u{1B}[0m"))
        XCTAssertEqual(prompt.value, "swift concurrency")
        XCTAssertEqual(prompt.handle(.key(.enter)), .submitted("swift concurrency"))
        XCTAssertEqual(prompt.handle(.key(.escape)), .cancelled)
        XCTAssertEqual(prompt.handle(.key(.ctrl("c"))), .cancelled)
        XCTAssertEqual(prompt.handle(.key(.up)), .editing)
    }

    func testDrawPlacesCursorAndScrollsLongInput() {
        var prompt = PromptLine(prompt: "/")
        type("abc", into: &prompt)
        var buffer = ScreenBuffer(width: 10, height: 2)
        prompt.draw(into: &buffer, frame: Rect(x: 0, y: 1, width: 10, height: 1))
        XCTAssertEqual(buffer.lines, ["", "/abc"])
        XCTAssertEqual(buffer.cursor, CursorPosition(x: 4, y: 1))

        type("defghijklmn", into: &prompt)
        prompt.draw(into: &buffer, frame: Rect(x: 0, y: 1, width: 10, height: 1))
        XCTAssertEqual(buffer.lines[1], "/ghijklmn")
        XCTAssertEqual(buffer.cursor, CursorPosition(x: 9, y: 1))
        _ = prompt.handle(.key(.home))
        prompt.draw(into: &buffer, frame: Rect(x: 0, y: 1, width: 10, height: 1))
        XCTAssertEqual(buffer.lines[1], "/abcdefgh…")
        XCTAssertEqual(buffer.cursor, CursorPosition(x: 1, y: 1))
    }

    func testStatusLineKeepsRightTextAndCutsLeft() {
        var buffer = ScreenBuffer(width: 20, height: 1)
        StatusLine(left: "Feeds: all unread items", right: "3/120").draw(into: &buffer, frame: buffer.bounds)
        XCTAssertEqual(buffer.lines, ["Feeds: all un… 3/120"])
        XCTAssertTrue(buffer[0, 0].style.reverse)
        XCTAssertTrue(buffer[14, 0].style.reverse, "the gap is filled in the bar style")
    }
}
