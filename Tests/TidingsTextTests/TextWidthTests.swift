import TidingsText
import XCTest

final class TextWidthTests: XCTestCase {
    func testNarrowWideAndZeroWidth() {
        XCTAssertEqual(TextWidth.width(of: "hello"), 5)
        XCTAssertEqual(TextWidth.width(of: "日本語"), 6)
        XCTAssertEqual(TextWidth.width(of: "中文标题"), 8)
        XCTAssertEqual(TextWidth.width(of: "한국어"), 6)
        XCTAssertEqual(TextWidth.width(of: "ＡＢ"), 4, "fullwidth forms")
        XCTAssertEqual(TextWidth.width(of: "ｱｲ"), 2, "halfwidth katakana")
        XCTAssertEqual(TextWidth.width(of: "e\u{301}"), 1, "a combining mark takes no cell")
        XCTAssertEqual(TextWidth.width(of: "a\u{200B}b"), 2, "zero width space")
        XCTAssertEqual(TextWidth.width(of: "soft\u{AD}hyphen"), 10, "format characters take no cell")
        XCTAssertEqual(TextWidth.width(of: ""), 0)
    }

    func testEmojiClustersAreTwoCells() {
        XCTAssertEqual(TextWidth.width(of: "🎉"), 2)
        XCTAssertEqual(TextWidth.width(of: "👨‍👩‍👧"), 2, "ZWJ sequence")
        XCTAssertEqual(TextWidth.width(of: "🇯🇵"), 2, "flag")
        XCTAssertEqual(TextWidth.width(of: "👍🏽"), 2, "skin tone")
        XCTAssertEqual(TextWidth.width(of: "❤️"), 2, "text symbol with the emoji presentation selector")
        XCTAssertEqual(TextWidth.width(of: "❤"), 1, "the same symbol without it")
    }

    func testConjoiningHangulIsOneSyllable() {
        let decomposed = "\u{1100}\u{1161}\u{11A8}"  // 각 as three jamo
        XCTAssertEqual(TextWidth.width(of: decomposed), 2)
        XCTAssertEqual(TextWidth.width(of: "각"), 2)
    }

    func testControlsCountAsTheReplacementCharacterDrawn() {
        XCTAssertEqual(TextWidth.width(of: "a\u{7}b"), 3)
        XCTAssertEqual(TextWidth.width(of: "a\u{85}b"), 3)
    }

    func testTruncateAndFitCountCells() {
        XCTAssertEqual(TextWidth.truncate("日本語のタイトル", toWidth: 7), "日本語…")
        XCTAssertEqual(TextWidth.truncate("abc", toWidth: 3), "abc")
        XCTAssertEqual(TextWidth.truncate("abc", toWidth: 0), "")
        XCTAssertEqual(TextWidth.fit("日本", width: 6, alignment: .right), "  日本")
        XCTAssertEqual(TextWidth.fit("日本語", width: 5), "日本…")
    }
}
