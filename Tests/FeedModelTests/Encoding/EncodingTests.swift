import Foundation
import XCTest

@testable import FeedHTML
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

    func testUTF32InBothByteOrdersWithAndWithoutAByteOrderMark() throws {
        let expected = try ParserFixtures.text("enc-utf-32.xml.txt")
        for (file, encoding) in [
            ("enc-utf-32le.xml", "utf-32le"), ("enc-utf-32le-bom.xml", "utf-32le"),
            ("enc-utf-32be.xml", "utf-32be"), ("enc-utf-32be-bom.xml", "utf-32be"),
        ] {
            let feed = try ParserFixtures.feed(file)
            XCTAssertEqual(feed.encoding, encoding, file)
            XCTAssertEqual(feed.items.first?.title, expected, file)
            XCTAssertTrue(feed.wellformed, "\(file): \(feed.error ?? "")")
        }
    }

    private let detected = [
        "gb18030", "big5", "euc-jp", "shift_jis", "euc-kr", "koi8-r", "windows-1251", "windows-1252",
    ]

    func testUndeclaredLegacyEncodingsAreDetected() throws {
        for encoding in detected {
            let titles = try ParserFixtures.text("detect-\(encoding).xml.txt").split(separator: "\n").map(String.init)
            let feed = try ParserFixtures.feed("detect-\(encoding).xml")
            XCTAssertEqual(feed.encoding, encoding)
            XCTAssertEqual(feed.items.map(\.title), titles, encoding)
            XCTAssertEqual(feed.title, String(titles[0].prefix(12)).trimmingCharacters(in: .whitespaces), encoding)
            XCTAssertFalse(feed.wellformed, encoding)
            XCTAssertEqual(feed.error?.contains(encoding), true, feed.error ?? "")
        }
    }

    func testDetectionSurvivesOneByteChunks() throws {
        for encoding in ["shift_jis", "koi8-r", "windows-1252"] {
            let bytes = try ParserFixtures.bytes("detect-\(encoding).xml")
            var titles: [String?] = []
            let feed = try FeedParser.parse(chunks: bytes.map { [$0] }, onHeader: { _ in }, onItem: { titles.append($0.title) })
            XCTAssertEqual(feed.encoding, encoding)
            XCTAssertEqual(titles, try ParserFixtures.text("detect-\(encoding).xml.txt").split(separator: "\n").map(String.init))
        }
    }

    func testDetectorOnShortSamples() {
        func guess(_ text: String, _ encoding: String.Encoding) -> String {
            let bytes = [UInt8](text.data(using: encoding) ?? Data())
            return bytes.withUnsafeBufferPointer { EncodingDetector.detect($0) }
        }
        XCTAssertEqual(guess("Café crème brûlée", .windowsCP1252), "windows-1252")
        XCTAssertEqual(guess("“Quoted” – dash", .windowsCP1252), "windows-1252")
        XCTAssertEqual(guess("Новости дня", .windowsCP1251), "windows-1251")
        XCTAssertEqual(guess("日本語のニュース", .shiftJIS), "shift_jis")
        // 日本語のニュース in EUC-JP (Foundation on Linux has no EUC-JP encoder).
        let eucJP: [UInt8] = [0xC6, 0xFC, 0xCB, 0xDC, 0xB8, 0xEC, 0xA4, 0xCE, 0xA5, 0xCB, 0xA5, 0xE5, 0xA1, 0xBC, 0xA5, 0xB9]
        XCTAssertEqual(eucJP.withUnsafeBufferPointer { EncodingDetector.detect($0) }, "euc-jp")
    }

    func testUndeclaredUTF8StaysUTF8() throws {
        let feed = try ParserFixtures.parse("<rss version=\"2.0\"><channel><title>Grüße 東京</title></channel></rss>")
        XCTAssertEqual(feed.encoding, "utf-8")
        XCTAssertEqual(feed.title, "Grüße 東京")
        XCTAssertTrue(feed.wellformed, feed.error ?? "")
    }

    func testRawC1BytesInADeclaredISO88591FeedReadAsWindows1252() throws {
        let bytes = Array(#"<?xml version="1.0" encoding="iso-8859-1"?><rss version="2.0"><channel><item><title>"#.utf8)
            + [0x93, 0x48, 0x69, 0x94, 0x20, 0x96, 0x20, 0x64, 0x6F, 0x6E, 0x92, 0x74, 0x85] + Array("</title></item></channel></rss>".utf8)
        let feed = try FeedParser.parse(bytes)
        XCTAssertEqual(feed.items.first?.title, "“Hi” – don’t…")
        XCTAssertEqual(feed.encoding, "iso-8859-1")
    }

    func testJSONFeedInALegacyEncodingIsDetectedAndReported() throws {
        let text = "{\"version\": \"https://jsonfeed.org/version/1.1\", \"title\": \"Caf\u{E9} cr\u{E8}me \u{2013} \u{201C}menu\u{201D}\", \"items\": []}"
        let bytes = [UInt8](try XCTUnwrap(text.data(using: .windowsCP1252)))
        let feed = try FeedParser.parse(bytes)
        XCTAssertEqual(feed.title, "Café crème – “menu”")
        XCTAssertEqual(feed.encoding, "windows-1252")
        XCTAssertFalse(feed.wellformed)
    }
}
