import TidingsText
import XCTest

final class MarkupEscaperTests: XCTestCase {
    private func escaped(_ text: String, _ options: MarkupEscaping) -> String {
        var bytes: [UInt8] = []
        MarkupEscaper.escape(text, options, into: &bytes)
        let viaBytes = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(viaBytes, MarkupEscaper.escaped(text, options), "byte and String forms agree")
        return viaBytes
    }

    func testMarkupCharactersAlwaysBecomeReferences() {
        XCTAssertEqual(escaped("a < b && c > \"d\"", []), "a &lt; b &amp;&amp; c &gt; \"d\"")
        XCTAssertEqual(escaped("a < b && c > \"d\"", .quotes), "a &lt; b &amp;&amp; c &gt; &quot;d&quot;")
        XCTAssertEqual(escaped("AT&T", .xmlText), "AT&amp;T")
    }

    func testTextWithoutSpecialBytesIsUnchanged() {
        let text = "Plain text, café, 日本語のタイトル, ！（全角）, emoji 🎉, nbsp\u{A0}here"
        XCTAssertEqual(escaped(text, [.quotes, .dropForbidden, .dropControls]), text)
        XCTAssertEqual(escaped("", .xmlAttribute), "")
    }

    func testForbiddenCharactersAreDroppedAndWhitespaceKept() {
        XCTAssertEqual(escaped("a\u{0}b\u{1}c\u{1F}d\te\nf\rg", .xmlText), "abcd\te\nf\rg")
        XCTAssertEqual(escaped("x\u{FFFE}y\u{FFFF}z\u{FFFD}", .xmlText), "xyz\u{FFFD}")
        XCTAssertEqual(escaped("a\u{0}b", []), "a\u{0}b", "nothing is dropped unless asked")
    }

    func testControlsAreDroppedForPeople() {
        let options: MarkupEscaping = [.dropForbidden, .dropControls]
        XCTAssertEqual(escaped("a\u{7F}b\u{80}c\u{9F}d\u{81}\u{A0}e", options), "ab\u{20AC}c\u{178}d\u{A0}e",
                       "C1 controls read as windows-1252, its undefined ones dropped")
        XCTAssertEqual(escaped("a\u{7F}b\u{85}c", .xmlText), "a\u{7F}b\u{85}c", "XML allows DEL and C1")
    }

    func testWhitespaceReferencesSurviveAttributeNormalisation() {
        let opmlAttribute: MarkupEscaping = [.quotes, .whitespaceReferences, .carriageReturnReferences, .dropForbidden]
        XCTAssertEqual(escaped("a\tb\nc\rd\"", opmlAttribute), "a&#9;b&#10;c&#13;d&quot;")
        XCTAssertEqual(escaped("a\tb\nc\rd", [.carriageReturnReferences]), "a\tb\nc&#13;d")
    }

    func testTruncatedSequencesAtTheEndAreCopied() {
        let inputs: [[UInt8]] = [[0x61, 0xC2], [0x61, 0xEF, 0xBF], [0x61, 0xEF]]
        for input in inputs {
            var out: [UInt8] = []
            input.withUnsafeBufferPointer { MarkupEscaper.escape($0, [.dropForbidden, .dropControls], into: &out) }
            XCTAssertEqual(out, input)
        }
    }

    func testNeedsEscaping() {
        let check = { (text: String, options: MarkupEscaping) -> Bool in
            Array(text.utf8).withUnsafeBufferPointer { MarkupEscaper.needsEscaping($0, options) }
        }
        XCTAssertFalse(check("plain \"quoted\" text", []))
        XCTAssertTrue(check("plain \"quoted\" text", .quotes))
        XCTAssertTrue(check("a&b", []))
        XCTAssertFalse(check("tab\tand\nnewline", .xmlAttribute))
        XCTAssertTrue(check("tab\tand", [.whitespaceReferences]))
    }
}
