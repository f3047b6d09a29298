import FeedHTML
import FeedModel
import Foundation
import XCTest

final class DateParserTests: XCTestCase {
    func testRealWorldTable() {
        XCTAssertGreaterThanOrEqual(dateParserCases.count, 150)
        for (text, expected) in dateParserCases {
            guard let date = DateParser.parse(text) else {
                XCTFail("could not parse \(text.debugDescription)")
                continue
            }
            XCTAssertEqual(date.timeIntervalSince1970, expected, accuracy: 0.0005, text.debugDescription)
        }
    }

    func testInvalidDatesAreNil() {
        for text in dateParserInvalidCases {
            XCTAssertNil(DateParser.parse(text), text.debugDescription)
        }
    }

    func testByteAndSubstringFormsAgreeWithString() {
        let text = "Sat, 28 Feb 2004 18:14:55 -0800"
        let expected = DateParser.parse(text)
        XCTAssertNotNil(expected)
        XCTAssertEqual(DateParser.parse(Array(text.utf8)), expected)
        let padded = "xx" + text + "yy"
        let inner = padded.dropFirst(2).dropLast(2)
        XCTAssertEqual(DateParser.parse(inner), expected)
        let viaPointer = Array(text.utf8).withUnsafeBufferPointer { DateParser.parse(bytes: $0) }
        XCTAssertEqual(viaPointer, expected)
    }

    func testRandomBytesNeverCrash() {
        var generator = DateFuzzRandom(seed: 0x7469_6469_6e67_73)
        let alphabet = Array("0123456789+-:.,TZ ()/abcdefghijklmnopqrstuvwxyzFebMarGMTESTé".utf8)
        var parsed = 0
        for round in 0..<20_000 {
            let length = Int(generator.next() % 40)
            var bytes: [UInt8] = []
            for _ in 0..<length {
                let value = generator.next()
                // Half the rounds use arbitrary bytes, half bytes that look like date parts.
                bytes.append(round % 2 == 0 ? UInt8(truncatingIfNeeded: value) : alphabet[Int(value % UInt64(alphabet.count))])
            }
            if let date = DateParser.parse(bytes) {
                parsed += 1
                XCTAssertTrue(date.timeIntervalSince1970.isFinite)
            }
        }
        // Mutations of valid dates: every prefix and every single-byte change.
        let seeds = ["Sat, 28 Feb 2004 18:14:55 -0800", "2004-02-28T18:14:55.123+05:30"]
        for seed in seeds {
            let bytes = Array(seed.utf8)
            for cut in 0...bytes.count { _ = DateParser.parse(Array(bytes[0..<cut])) }
            for index in bytes.indices {
                for replacement: UInt8 in [0, 0x2D, 0x39, 0xFF, 0x3A, 0x20] {
                    var mutated = bytes
                    mutated[index] = replacement
                    _ = DateParser.parse(mutated)
                }
            }
        }
        XCTAssertLessThan(parsed, 20_000)
    }

    func testLongInputIsRejected() {
        XCTAssertNil(DateParser.parse(String(repeating: "9", count: 10_000)))
        XCTAssertNil(DateParser.parse("Sat, 28 Feb 2004 18:14:55 GMT" + String(repeating: " x", count: 200)))
    }

}

/// A small deterministic generator so the fuzz rounds are reproducible.
struct DateFuzzRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
