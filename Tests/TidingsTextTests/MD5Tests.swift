import TidingsText
import XCTest

/// The test suite of RFC 1321 (appendix A.5), plus the Fever key the FreshRSS test server computes.
final class MD5Tests: XCTestCase {
    func testRFC1321Vectors() {
        let vectors = [
            ("", "d41d8cd98f00b204e9800998ecf8427e"),
            ("a", "0cc175b9c0f1b6a831c399e269772661"),
            ("abc", "900150983cd24fb0d6963f7d28e17f72"),
            ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
            ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
            ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
            (String(repeating: "1234567890", count: 8), "57edf4a22be3c955ac49da2e2107b67a"),
        ]
        for (input, expected) in vectors {
            XCTAssertEqual(MD5.hex(input), expected, "MD5(\"\(input)\")")
        }
    }

    /// Lengths around the 56-byte padding boundary and several blocks, against known digests.
    func testPaddingBoundaries() {
        XCTAssertEqual(MD5.hex(String(repeating: "a", count: 55)), "ef1772b6dff9a122358552954ad0df65")
        XCTAssertEqual(MD5.hex(String(repeating: "a", count: 56)), "3b0c8ac703f828b04c6c197006d17218")
        XCTAssertEqual(MD5.hex(String(repeating: "a", count: 64)), "014842d480b571495a4a0363793f7367")
        XCTAssertEqual(MD5.hex("tidings:tidings-test"), "7f1a77d83b0e7e463ba5eaa58c6f2314")
        XCTAssertEqual(MD5.digest([0xff, 0x00]).count, 16)
    }
}
