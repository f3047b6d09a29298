import XCTest

@testable import TerminalView

final class HelpOverlayTests: XCTestCase {
    private let help = HelpOverlay(title: "Keys", entries: [
        .init(keys: "j, down", description: "next row"),
        .init(keys: "k, up", description: "previous row"),
        .init(keys: "enter", description: "open"),
        .init(keys: "q", description: "back"),
    ])

    private func run(_ character: Character, _ count: Int) -> String { String(repeating: character, count: count) }

    func testDrawsACentredBoxOverTheContent() {
        var buffer = ScreenBuffer(width: 30, height: 8)
        for y in 0..<8 { buffer.write(run(".", 30), x: 0, y: y) }
        var offset = 0
        help.draw(into: &buffer, frame: buffer.bounds, offset: &offset)
        // Box: 23 cells inside (7 keys + 2 + 12 description + 2 padding), centred at x 2, y 1.
        XCTAssertEqual(buffer.lines, [
            run(".", 30),
            "..┌─ Keys " + run("─", 16) + "┐...",
            "..│ j, down  next row" + run(" ", 5) + "│...",
            "..│ k, up    previous row │...",
            "..│ enter    open" + run(" ", 9) + "│...",
            "..│ q        back" + run(" ", 9) + "│...",
            "..└" + run("─", 23) + "┘...",
            run(".", 30),
        ])
        XCTAssertTrue(buffer[4, 2].style.bold, "keys are bold")
    }

    func testScrollsWhenEntriesDoNotFit() {
        var buffer = ScreenBuffer(width: 30, height: 4)
        var offset = 10
        help.draw(into: &buffer, frame: buffer.bounds, offset: &offset)
        XCTAssertEqual(offset, 2, "clamped so the box stays full")
        XCTAssertTrue(buffer.lines[1].contains("enter"))
        XCTAssertTrue(buffer.lines[2].contains("back"))
        offset = 0
        help.draw(into: &buffer, frame: buffer.bounds, offset: &offset)
        XCTAssertTrue(buffer.lines[3].contains("more ↓"))
    }
}
