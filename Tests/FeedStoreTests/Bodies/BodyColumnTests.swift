import Foundation
import GRDB
import XCTest

@testable import FeedStore

final class BodyColumnTests: XCTestCase {
    private static func stored(_ text: String) -> DatabaseValue {
        BodyColumn.encode(text)?.databaseValue ?? .null
    }

    func testCompressibleTextIsStoredAsAStreamAndReadBackExactly() throws {
        let text = String(repeating: "<p>Grüße aus Köln — 東京の天気 &amp; café</p>\n", count: 30)
        let value = Self.stored(text)
        guard case .blob(let data) = value.storage else { return XCTFail("expected a compressed BLOB, got \(value)") }
        XCTAssertLessThan(data.count, text.utf8.count / 2)
        let length = data.prefix(4).enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        XCTAssertEqual(length, text.utf8.count, "the header holds the UTF-8 length")
        XCTAssertEqual(BodyColumn.decode(value), text)
    }

    func testTextThatCompressionDoesNotShrinkStaysText() throws {
        // Printable ASCII in a pseudo-random order, a little over the length that is tried: the
        // stream's header, checksum and code tables outweigh what deflate saves.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var scalars = String.UnicodeScalarView()
        for _ in 0..<(BodyColumn.minimumCompressedLength + 20) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            scalars.append(Unicode.Scalar(UInt8(0x21 + (state >> 33) % 94)))
        }
        let text = String(scalars)
        XCTAssertEqual(Self.stored(text), text.databaseValue)
        XCTAssertEqual(BodyColumn.decode(Self.stored(text)), text)
        XCTAssertEqual(Self.stored("short <b>body</b>"), "short <b>body</b>".databaseValue, "short text is kept as it is")
    }

    func testBodiesCompressedOnManyThreadsAtOnceReadBackExactly() throws {
        let texts = (0..<64).map { index in
            String(repeating: "<li>item \(index) of a long list, again and again</li>", count: 20 + index)
        }
        let results = ThreadResults(count: texts.count)
        DispatchQueue.concurrentPerform(iterations: texts.count) { index in
            results.set(index, BodyColumn.decode(Self.stored(texts[index])))
        }
        XCTAssertEqual(results.values, texts)
    }
}

/// Results written by several threads, each to its own slot.
private final class ThreadResults: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [String?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: String?) { lock.withLock { slots[index] = value } }

    var values: [String?] { lock.withLock { slots } }
}
