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
