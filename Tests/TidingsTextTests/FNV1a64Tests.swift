import TidingsText
import XCTest

/// The hashes are stored in users' databases (article identities, content hashes): these values must
/// never change.
final class FNV1a64Tests: XCTestCase {
    private func hash(_ text: String) -> UInt64 {
        var hash = FNV1a64()
        hash.add(bytes: text.utf8)
        return hash.value
    }

    func testPublishedTestVectors() {
        XCTAssertEqual(hash(""), 0xcbf2_9ce4_8422_2325)
        XCTAssertEqual(hash("a"), 0xaf63_dc4c_8601_ec8c)
        XCTAssertEqual(hash("foobar"), 0x8594_4171_f739_67e8)
    }

    func testByteByByteEqualsBytes() {
        var one = FNV1a64()
        for byte in "foobar".utf8 { one.add(byte: byte) }
        XCTAssertEqual(one.value, hash("foobar"))
    }

    /// The values of long, non-ASCII, small (inline) and array inputs, read through contiguous storage,
    /// are those of the byte-at-a-time definition (computed apart from this code).
    func testContiguousInputsArePinned() {
        let long = String(repeating: "Grüße aus Zürich — 日本語のタイトル ", count: 20)
        XCTAssertEqual(long.utf8.count, 980)
        XCTAssertEqual(hash(long), 0x3ba1_6c7f_775d_09e1)
        XCTAssertEqual(hash("https://example.com/feed"), 0x0830_a445_99c5_2020)
        var bytes = FNV1a64()
        bytes.add(bytes: Array((0...255).map(UInt8.init)) + Array((0...255).map(UInt8.init)) + (0...255).map(UInt8.init))
        XCTAssertEqual(bytes.value, 0x4f33_c513_c2e9_5c25)
    }

    /// A sequence without contiguous storage takes the byte-at-a-time path: the same value.
    func testSequencePathEqualsContiguousPath() {
        let text = String(repeating: "Grüße aus Zürich — 日本語のタイトル ", count: 20)
        var lazy = FNV1a64()
        lazy.add(bytes: text.utf8.lazy.map { $0 })
        XCTAssertEqual(lazy.value, hash(text))
        var substring = FNV1a64()
        substring.add(bytes: text.dropFirst(3).dropLast(2).utf8)
        XCTAssertEqual(substring.value, hash(String(text.dropFirst(3).dropLast(2))))
        var buffer = FNV1a64()
        Array(text.utf8).withUnsafeBufferPointer { buffer.add(bytes: $0) }
        XCTAssertEqual(buffer.value, hash(text))
    }

    func testFieldFramingIsPinned() {
        var hash = FNV1a64()
        hash.add(field: "Café")
        hash.add(field: 1.0e9)
        hash.add(field: nil as String?)
        XCTAssertEqual(hash.hex, "d684116dc3d1a3a5")
        XCTAssertEqual(hash.signed, Int64(bitPattern: 0xd684_116d_c3d1_a3a5))
    }

    func testFieldsAreSeparated() {
        var a = FNV1a64()
        a.add(field: "ab")
        a.add(field: "c")
        var b = FNV1a64()
        b.add(field: "a")
        b.add(field: "bc")
        XCTAssertNotEqual(a.value, b.value)
        var none = FNV1a64()
        none.add(field: nil as String?)
        var empty = FNV1a64()
        empty.add(field: "")
        XCTAssertNotEqual(none.value, empty.value)
    }

    func testHexIsSixteenDigits() {
        XCTAssertEqual(hash("10"), 0x07f8_9207_b4ba_08a4)
        var hash = FNV1a64()
        hash.add(bytes: "10".utf8)
        XCTAssertEqual(hash.hex, "07f89207b4ba08a4")
    }
}
