import XCTest

@testable import FeedHTML
@testable import FeedModel

/// JSON string escaping over long text: the escaper works in slices, which must never split what it
/// has to see whole, and must give what a byte-by-byte reading gives.
final class JSONOutputTests: XCTestCase {
    /// The escaping the writer promises, one scalar at a time.
    private func expected(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    private func written(_ text: String) -> String {
        var output = JSONOutput(pretty: false)
        output.string(text)
        var bytes: [UInt8] = []
        output.flush(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    func testShortValuesPlainOrNotMatchTheScalarReading() {
        let plain = "http://example.com/tags/caf\u{E9}-\u{1F600}"
        var cases = ["", "a", "Rust", plain, "\u{2028}", "a\u{2029}b", "\u{2026} \u{20AC}", "\"", "\\", "x\ny", "\u{1}", "\u{7F}"]
        for length in [15, 16, 17, 255, 256, 257] {
            let base = String(repeating: "a", count: length)
            cases.append(base)
            cases.append(String(base.dropLast()) + "\"")
            cases.append("\t" + String(base.dropFirst()))
            cases.append(String(base.dropLast()) + "\u{2028}")
        }
        for text in cases {
            XCTAssertEqual(written(text), expected(text), text.debugDescription)
        }
    }

    func testSeparatorsAcrossEverySliceBoundaryAreSeenWhole() {
        let slice = 16 * 1024
        for offset in -4...4 {
            // U+2028 (three bytes) placed so that it starts just before, at, or after a slice's end.
            let text = String(repeating: "a", count: slice + offset) + "\u{2028}" + "b\u{2029}\"\u{1}é"
            XCTAssertEqual(written(text), expected(text), "offset \(offset)")
        }
    }

    func testLongMixedTextMatchesTheScalarReading() {
        var text = ""
        let pieces = ["plain ascii run ", "\"quoted\"", "back\\slash", "\n", "\t", "\u{0}", "\u{1F}", "中文", "👩‍💻",
                      "\u{2028}", "\u{2027}", "’", "\r\n"]
        for i in 0..<12000 { text += pieces[(i * 7) % pieces.count] }
        XCTAssertGreaterThan(text.utf8.count, 3 * 16 * 1024)
        XCTAssertEqual(written(text), expected(text))
        XCTAssertEqual(written(""), "\"\"")
    }
}
