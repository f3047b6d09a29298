import Foundation
import TestSupport
import XCTest

@testable import FeedModel

/// Documents built to hurt: entity bombs, external entities, endless streams, deep nesting, bad bytes.
final class HostileInputTests: XCTestCase {
    func testBillionLaughsIsRejectedQuickly() throws {
        var decl = "<!ENTITY lol0 \"lol\">"
        for i in 1...9 {
            decl += "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i - 1);", count: 10) + "\">"
        }
        let xml = "<?xml version=\"1.0\"?><!DOCTYPE rss [\(decl)]><rss version=\"2.0\"><channel><title>&lol9;</title></channel></rss>"
        XCTAssertThrowsError(try ParserFixtures.parse(xml)) { error in
            XCTAssertEqual(error as? FeedParseError, .entityExpansion(limit: FeedParserOptions().maxEntityExpansion))
        }
    }

    func testQuadraticBlowupIsRejected() throws {
        let big = String(repeating: "x", count: 50_000)
        let refs = String(repeating: "&big;", count: 50_000)
        let xml = "<?xml version=\"1.0\"?><!DOCTYPE rss [<!ENTITY big \"\(big)\">]><rss version=\"2.0\"><channel><title>\(refs)</title></channel></rss>"
        XCTAssertThrowsError(try ParserFixtures.parse(xml)) { error in
            guard case .entityExpansion = error as? FeedParseError else { return XCTFail("\(error)") }
        }
    }

    func testExternalEntityDoesNotLeakLocalFiles() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-secret-\(getpid()).txt")
        try "TOP-SECRET-CONTENT".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE rss [<!ENTITY xxe SYSTEM "file://\(secret.path)"><!ENTITY % pe SYSTEM "file://\(secret.path)">%pe;]>
            <rss version="2.0"><channel><title>t &xxe;</title><item><title>&xxe;</title><description>&xxe;</description></item></channel></rss>
            """
        let feed = try ParserFixtures.parse(xml)
        let output = String(decoding: JSONFeedWriter.document(for: feed, sanitize: false), as: UTF8.self)
        XCTAssertFalse(output.contains("TOP-SECRET"))
        XCTAssertEqual(feed.items.count, 1)
    }

    func testEndlessStreamStopsAtTheSizeLimit() throws {
        struct Endless: Sequence, IteratorProtocol {
            var produced = 0
            let limit: Int
            let item = Array(String(repeating: "<item><title>again and again</title><description>text</description></item>", count: 100).utf8)
            mutating func next() -> [UInt8]? {
                guard produced < limit else { return nil }
                if produced == 0 {
                    produced += 1
                    return Array("<rss version=\"2.0\"><channel><title>Endless</title>".utf8)
                }
                produced += item.count
                return item
            }
        }
        var stream = Endless(limit: 1 << 30)
        var seen = 0
        let options = FeedParserOptions(maxDocumentBytes: 4 << 20)
        var count = 0
        XCTAssertThrowsError(
            try FeedParser.parse(chunks: AnySequence { () -> AnyIterator<[UInt8]> in
                AnyIterator {
                    let next = stream.next()
                    seen += next?.count ?? 0
                    return next
                }
            }, options: options, onHeader: { _ in }, onItem: { _ in count += 1 })
        ) { error in
            XCTAssertEqual(error as? FeedParseError, .tooLarge(limit: 4 << 20))
        }
        XCTAssertLessThan(seen, (4 << 20) + 16_000, "reading stopped at the limit")
        XCTAssertGreaterThan(count, 10_000, "items were handed over while streaming")
    }

    func testTooManyItems() {
        let items = String(repeating: "<item><title>x</title></item>", count: 20)
        XCTAssertThrowsError(
            try FeedParser.parse(
                Array("<rss version=\"2.0\"><channel>\(items)</channel></rss>".utf8), options: FeedParserOptions(maxItems: 10))
        ) { error in
            XCTAssertEqual(error as? FeedParseError, .tooManyItems(limit: 10))
        }
    }

    func testTenThousandDeepNesting() {
        let xml = "<rss version=\"2.0\"><channel><item><title>ok</title></item>" + String(repeating: "<x>", count: 10_000)
            + String(repeating: "</x>", count: 10_000) + "</channel></rss>"
        XCTAssertThrowsError(try ParserFixtures.parse(xml)) { error in
            XCTAssertEqual(error as? FeedParseError, .tooDeep(limit: FeedParserOptions().maxDepth))
            XCTAssertTrue((error as? FeedParseError)?.description.contains("nested") == true)
        }
    }

    func testNULBytesAndControlCharactersDoNotEndTheParse() throws {
        var bytes = Array("<rss version=\"2.0\"><channel><item><title>a".utf8)
        bytes += [0x00, 0x1B, 0x5B, 0x33, 0x31, 0x6D, 0x07, 0x08]
        bytes += Array("b</title><description><![CDATA[c".utf8) + [0x1B, 0x00] + Array("d]]></description></item>".utf8)
        bytes += Array("<item><title>second</title></item></channel></rss>".utf8)
        let feed = try FeedParser.parse(bytes)
        XCTAssertEqual(feed.items.count, 2)
        XCTAssertEqual(feed.items[0].title, "a[31mb", "forbidden controls are dropped")
        XCTAssertEqual(feed.items[0].contentHTML, "cd")
        XCTAssertEqual(feed.items[1].title, "second")
        XCTAssertFalse(feed.wellformed)
    }

    /// Random bytes after the start of each format: the same bytes give the same feed or error every
    /// time, and a feed's titles hold no C0 control but white space.
    func testRandomBytesParseTheSameEachTimeWithCleanTitles() {
        let seed: UInt64 = 0x5EED_0109
        var generator = SplitMix(seed: seed)
        let starts = [
            "<rss version=\"2.0\"><channel><item><title>", "<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry>",
            "{\"version\":\"https://jsonfeed.org/version/1.1\",\"items\":[",
        ]
        var feeds = 0
        for round in 0..<300 {
            var bytes = Array(starts[round % starts.count].utf8)
            for _ in 0..<Int.random(in: 0..<400, using: &generator) { bytes.append(UInt8.random(in: 0...255, using: &generator)) }
            let context = "seed \(seed), round \(round): \(bytes)"
            let first = Result { () throws(FeedParseError) in try FeedParser.parse(bytes) }
            let again = Result { () throws(FeedParseError) in try FeedParser.parse(bytes) }
            XCTAssertEqual(first, again, "the same bytes, parsed twice; \(context)")
            guard case let .success(feed) = first else { continue }
            feeds += 1
            let json = feed.format == .jsonFeed10 || feed.format == .jsonFeed11
            for title in [feed.title] + feed.items.map(\.title) {
                guard let title else { continue }
                let control = title.unicodeScalars.first {
                    json ? $0 == "\u{0}" : $0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r"
                }
                XCTAssertNil(control, "a control character in the title \(title.debugDescription); \(context)")
            }
        }
        XCTAssertGreaterThan(feeds, 0, "seed \(seed): no input was recovered as a feed")
    }
}
