import Foundation
import XCTest

@testable import FeedModel

/// A document cut off before its root element (JSON Feed: its top-level object) closed is reported
/// as not complete (`Feed.isComplete`), and holds only items that closed before the cut, each equal
/// to the same item read from the whole document: none open at the cut, none cut short. Checked at
/// every byte of RSS 2.0, RSS 1.0, Atom and JSON Feed documents, whole and in chunks.
final class CutOffDocumentTests: XCTestCase {
    /// Parses every prefix of the fixture `name` and checks the rule above; `itemEnd` is the end tag
    /// of an item, `rootEnd` the document element's end tag.
    private func checkEveryCut(
        _ name: String, itemEnd: String, rootEnd: String, stride step: Int = 1,
        options: FeedParserOptions = .init(), chunkSize: Int? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let bytes = try ParserFixtures.bytes(name)
        let whole = try FeedParser.parse(bytes, options: options)
        XCTAssertTrue(whole.isComplete, name, file: file, line: line)
        XCTAssertGreaterThan(whole.items.count, 1, name, file: file, line: line)
        let rootEndAt = try XCTUnwrap(bytes.lastPlace(of: Array(rootEnd.utf8))?.lowerBound, file: file, line: line)
        let itemEnds = bytes.places(of: Array(itemEnd.utf8))
        var cutOff = 0
        for cut in Swift.stride(from: 1, to: bytes.count, by: step) {
            let part = Array(bytes[..<cut])
            let feed: Feed
            do {
                feed = try chunkSize.map { try FeedParser.parse(chunks: Self.pieces(part, $0), options: options) }
                    ?? FeedParser.parse(part, options: options)
            } catch {
                // Only a cut before the first item ends may leave no feed at all.
                XCTAssertLessThan(cut, itemEnds.first?.lowerBound ?? 0, "\(name) cut at \(cut): \(error)", file: file, line: line)
                continue
            }
            let label = "\(name) cut at \(cut) of \(bytes.count)"
            if cut <= rootEndAt + 1 {
                XCTAssertFalse(feed.isComplete, label, file: file, line: line)
                XCTAssertFalse(feed.wellformed, label, file: file, line: line)
                XCTAssertNotNil(feed.error, label, file: file, line: line)
            } else if cut >= rootEndAt + rootEnd.utf8.count {
                XCTAssertTrue(feed.isComplete, label, file: file, line: line)
            }
            if !feed.isComplete {
                cutOff += 1
                let closed = itemEnds.count { $0.upperBound <= cut }
                // An item whose end tag the cut goes through has all its content: libxml2 closes it.
                let inEndTag = itemEnds.contains { $0.lowerBound + 2 <= cut && cut < $0.upperBound }
                XCTAssertTrue(
                    feed.items.count == closed || (inEndTag && feed.items.count == closed + 1),
                    "\(label): \(feed.items.count) items, \(closed) closed", file: file, line: line)
            }
            XCTAssertEqual(feed.items, Array(whole.items.prefix(feed.items.count)), label, file: file, line: line)
            if feed.items != Array(whole.items.prefix(feed.items.count)) { return }
        }
        XCTAssertGreaterThan(cutOff, 0, name, file: file, line: line)
    }

