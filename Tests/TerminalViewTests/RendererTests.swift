import TestSupport
import TidingsText
import XCTest

@testable import TerminalView

final class RendererTests: XCTestCase {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func testFirstFrameClearsAndDrawsOnlyNonBlankCells() {
        var frame = ScreenBuffer(width: 20, height: 3)
        frame.write("hi", x: 3, y: 1)
        let output = text(Renderer().render(frame))
        XCTAssertEqual(output, "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[2;4Hhi\u{1B}[?25l")
    }

    func testIdenticalSecondFrameEmitsNothing() {
        let renderer = Renderer()
        var frame = ScreenBuffer(width: 40, height: 5)
        frame.write("title", x: 0, y: 0, style: Style(foreground: .yellow, bold: true))
        frame.write("日本 🎉", x: 0, y: 2)
        XCTAssertFalse(renderer.render(frame).isEmpty)
        XCTAssertEqual(renderer.render(frame), [])
    }

    func testOneChangedCellEmitsAShortSequence() {
        let renderer = Renderer()
        var frame = ScreenBuffer(width: 100, height: 30)
        for y in 0..<30 { frame.write(String(repeating: "x", count: 100), x: 0, y: y) }
        _ = renderer.render(frame)
        frame.write("y", x: 50, y: 10)
        let output = text(renderer.render(frame))
        XCTAssertEqual(output, "\u{1B}[11;51Hy")
    }

    func testStyleChangesUseSGRAndFrameEndsReset() {
        let renderer = Renderer()
        var frame = ScreenBuffer(width: 10, height: 1)
        _ = renderer.render(frame)
        frame.write("ab", x: 0, y: 0, style: Style(foreground: .red, background: .indexed(236), bold: true, reverse: true))
        frame.write("c", x: 2, y: 0, style: Style(foreground: .rgb(1, 2, 3)))
        let output = text(renderer.render(frame))
        XCTAssertEqual(output, "\u{1B}[1;1H\u{1B}[0;1;7;31;48;5;236mab\u{1B}[0;38;2;1;2;3mc\u{1B}[0m")
    }

    func testHandMadeCellsCannotSmuggleControls() {
        let renderer = Renderer()
        _ = renderer.render(ScreenBuffer(width: 4, height: 1))
        var frame = ScreenBuffer(width: 4, height: 1)
        frame[0, 0] = Cell(character: "\u{1B}")
        frame[1, 0] = Cell(character: "\u{9B}")
        frame[2, 0] = Cell(character: "\r\n")
        XCTAssertEqual(text(renderer.render(frame)), "\u{1B}[1;1H\u{FFFD}\u{FFFD}\u{FFFD}")
    }

    func testStandardAndBrightColors() {
        let renderer = Renderer()
        _ = renderer.render(ScreenBuffer(width: 4, height: 1))
        var frame = ScreenBuffer(width: 4, height: 1)
        frame.write("a", x: 0, y: 0, style: Style(foreground: .brightBlue, background: .white))
        frame.write("b", x: 1, y: 0, style: Style(foreground: Color(name: "bright-red"), background: Color(name: "#0a0b0c")))
        XCTAssertEqual(text(renderer.render(frame)), "\u{1B}[1;1H\u{1B}[0;94;47ma\u{1B}[0;91;48;2;10;11;12mb\u{1B}[0m")
        XCTAssertEqual(Color(name: "200"), .indexed(200))
        XCTAssertNil(Color(name: "chartreuse"))
    }

    func testNoColorKeepsReverseAndBold() {
        let renderer = Renderer(options: RenderOptions(colors: false))
        var frame = ScreenBuffer(width: 10, height: 1)
        _ = renderer.render(ScreenBuffer(width: 10, height: 1))
        frame.write("sel", x: 0, y: 0, style: Style(foreground: .green, background: .blue, bold: true, reverse: true))
        let output = text(renderer.render(frame))
        XCTAssertEqual(output, "\u{1B}[1;1H\u{1B}[0;1;7msel\u{1B}[0m")
        XCTAssertEqual(RenderOptions.fromEnvironment(["NO_COLOR": "1"]).colors, false)
        XCTAssertEqual(RenderOptions.fromEnvironment(["NO_COLOR": ""]).colors, true)
        XCTAssertEqual(RenderOptions.fromEnvironment([:]).colors, true)
    }

