import Foundation
import XCTest

@testable import FeedModel

/// Encoding labels in the spellings real feeds use (WHATWG labels, underscores for hyphens, EBCDIC
/// and DOS code pages), from fixtures whose bytes Python's codecs wrote (make_encoding_labels.py).
final class EncodingLabelTests: XCTestCase {
    func testEveryLabelDecodesToTheTextItsCodecWrote() throws {
        let labels = try ParserFixtures.text("labels.txt").split(separator: "\n").map(String.init)
        XCTAssertGreaterThan(labels.count, 15)
        for label in labels {
            let expected = try ParserFixtures.text("label-\(label).xml.txt")
            let feed = try ParserFixtures.feed("label-\(label).xml")
            XCTAssertEqual(feed.items.first?.title, expected, label)
            XCTAssertEqual(feed.items.first?.contentHTML, expected, label)
            XCTAssertEqual(feed.title, "Labels", label)
            XCTAssertTrue(feed.wellformed, "\(label): \(feed.error ?? "")")
        }
    }

    func testLabelsNameTheEncodingTheyMean() throws {
        let names = [
            "windows_1252": "windows-1252", "x-mac-roman": "macintosh", "cp037": "ibm037", "ebcdic-cp-be": "ibm500",
            "cp_is": "ibm861", "ibm437": "ibm437", "iso_8859_15": "iso-8859-15", "ks_c_5601-1987": "euc-kr",
        ]
        for (label, name) in names {
            XCTAssertEqual(try ParserFixtures.feed("label-\(label).xml").encoding, name, label)
        }
    }

    func testWindows1252WithAnUnderscoreIsNotReadAsUTF8() throws {
        let text = "\u{201C}Smart quotes\u{201D} \u{2013} and \u{20AC} too"
        let feed = try ParserFixtures.feed("label-windows_1252.xml")
        XCTAssertEqual(feed.items.first?.title, text)
        XCTAssertFalse(feed.items.first?.title?.contains("\u{FFFD}") ?? true)
    }

    func testAnEBCDICDocumentSurvivesOneByteChunks() throws {
        let bytes = try ParserFixtures.bytes("label-cp037.xml")
        var titles: [String?] = []
        _ = try FeedParser.parse(chunks: bytes.map { [$0] }, onHeader: { _ in }, onItem: { titles.append($0.title) })
        XCTAssertEqual(titles, [try ParserFixtures.text("label-cp037.xml.txt")])
    }
}
