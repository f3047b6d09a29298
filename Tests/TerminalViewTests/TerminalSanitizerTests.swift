import XCTest

@testable import TerminalView

final class TerminalSanitizerTests: XCTestCase {
    func testTitleInjectionShowsAsHarmlessText() {
        let hostile = "Breaking\u{1B}]0;pwned\u{07}\u{1B}[2J news"
        let clean = TerminalSanitizer.singleLine(hostile)
        XCTAssertEqual(clean, "Breaking news")
        XCTAssertFalse(clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })

        var buffer = ScreenBuffer(width: 30, height: 1)
        buffer.write(clean, x: 0, y: 0)
        let bytes = Renderer().render(buffer)
        XCTAssertFalse(String(decoding: bytes, as: UTF8.self).contains("pwned"))
        XCTAssertFalse(String(decoding: bytes, as: UTF8.self).contains("\u{1B}]0;"))
    }

    func testEveryKindOfSequenceIsRemoved() {
        let cases: [(String, String)] = [
            ("a\u{1B}[31;1mred\u{1B}[0m", "ared"),  // CSI SGR
            ("a\u{1B}]8;;http://evil\u{1B}\\link\u{1B}]8;;\u{1B}\\", "alink"),  // OSC 8 ended by ST
            ("a\u{1B}P1$r q\u{1B}\\b", "ab"),  // DCS
            ("a\u{1B}_apc\u{1B}\\b", "ab"),  // APC
            ("a\u{1B}(Bb", "ab"),  // designate charset (intermediate + final)
            ("a\u{1B}cb", "ab"),  // RIS
            ("a\u{9B}2Jb", "ab"),  // C1 CSI
            ("a\u{9D}0;t\u{9C}b", "ab"),  // C1 OSC ended by C1 ST
            ("a\u{7}\u{8}\u{7F}\u{0}b", "ab"),  // BEL, BS, DEL, NUL
            ("a\u{1B}]0;unterminated", "a"),
            ("a\u{1B}", "a"),
        ]
        for (input, expected) in cases {
            XCTAssertEqual(TerminalSanitizer.singleLine(input), expected, "input \(input.debugDescription)")
        }
    }

    func testBidiControlsAreRemoved() {
        let input = "abc\u{202E}fed\u{202C} \u{2066}x\u{2069}\u{200F}"
        XCTAssertEqual(TerminalSanitizer.singleLine(input), "abcfed x")
    }

    func testWhiteSpaceInSingleLine() {
        XCTAssertEqual(TerminalSanitizer.singleLine("  one\ntwo\r\n\tthree  "), "one two three")
        XCTAssertEqual(TerminalSanitizer.singleLine("plain ascii stays"), "plain ascii stays")
    }

    func testLinesKeepBreaksAndExpandTabs() {
        XCTAssertEqual(TerminalSanitizer.lines(of: "a\tb\r\nc\u{1B}[1md\ne"), ["a       b", "cd", "e"])
        XCTAssertEqual(TerminalSanitizer.lines(of: "中\tx", tabWidth: 4), ["中  x"])
    }

    func testNonASCIITextIsKept() {
        XCTAssertEqual(TerminalSanitizer.singleLine("Ünïcödé 日本 🎉 e\u{0301}"), "Ünïcödé 日本 🎉 e\u{0301}")
    }
}

extension TerminalSanitizerTests {
    func testSpacesCollapseTheSameWayForASCIIAndUnicode() {
        XCTAssertEqual(TerminalSanitizer.singleLine(" a  b "), "a b")
        XCTAssertEqual(TerminalSanitizer.singleLine(" é  b "), "é b")
        XCTAssertEqual(TerminalSanitizer.singleLine(""), "")
        XCTAssertEqual(TerminalSanitizer.singleLine("   "), "")
    }

    func testLaidOutLinesKeepTheirSpaces() {
        XCTAssertEqual(TerminalSanitizer.laidOutLine("    return serve(8080);"), "    return serve(8080);")
        XCTAssertEqual(TerminalSanitizer.laidOutLine("  \u{25E6} nested  é"), "  \u{25E6} nested  é")
        XCTAssertEqual(TerminalSanitizer.laidOutLine("  a\u{1B}[31mb\u{202E}c\td"), "  abc d")
    }
}