    func testHyperlinksAreWrappedInOSC8AndCanBeTurnedOff() {
        var frame = ScreenBuffer(width: 10, height: 1)
        frame.write("go", x: 0, y: 0, style: Style(hyperlink: "https://x.test/a b\u{1B}"))
        let on = Renderer()
        _ = on.render(ScreenBuffer(width: 10, height: 1))
        XCTAssertEqual(
            text(on.render(frame)),
            "\u{1B}[1;1H\u{1B}]8;id=87AD88E3;https://x.test/a%20b%1B\u{1B}\\go\u{1B}]8;;\u{1B}\\")  // id: FNV-1a of the link
        let off = Renderer(options: RenderOptions(hyperlinks: false))
        _ = off.render(ScreenBuffer(width: 10, height: 1))
        XCTAssertEqual(text(off.render(frame)), "\u{1B}[1;1Hgo")
    }

    func testWideCharactersAdvanceTheCursorByTwo() {
        let renderer = Renderer()
        var frame = ScreenBuffer(width: 10, height: 1)
        _ = renderer.render(frame)
        frame.write("中a", x: 0, y: 0)
        XCTAssertEqual(text(renderer.render(frame)), "\u{1B}[1;1H中a")
        frame.write("b", x: 1, y: 0)  // replaces the right half: the whole glyph must be redrawn as blank + b
        XCTAssertEqual(text(renderer.render(frame)), "\u{1B}[1;1H b")
    }

    func testSkippedCellsMoveForwardOnTheSameRow() {
        let renderer = Renderer()
        var frame = ScreenBuffer(width: 20, height: 1)
        _ = renderer.render(frame)
        frame.write("a", x: 2, y: 0)
        frame.write("b", x: 9, y: 0)
        XCTAssertEqual(text(renderer.render(frame)), "\u{1B}[1;3Ha\u{1B}[6Cb")
    }

    func testInvalidateAndResizeRedrawEverything() {
        let renderer = Renderer()
        var frame = ScreenBuffer(width: 10, height: 2)
        frame.write("keep", x: 0, y: 0)
        _ = renderer.render(frame)
        renderer.invalidate()
        XCTAssertEqual(text(renderer.render(frame)), "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[1;1Hkeep\u{1B}[?25l")
        var bigger = ScreenBuffer(width: 12, height: 3)
        bigger.write("keep", x: 0, y: 0)
        XCTAssertTrue(text(renderer.render(bigger)).hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))
    }

    func testCursorIsShownAtThePromptAndHiddenAgain() {
        let renderer = Renderer()
        var frame = ScreenBuffer(width: 10, height: 2)
        _ = renderer.render(frame)
        frame.cursor = CursorPosition(x: 3, y: 1)
        XCTAssertEqual(text(renderer.render(frame)), "\u{1B}[2;4H\u{1B}[?25h")
        XCTAssertEqual(renderer.render(frame), [])
        frame.cursor = nil
        XCTAssertEqual(text(renderer.render(frame)), "\u{1B}[?25l")
    }

    /// Random frames: applying the diffs on top of each other must reproduce every frame, checked
    /// through a tiny terminal model that understands the sequences the renderer emits.
    func testDiffsReproduceRandomFrames() {
        let seed: UInt64 = 42
        var generator = SplitMix(seed: seed)
        let renderer = Renderer()
        var model = TerminalModel(width: 16, height: 4)
        let alphabet: [String] = ["a", "b", "中", "🎉", " ", "é"]
        for step in 0..<200 {
            var frame = ScreenBuffer(width: 16, height: 4)
            for y in 0..<4 {
                var line = ""
                for _ in 0..<Int(generator.next() % 10) { line += alphabet[Int(generator.next() % 6)] }
                frame.write(line, x: Int(generator.next() % 8), y: y, style: generator.next() % 2 == 0 ? .plain : .bold)
            }
            model.apply(renderer.render(frame))
            XCTAssertEqual(model.lines, frame.lines, "seed \(seed), step \(step)")
        }
    }

    /// A terminal that counts some clusters wider or narrower than `TextWidth`: after any sequence of
    /// frames its screen is the one a full redraw of the last frame gives (^L), seed printed on failure.
    func testDiffsMatchAFullRedrawWhereTheTerminalCountsOtherWidths() {
        let seed: UInt64 = 32
        var generator = SplitMix(seed: seed)
        let theirs: [String: Int] = ["🌤️": 2, "क्षि": 2, "👍🏽": 2, "q\u{301}": 2, "👩‍💻": 1]
        let terminalWidth: (Character) -> Int = { theirs[String($0)] ?? TextWidth.width(of: $0) }
        let renderer = Renderer()
        var model = TerminalModel(width: 16, height: 4)
        model.widthOf = terminalWidth
        let alphabet: [String] = ["a", "b", "中", "🌤️", " ", "é", "क्षि", "👍🏽", "q\u{301}", "👩‍💻", "च"]
        for step in 0..<300 {
            var frame = ScreenBuffer(width: 16, height: 4)
            for y in 0..<4 {
                var line = ""
                for _ in 0..<Int(generator.next() % 8) { line += alphabet[Int(generator.next() % UInt64(alphabet.count))] }
                frame.write(line, x: Int(generator.next() % 6), y: y, style: generator.next() % 2 == 0 ? .plain : .bold)
            }
            model.apply(renderer.render(frame))
            var fresh = TerminalModel(width: 16, height: 4)
            fresh.widthOf = terminalWidth
            fresh.apply(Renderer().render(frame))
            XCTAssertEqual(model.cells, fresh.cells, "seed \(seed), step \(step)")
        }
    }
}

