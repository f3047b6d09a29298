import XCTest

@testable import FeedModel

/// Every supported encoding, from fixtures whose bytes Python's codecs wrote (make_encodings.py).
final class EncodingTests: XCTestCase {
    private let encodings = [
        "utf-8", "utf-16le", "utf-16be", "iso-8859-1", "iso-8859-2", "iso-8859-5", "iso-8859-7", "iso-8859-15",
        "windows-1250", "windows-1251", "windows-1252", "windows-1253", "windows-1254", "windows-1255",
        "windows-1256", "windows-1257", "windows-1258", "koi8-r", "shift_jis", "euc-jp", "gb2312", "gbk",
        "gb18030", "big5",
    ]

    func testEveryEncodingDecodesToTheSameText() throws {
        for encoding in encodings {
            let expected = try ParserFixtures.text("enc-\(encoding).xml.txt")
            let feed = try ParserFixtures.feed("enc-\(encoding).xml")
            XCTAssertEqual(feed.encoding, encoding)
            XCTAssertEqual(feed.items.first?.title, expected, encoding)
            XCTAssertEqual(feed.items.first?.contentHTML, expected, encoding)
            XCTAssertTrue(feed.wellformed, "\(encoding): \(feed.error ?? "")")
        }
    }

    func testEncodingsSurviveOneByteChunks() throws {
        for encoding in ["utf-8", "utf-16le", "shift_jis", "gb18030"] {
            let bytes = try ParserFixtures.bytes("enc-\(encoding).xml")
            var titles: [String?] = []
            _ = try FeedParser.parse(chunks: bytes.map { [$0] }, onHeader: { _ in }, onItem: { titles.append($0.title) })
            XCTAssertEqual(titles, [try ParserFixtures.text("enc-\(encoding).xml.txt")], encoding)
        }
    }

    func testCharsetHintDecidesWhenTheDocumentIsSilent() throws {
        let feed = try ParserFixtures.feed("enc-hint-koi8-r.xml", charset: "KOI8-R")
        XCTAssertEqual(feed.encoding, "koi8-r")
        XCTAssertEqual(feed.items.first?.title, "Привет, мир")
    }

    func testCharsetHintWinsOverTheDeclaration() throws {
        let bytes = Array(#"<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><item><title>caf"#.utf8)
            + [0xE9] + Array("</title></item></channel></rss>".utf8)
        let feed = try FeedParser.parse(bytes, charset: "iso-8859-1")
        XCTAssertEqual(feed.encoding, "iso-8859-1")
        XCTAssertEqual(feed.items.first?.title, "café")
    }

    func testInvalidUTF8KeepsTheRestOfTheFeed() throws {
        let feed = try ParserFixtures.feed("enc-invalid-utf8.xml")
        XCTAssertEqual(feed.items.map(\.title), ["before \u{FFFD}\u{FFFD} after", "second é item"])
        XCTAssertFalse(feed.wellformed)
        XCTAssertNotNil(feed.error)
    }

    func testISO88591BytesInTheC1RangeReadAsWindows1252() throws {
        let bytes = Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><item><title>"#.utf8)
            + [0x93, 0x71, 0x94] + Array("</title></item></channel></rss>".utf8)
        XCTAssertEqual(try FeedParser.parse(bytes).items.first?.title, "“q”")
    }

    func testUnknownEncodingFallsBackToUTF8() throws {
        let xml = #"<?xml version="1.0" encoding="x-no-such-charset"?><rss version="2.0"><channel><title>é</title></channel></rss>"#
        let feed = try ParserFixtures.parse(xml)
        XCTAssertEqual(feed.title, "é")
        XCTAssertEqual(feed.encoding, "utf-8")
    }
}
