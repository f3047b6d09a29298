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
        XCTAssertEqual(TextWidth.width(of: "soft\u{AD}hyphen"), 11, "the soft hyphen takes a cell, as tmux draws it")
        XCTAssertEqual(TextWidth.width(of: "a\u{2060}b"), 2, "other format characters take no cell")
        XCTAssertEqual(TextWidth.width(of: ""), 0)
    }

    /// Each width here is the cursor advance tmux 3.3 (wcwidth per code point) gives the cluster.
    func testEmojiClustersCountAsTheTerminalDrawsThem() {
        XCTAssertEqual(TextWidth.width(of: "🎉"), 2)
        XCTAssertEqual(TextWidth.width(of: "👨‍👩‍👧"), 2, "ZWJ sequence: each joined emoji shares the first one's cells")
        XCTAssertEqual(TextWidth.width(of: "👩‍💻"), 2)
        XCTAssertEqual(TextWidth.width(of: "🏳️‍🌈"), 1, "a narrow flag with a joined rainbow")
        XCTAssertEqual(TextWidth.width(of: "🇯🇵"), 2, "flag: two regional indicators of one cell")
        XCTAssertEqual(TextWidth.width(of: "👍🏽"), 4, "the skin tone takes two cells of its own")
        XCTAssertEqual(TextWidth.width(of: "🧑🏽‍💻"), 4)
        XCTAssertEqual(TextWidth.width(of: "❤️"), 1, "the emoji presentation selector widens nothing")
        XCTAssertEqual(TextWidth.width(of: "🌤️"), 1)
        XCTAssertEqual(TextWidth.width(of: "1️⃣"), 1, "keycap")
    }

    func testIndicClustersCountTheirSpacingSigns() {
        XCTAssertEqual(TextWidth.width(of: "नमस्ते"), 4)
        XCTAssertEqual(TextWidth.width(of: "क्षि"), 3, "a conjunct with a spacing vowel sign")
        XCTAssertEqual(TextWidth.width(of: "कि"), 2)
        XCTAssertEqual(TextWidth.width(of: "च"), 1)
        XCTAssertEqual(TextWidth.width(of: "தமிழ்"), 4)
        XCTAssertEqual(TextWidth.width(of: "கொ"), 2)
        XCTAssertEqual(TextWidth.width(of: "ஸ்ரீ"), 2)
        XCTAssertEqual(TextWidth.width(of: "ก้"), 1, "Thai tone mark")
        XCTAssertEqual(TextWidth.width(of: "مَرْحَبًا"), 5, "Arabic with its vowel marks")
        XCTAssertEqual(TextWidth.width(of: "שָׁלוֹם"), 4, "Hebrew with points")
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