/// Interprets CUP, CUF, ED 2, EL 2, SGR (ignored), OSC (ignored), DECTCEM (ignored) and text.
struct TerminalModel {
    let width: Int
    /// The terminal's own width of a cluster, which may differ from `TextWidth`'s.
    var widthOf: (Character) -> Int = { TextWidth.width(of: $0) }
    var cells: [[String]]
    var x = 0
    var y = 0

    init(width: Int, height: Int) {
        self.width = width
        cells = Array(repeating: Array(repeating: " ", count: width), count: height)
    }

    var lines: [String] {
        cells.map { row in
            var line = row.joined()
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    mutating func apply(_ bytes: [UInt8]) {
        let characters = Array(String(decoding: bytes, as: UTF8.self))
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if c == "\u{1B}" {
                i += 1
                if characters[i] == "[" {
                    var parameters = ""
                    i += 1
                    while !(characters[i].asciiValue.map { (0x40...0x7E).contains($0) } ?? false) {
                        parameters.append(characters[i])
                        i += 1
                    }
                    let numbers = parameters.split(separator: ";").compactMap { Int($0) }
                    switch characters[i] {
                    case "H":
                        y = (numbers.first ?? 1) - 1
                        x = (numbers.count > 1 ? numbers[1] : 1) - 1
                    case "C": x += numbers.first ?? 1
                    case "J": cells = cells.map { $0.map { _ in " " } }
                    case "K" where numbers.first == 2: cells[y] = Array(repeating: " ", count: width)
                    default: break
                    }
                    i += 1
                } else if characters[i] == "]" {
                    while characters[i] != "\\" { i += 1 }
                    i += 1
                }
                continue
            }
            guard x < width else {  // past the edge: a real terminal would wrap; the renderer never relies on it
                i += 1
                continue
            }
            let w = min(widthOf(c), width - x)
            // Like a real terminal: overwriting any part of a wide glyph erases all of it.
            var head = x
            while head > 0, cells[y][head].isEmpty { head -= 1 }
            if head < x { for column in head..<x { cells[y][column] = " " } }
            var after = x + max(w, 1)
            while after < width, cells[y][after].isEmpty {
                cells[y][after] = " "
                after += 1
            }
            cells[y][x] = String(c)
            for column in x + 1..<x + max(w, 1) { cells[y][column] = "" }
            x += w
            i += 1
        }
    }
}
