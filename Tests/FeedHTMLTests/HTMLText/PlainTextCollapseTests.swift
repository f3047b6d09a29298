import TestSupport
import TidingsText
import XCTest

@testable import FeedHTML
@testable import FeedModel

/// `HTMLText.appendCollapsed` works on UTF-8 bytes for speed; it must give exactly what the rule says,
/// character by character (checked against that rule written the plain way, on tricky inputs).
final class PlainTextCollapseTests: XCTestCase {
    /// The rule, one scalar at a time.
    private func reference(_ text: String, output: inout String, pendingSpace: inout Bool) {
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value == 0x20 || (value >= 0x09 && value <= 0x0D) || (value >= 0xA0 && scalar.properties.isWhitespace) {
                pendingSpace = !output.isEmpty
            } else if value >= 0x20, value < 0x7F || value >= 0xA0 {
                if pendingSpace { output += " " }
                pendingSpace = false
                output.unicodeScalars.append(scalar)
            } else if let mapped = Windows1252.character(forC1: value) {
                if pendingSpace { output += " " }
                pendingSpace = false
                output.unicodeScalars.append(mapped)
            }
        }
    }

    func testWhiteSpaceListIsUnicodes() {
        for value in UInt32(0xA0)...0x3FFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            XCTAssertEqual(HTMLText.isUnicodeWhiteSpace(value), scalar.properties.isWhitespace, "U+\(String(value, radix: 16))")
        }
    }

    func testExamples() {
        XCTAssertEqual(HTMLText.plainText(fromText: "  two\n\n lines  "), "two lines")
        XCTAssertEqual(HTMLText.plainText(fromText: "a\u{A0}\u{3000}b\u{2003}c"), "a b c", "Unicode white space")
        XCTAssertEqual(HTMLText.plainText(fromText: "x\u{1}y\u{7F}z\u{81}w"), "xyzw", "controls dropped")
        XCTAssertEqual(HTMLText.plainText(fromText: "don\u{92}t \u{93}so\u{94}"), "don’t “so”", "C1 read as windows-1252")
        XCTAssertEqual(HTMLText.plainText(fromText: "日本語 の\tタイトル"), "日本語 の タイトル")
        XCTAssertEqual(HTMLText.plainText(fromText: "a \u{1} b"), "a b")
        XCTAssertEqual(HTMLText.plainText(fromText: "\u{1}a"), "a")
        XCTAssertEqual(HTMLText.plainText(fromText: "🎉 ok\u{200B}"), "🎉 ok\u{200B}", "a zero width space is not white space")
        XCTAssertEqual(HTMLText.plainText(fromText: ""), "")
    }

    func testAgreesWithTheRuleOnGeneratedInputs() {
        let pieces = [
            "a", "Z", "0", " ", "  ", "\t", "\n", "\r\n", "\u{0}", "\u{1B}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}",
            "\u{A0}", "é", "\u{1680}", "\u{2000}", "\u{200A}", "\u{200B}", "\u{2028}", "\u{202F}", "\u{205F}",
            "\u{3000}", "日", "ア", "한", "\u{E000}", "😀", "👨‍👩‍👧", "e\u{301}", "-", "&", "word", "\u{FEFF}",
        ]
        let seed: UInt64 = 0xC011_A95E
        var generator = SplitMix(seed: seed)
        for round in 0..<3000 {
            let length = Int.random(in: 0...12, using: &generator)
            let text = (0..<length).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            for startsPending in [false, true] {
                for prefix in ["", "x"] {
                    var expected = prefix
                    var expectedPending = startsPending
                    reference(text, output: &expected, pendingSpace: &expectedPending)
                    var actual = prefix
                    var actualPending = startsPending
                    HTMLText.appendCollapsed(text, to: &actual, pendingSpace: &actualPending)
                    let context = "seed \(seed), round \(round): \(text.unicodeScalars.map { String($0.value, radix: 16) })"
                    XCTAssertEqual(actual, expected, context)
                    XCTAssertEqual(actualPending, expectedPending, context)
                }
            }
        }
    }
}

extension PlainTextCollapseTests {
    func testMalformedBytesAreKeptAsReplacementCharacters() {
        let inputs: [[UInt8]] = [[0x61, 0xC2], [0x61, 0xE2, 0x80], [0xC2, 0x41, 0x42], [0xE3, 0x20, 0x41], [0xFF, 0x61]]
        for input in inputs {
            var output = ""
            var pending = false
            input.withUnsafeBufferPointer { HTMLText.appendCollapsed($0, to: &output, pendingSpace: &pending) }
            XCTAssertFalse(output.isEmpty, "\(input)")
            XCTAssertTrue(output.unicodeScalars.allSatisfy { $0 == "\u{FFFD}" || $0.isASCII }, "\(input): \(output)")
        }
    }
}
