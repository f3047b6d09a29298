import TidingsText
import XCTest

final class HTMLEntitiesTests: XCTestCase {
    func testLooksUpNamesCaseSensitively() {
        XCTAssertEqual(HTMLEntities.value(named: "amp"), "&")
        XCTAssertEqual(HTMLEntities.value(named: "eacute"), "é")
        XCTAssertEqual(HTMLEntities.value(named: "Eacute"), "É")
        XCTAssertEqual(HTMLEntities.value(named: "zwnj"), "\u{200C}")
        XCTAssertEqual(HTMLEntities.value(named: "AElig"), "Æ")
        XCTAssertEqual(HTMLEntities.value(named: "NotEqualTilde"), "\u{2242}\u{338}", "two code points")
        XCTAssertEqual(HTMLEntities.value(named: "xopf"), "\u{1D569}", "outside the BMP")
    }

    func testUnknownNamesAreNil() {
        XCTAssertNil(HTMLEntities.value(named: "notanentity"))
        XCTAssertNil(HTMLEntities.value(named: ""))
        XCTAssertNil(HTMLEntities.value(named: "EACUTE"))
        XCTAssertNil(HTMLEntities.value(named: "amp;"), "the name is given without its semicolon")
    }

    func testByteAndStringFormsAgree() {
        for name in ["hellip", "nbsp", "rsquo", "AMP", "zscr"] {
            let fromBytes = Array(name.utf8).withUnsafeBufferPointer { HTMLEntities.value(named: $0) }
            XCTAssertEqual(fromBytes, HTMLEntities.value(named: name), name)
            XCTAssertNotNil(fromBytes, name)
        }
    }
}
