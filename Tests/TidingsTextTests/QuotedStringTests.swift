import TidingsText
import XCTest

/// The JSON form is stored in users' databases (authors, enclosures) and the TOML form is what the
/// newsboat import writes into config.toml for query feeds.
final class QuotedStringTests: XCTestCase {
    func testCommonEscapesAreTheSameInBothFormats() {
        for format in [QuotedString.Format.json, .toml] {
            XCTAssertEqual(QuotedString.quoted("plain – é", as: format), "\"plain – é\"")
            XCTAssertEqual(QuotedString.quoted("a \"b\" \\d+", as: format), "\"a \\\"b\\\" \\\\d+\"")
            XCTAssertEqual(QuotedString.quoted("x\ny\r\tz", as: format), "\"x\\ny\\r\\tz\"")
            XCTAssertEqual(QuotedString.quoted("", as: format), "\"\"")
        }
    }

    func testJSONEscapesControlsAndJavaScriptLineEndsInLowerCaseHex() {
        XCTAssertEqual(QuotedString.quoted("\u{1B}[2J\u{0}", as: .json), "\"\\u001b[2J\\u0000\"")
        XCTAssertEqual(QuotedString.quoted("a\u{2028}b\u{2029}", as: .json), "\"a\\u2028b\\u2029\"")
        XCTAssertEqual(QuotedString.quoted("del\u{7F}", as: .json), "\"del\u{7F}\"")
    }

    func testTOMLEscapesControlsAndDeleteInUpperCaseHex() {
        XCTAssertEqual(QuotedString.quoted("x\ny\t\u{1B}", as: .toml), "\"x\\ny\\t\\u001B\"")
        XCTAssertEqual(QuotedString.quoted("del\u{7F}", as: .toml), "\"del\\u007F\"")
        XCTAssertEqual(QuotedString.quoted("a\u{2028}b", as: .toml), "\"a\u{2028}b\"")
    }

    func testAppendAddsAfterWhatIsThere() {
        var text = "{\"k\":"
        QuotedString.append("v\u{1F}", as: .json, to: &text)
        XCTAssertEqual(text, "{\"k\":\"v\\u001f\"")
    }
}
