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

    /// Values with nothing to escape are appended whole; values with something to escape anywhere
    /// (first, last, beside multi-byte characters, E2-led characters that are not line ends) give what
    /// escaping scalar by scalar gives.
    func testEveryValueEqualsTheScalarByScalarForm() {
        func reference(_ value: String, _ format: QuotedString.Format) -> String {
            var text = "\""
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\"": text += "\\\""
                case "\\": text += "\\\\"
                case "\n": text += "\\n"
                case "\r": text += "\\r"
                case "\t": text += "\\t"
                default:
                    let value = scalar.value
                    let coded = format == .json ? value < 0x20 || value == 0x2028 || value == 0x2029 : value < 0x20 || value == 0x7F
                    if coded {
                        let hex = String(value, radix: 16, uppercase: format == .toml)
                        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        text.unicodeScalars.append(scalar)
                    }
                }
            }
            return text + "\""
        }
        let values = [
            "Ingrid Sørensen", "https://example.org/a?b=c&d=e", "日本語のタイトル", "“quoted” – dash…", "\"lead",
            "trail\\", "mid\u{7F}dle", "x\u{2028}", "\u{2029}y", "Москва\u{1}", "\u{1F600} emoji", "", " ",
            String(repeating: "long name ", count: 50) + "\t",
        ]
        for value in values {
            for format in [QuotedString.Format.json, .toml] {
                XCTAssertEqual(QuotedString.quoted(value, as: format), reference(value, format), value.debugDescription)
            }
        }
    }

    func testAppendAddsAfterWhatIsThere() {
        var text = "{\"k\":"
        QuotedString.append("v\u{1F}", as: .json, to: &text)
        XCTAssertEqual(text, "{\"k\":\"v\\u001f\"")
    }
}
