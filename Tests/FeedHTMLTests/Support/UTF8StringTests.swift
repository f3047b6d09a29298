import XCTest

@testable import FeedHTML
@testable import FeedModel

/// `UTF8String` and `XMLCharacters` check bytes sixteen, thirty-two or sixty-four at a time in C; their
/// answers must be those of Swift's own UTF-8 validation and of XML 1.0's `Char` production on every
/// input, whatever block boundary a sequence falls on.
final class UTF8StringTests: XCTestCase {
    /// A small deterministic generator, so that a failure can be repeated.
    private struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// Pieces of well-formed and ill-formed UTF-8 of every kind the validator tells apart.
    private static func piece(_ g: inout Generator) -> [UInt8] {
        switch g.next(14) {
        case 0, 1, 2, 3: return [UInt8(g.next(0x80))]
        case 4: return Array(String(UnicodeScalar(UInt8(0x80 + g.next(0x80)))).utf8)
        case 5: return Array(String(Character(UnicodeScalar(UInt32(0x800 + g.next(0xD000 - 0x800)))!)).utf8)
        case 6: return Array(String(Character(UnicodeScalar(UInt32(0xE000 + g.next(0x2000)))!)).utf8)
        case 7: return Array(String(Character(UnicodeScalar(UInt32(0x10000 + g.next(0x100000)))!)).utf8)
        case 8: return [0xEF, 0xBF, [0xBD, 0xBE, 0xBF][g.next(3)]]
        case 9: return [UInt8(0x80 + g.next(0x40))]
        case 10: return [[0xC0, 0xC1, 0xF5, 0xFF][g.next(4)], UInt8(0x80 + g.next(0x40))]
        case 11: return [[0xE0, 0xED][g.next(2)], UInt8(0x80 + g.next(0x40)), 0x80]
        case 12: return [[0xF0, 0xF4][g.next(2)], UInt8(0x80 + g.next(0x40)), 0x80, 0x80]
        default: return Array([0xE2, 0x82, 0xAC].prefix(1 + g.next(2)))
        }
    }

    /// XML 1.0 `Char`: tab, line feed, carriage return, and U+0020 up except surrogates, U+FFFE, U+FFFF.
    private static func isXMLChar(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    private func check(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let swift = String(validating: bytes, as: UTF8.self)
        bytes.withUnsafeBufferPointer { buffer in
            XCTAssertEqual(UTF8String.isValid(buffer), swift != nil, "\(bytes)", file: file, line: line)
            XCTAssertEqual(UTF8String.make(buffer), String(decoding: buffer, as: UTF8.self), "\(bytes)", file: file, line: line)
            let plain = swift.map { $0.unicodeScalars.allSatisfy(Self.isXMLChar) } ?? false
            XCTAssertEqual(XMLCharacters.arePlain(buffer), plain, "\(bytes)", file: file, line: line)
        }
    }

    func testAgreesWithSwiftOnMixedPieces() {
        var g = Generator(state: 11)
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            let pieces = 1 + g.next(40)
            // Mostly valid text with at most one bad piece, so that every kind of error is met at every offset.
            let bad = g.next(2) == 0 ? g.next(pieces) : -1
            for k in 0..<pieces {
                var p = Self.piece(&g)
                if k != bad { while String(validating: p, as: UTF8.self) == nil { p = Self.piece(&g) } }
                bytes += p
            }
            check(bytes)
        }
    }

    func testLongTextWithOneBadByteLateOrAtTheEnd() {
        let text = Array(String(repeating: "caf\u{E9} \u{1F600} plain words ", count: 200).utf8)
        check(text)
        for at in [1030, 2047, 2048, text.count - 1] {
            var bytes = text
            bytes[at] = 0xFF
            check(bytes)
        }
        check(text + [0xF0, 0x9F, 0x98])
        check([])
    }

    /// A control XML forbids is found at any offset of a text long enough for the wide scan (256 bytes
    /// and more, 64 a step), and the tabs, line feeds and carriage returns around it are passed over.
    func testForbiddenControlAtEveryOffsetOfALongText() {
        let text = Array(String(repeating: "line\tone\r\nligne d\u{E9}j\u{E0} vue\n", count: 16).utf8)
        XCTAssertGreaterThan(text.count, 256)
        check(text)
        for at in text.indices {
            for control: UInt8 in [0x00, 0x08, 0x0B, 0x1F] {
                var bytes = text
                bytes[at] = control
                check(bytes)
            }
        }
    }
}
