@testable import ReaderControllers
import XCTest

/// What `FileKind` tells from a file's first bytes: the kinds an output must not replace unasked.
final class FileKindTests: XCTestCase {
    private func kind(_ text: String, complete: Bool = true) -> FileKind {
        FileKind.of(head: Array(text.utf8), complete: complete)
    }

    func testKindsByTheirFirstBytes() {
        XCTAssertEqual(FileKind.of(head: Array("SQLite format 3\0".utf8) + [0, 16, 2, 2], complete: false), .sqlite)
        XCTAssertEqual(kind("<?xml version=\"1.0\"?>\n<!-- mine -->\n<opml version=\"2.0\"><body/></opml>"), .opml)
        XCTAssertEqual(kind("\u{FEFF}<?xml version=\"1.0\"?><?xml-stylesheet href=\"a.xsl\"?><rss version=\"2.0\">"), .rss)
        XCTAssertEqual(kind("<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"), .rss)
        XCTAssertEqual(kind("<?xml version=\"1.0\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">"), .atom)
        XCTAssertEqual(kind("<!DOCTYPE html>\n<html lang=\"en\">"), .html)
        XCTAssertEqual(kind("  <HTML><body>"), .html)
        XCTAssertEqual(kind("<?xml version=\"1.0\"?><svg/>"), .xml)
        XCTAssertEqual(kind("\n{\"version\": \"https://jsonfeed.org/version/1.1\"}"), .json)
        XCTAssertEqual(kind("date,feed,feed_url,title\n"), .text)
        XCTAssertEqual(kind("## Feed\n- [Title](<https://a.example/>)\n"), .text)
        XCTAssertEqual(FileKind.of(head: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0], complete: true), .binary)
        XCTAssertEqual(FileKind.of(head: [0x61, 0xFF, 0x62], complete: true), .binary)
    }

    /// A read that ends inside a multi-byte character still reads as text.
    func testACharacterCutByTheReadIsText() {
        let bytes = Array("café".utf8)
        XCTAssertEqual(FileKind.of(head: Array(bytes.dropLast()), complete: false), .text)
        XCTAssertEqual(FileKind.of(head: Array(bytes.dropLast()), complete: true), .binary)
    }
}