    private static func pieces(_ bytes: [UInt8], _ size: Int) -> [[UInt8]] {
        Swift.stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min(bytes.count, $0 + size)]) }
    }

    func testRSS20CutAnywhereKeepsOnlyClosedItems() throws {
        try checkEveryCut("rss20-full.xml", itemEnd: "</item>", rootEnd: "</rss>")
    }

    func testRSS10CutAnywhereKeepsOnlyClosedItems() throws {
        try checkEveryCut("rss10-full.rdf", itemEnd: "</item>", rootEnd: "</rdf:RDF>")
    }

    func testAtomCutAnywhereKeepsOnlyClosedEntries() throws {
        try checkEveryCut("atom10-full.xml", itemEnd: "</entry>", rootEnd: "</feed>")
        try checkEveryCut("atom03-full.xml", itemEnd: "</entry>", rootEnd: "</feed>")
    }

    /// The same whatever path the text takes (libxml2 alone, or the direct readers) and however the
    /// cut document arrives in chunks.
    func testCutDocumentsReadTheSameInChunksAndWithoutTheDirectReaders() throws {
        let plain = FeedParserOptions(readsTextDirectly: false)
        try checkEveryCut("rss20-full.xml", itemEnd: "</item>", rootEnd: "</rss>", stride: 3, options: plain)
        try checkEveryCut("atom10-full.xml", itemEnd: "</entry>", rootEnd: "</feed>", stride: 3, options: plain)
        for size in [1, 7, 300] {
            try checkEveryCut("rss20-full.xml", itemEnd: "</item>", rootEnd: "</rss>", stride: 5, chunkSize: size)
        }
    }

    func testJSONFeedCutAnywhereKeepsOnlyClosedItems() throws {
        let bytes = try ParserFixtures.bytes("json11.json")
        let whole = try FeedParser.parse(bytes)
        XCTAssertTrue(whole.isComplete)
        XCTAssertEqual(whole.items.count, 2)
        let last = try XCTUnwrap(bytes.lastIndex(of: UInt8(ascii: "}")))
        var recovered = 0
        for cut in 1..<bytes.count {
            let label = "json11.json cut at \(cut)"
            let feed: Feed
            do {
                feed = try FeedParser.parse(Array(bytes[..<cut]))
            } catch {
                guard case .notAFeed = error else { return XCTFail("\(label): \(error)") }
                continue
            }
            XCTAssertEqual(feed.isComplete, cut > last, label)
            if !feed.isComplete {
                recovered += 1
                XCTAssertFalse(feed.wellformed, label)
                XCTAssertEqual(feed.error, "the document ends before its top-level object closes", label)
            }
            XCTAssertEqual(feed.items, Array(whole.items.prefix(feed.items.count)), label)
        }
        XCTAssertGreaterThan(recovered, 100)
    }

    func testJSONFeedCutInsideTheSecondItemKeepsTheFirst() throws {
        let document = """
            {"version": "https://jsonfeed.org/version/1.1", "title": "J", "items": [
              {"id": "1", "title": "One", "content_html": "<p>a, b] and {c}</p>", "tags": ["x", "y"]},
              {"id": "2", "title": "Two", "content_html": "<p>the whole sto
            """
        let feed = try FeedParser.parse(Array(document.utf8))
        XCTAssertFalse(feed.isComplete)
        XCTAssertEqual(feed.title, "J")
        XCTAssertEqual(feed.items.map(\.id), ["1"])
        XCTAssertEqual(feed.items.first?.contentHTML, "<p>a, b] and {c}</p>")
        XCTAssertEqual(feed.items.first?.categories.map(\.term), ["x", "y"])
        // Cut before any item closed: the header alone.
        let early = try FeedParser.parse(Array(document.utf8.prefix(80)))
        XCTAssertFalse(early.isComplete)
        XCTAssertEqual(early.items, [])
        // A whole document that is malformed otherwise is not a cut one.
        let malformed = try? FeedParser.parse(Array(#"{"version": "https://jsonfeed.org/version/1.1", "items": [}] }"#.utf8))
        XCTAssertNil(malformed)
    }

    func testCutInsideACDATASectionDropsThatItem() throws {
        let document = """
            <?xml version="1.0"?><rss version="2.0"><channel><title>C</title>
            <item><guid>a</guid><title>A</title><description><![CDATA[<p>whole</p>]]></description></item>
            <item><guid>b</guid><title>B</title><description><![CDATA[<p>a long story that the server cut
            """
        let feed = try FeedParser.parse(Array(document.utf8))
        XCTAssertFalse(feed.isComplete)
        XCTAssertFalse(feed.wellformed)
        XCTAssertEqual(feed.items.map(\.id), ["a"])
        XCTAssertEqual(feed.items.first?.contentHTML, "<p>whole</p>")
    }

    func testCutInsideAnAtomEntryDropsThatEntry() throws {
        let document = """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>E</title><id>urn:e</id>
            <entry><id>urn:e:1</id><title>One</title><content type="html">&lt;p&gt;one&lt;/p&gt;</content></entry>
            <entry><id>urn:e:2</id><title>Two</title><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>half
            """
        var handed: [String?] = []
        let feed = try FeedParser.parse(
            chunks: [Array(document.utf8)], onHeader: { _ in }, onItem: { handed.append($0.id) })
        XCTAssertFalse(feed.isComplete)
        XCTAssertEqual(handed, ["urn:e:1"], "the streaming form hands over no entry open at the cut")
    }

    /// Malformed nesting that still reaches the root's end tag, or comments after it, is a whole
    /// document: not well-formed, but complete, and its items are kept as before.
    func testAWholeDocumentWithBadNestingOrATrailingCommentIsComplete() throws {
        let nested = try FeedParser.parse(Array(
            "<rss version=\"2.0\"><channel><item><guid>a</guid></item><item><guid>b</guid></channel></rss>".utf8))
        XCTAssertTrue(nested.isComplete)
        XCTAssertFalse(nested.wellformed)
        XCTAssertEqual(nested.items.map(\.id), ["a", "b"])
        let unclosedChannel = try FeedParser.parse(Array(
            "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns=\"http://purl.org/rss/1.0/\"><channel><title>R</title></rdf:RDF>".utf8))
        XCTAssertTrue(unclosedChannel.isComplete)
        let commented = try FeedParser.parse(Array(
            "<rss version=\"2.0\"><channel><item><guid>a</guid></item></channel></rss>\n<!-- served by a cache -->\n".utf8))
        XCTAssertTrue(commented.isComplete)
        XCTAssertTrue(commented.wellformed)
    }

    /// `parse`'s JSON says so: `_tidings.complete` is false for a cut-off document, and left out otherwise.
    func testTheJSONOutputMarksACutOffDocument() throws {
        let controller = ParseControllerShim()
        let cut = try controller.json(Array("<rss version=\"2.0\"><channel><item><guid>a</guid></item><item><guid>b".utf8))
        let tidings = try XCTUnwrap(cut["_tidings"] as? [String: Any])
        XCTAssertEqual(tidings["complete"] as? Bool, false)
        XCTAssertEqual((cut["items"] as? [Any])?.count, 1)
        let whole = try controller.json(Array("<rss version=\"2.0\"><channel><item><guid>a</guid></item></channel></rss>".utf8))
        XCTAssertNil((whole["_tidings"] as? [String: Any])?["complete"])
    }
}

/// `FeedParser` and `JSONFeedWriter` as `tidings parse` chains them, read back as JSON.
private struct ParseControllerShim {
    func json(_ bytes: [UInt8]) throws -> [String: Any] {
        let feed = try FeedParser.parse(bytes)
        let out = JSONFeedWriter.document(for: feed)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out)) as? [String: Any])
    }
}

extension Array where Element == UInt8 {
    /// Every place `needle` occurs, in order.
    fileprivate func places(of needle: [UInt8]) -> [Range<Int>] {
        guard !needle.isEmpty, needle.count <= count else { return [] }
        return (0...(count - needle.count)).filter { self[$0..<($0 + needle.count)].elementsEqual(needle) }
            .map { $0..<($0 + needle.count) }
    }

    fileprivate func lastPlace(of needle: [UInt8]) -> Range<Int>? {
        places(of: needle).last
    }
}
