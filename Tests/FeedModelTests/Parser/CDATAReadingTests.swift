import XCTest

@testable import FeedModel

/// CDATA sections that lie whole in one chunk are read without libxml2 (`XMLFeedParser.deliverCDATA`);
/// sections cut by chunk boundaries are read by libxml2 as before. Parsing a document whole and in
/// small chunks must therefore give the same feed, error line included, whatever the sections hold.
final class CDATAReadingTests: XCTestCase {
    /// A body long enough to be read directly, over several lines, with markup, non-ASCII text and
    /// the near-closers `]]` and `]>`.
    private static let body = (1...6).map { "<p>Line \($0): caf\u{E9} \u{1F600} a]]b ]> &amp; x < y</p>" }
        .joined(separator: "\n")

    private func parseWhole(_ xml: String) -> Result<Feed, FeedParseError> {
        Result { () throws(FeedParseError) -> Feed in try FeedParser.parse(Array(xml.utf8)) }
    }

    /// In chunks of `size` bytes: no section of the body's length lies whole in one chunk.
    private func parseChunked(_ xml: String, size: Int) -> Result<Feed, FeedParseError> {
        let bytes = Array(xml.utf8)
        let chunks = stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
        return Result { () throws(FeedParseError) -> Feed in try FeedParser.parse(chunks: chunks) }
    }

    private func assertSameWholeAndChunked(_ xml: String, file: StaticString = #filePath, line: UInt = #line) {
        let whole = parseWhole(xml)
        for size in [7, 61] {
            XCTAssertEqual(whole, parseChunked(xml, size: size), "chunks of \(size)", file: file, line: line)
        }
    }

    func testBodyReadDirectlyEqualsBodyReadByLibxml2() throws {
        let xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>T</title>
            <item><title>one</title><description><![CDATA[\(Self.body)]]></description>
            <content:encoded><![CDATA[\(Self.body)]]><![CDATA[\(Self.body)]]></content:encoded></item>
            <item><title><![CDATA[\(Self.body)]]></title></item>
            </channel></rss>
            """
        let feed = try parseWhole(xml).get()
        XCTAssertTrue(feed.wellformed)
        XCTAssertEqual(feed.items.first?.summary, Self.body)
        XCTAssertEqual(feed.items.first?.contentHTML, Self.body + Self.body)
        assertSameWholeAndChunked(xml)
    }

    func testErrorLineAfterADirectlyReadSectionCountsItsLines() throws {
        let xml = """
            <rss version="2.0"><channel><title>T</title>
            <item><description><![CDATA[\(Self.body)]]></description>
            </wrong></item></channel></rss>
            """
        let feed = try parseWhole(xml).get()
        let lineOfError = xml.prefix(while: { $0 != "w" }).filter { $0 == "\n" }.count + 1
        XCTAssertFalse(feed.wellformed)
        XCTAssertEqual(feed.error?.hasPrefix("line \(lineOfError):"), true, feed.error ?? "no error")
        assertSameWholeAndChunked(xml)
    }

    func testSectionsXMLDoesNotAllowOrOutsideContentAreLeftToLibxml2() {
        let fffe = "\(Self.body)\u{FFFE}\(Self.body)"
        let cases = [
            // U+FFFE: libxml2 stops at it.
            "<rss version=\"2.0\"><channel><item><description><![CDATA[\(fffe)]]></description></item></channel></rss>",
            // Before the document element, and inside an attribute value.
            "<![CDATA[\(Self.body)]]><rss version=\"2.0\"><channel><item><title>t</title></item></channel></rss>",
            "<rss version=\"2.0\"><channel><item><title a=\"<![CDATA[\(Self.body)]]>\">t</title></item></channel></rss>",
            // In Atom XHTML content, where text is escaped into markup.
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><title>t</title><content type="xhtml"><div \
            xmlns="http://www.w3.org/1999/xhtml"><p><![CDATA[\(Self.body)]]></p></div></content></entry></feed>
            """,
            // Carriage returns, which libxml2 hands on as they are inside CDATA.
            "<rss version=\"2.0\"><channel><item><description><![CDATA[\(Self.body.replacingOccurrences(of: "\n", with: "\r\n"))]]></description></item></channel></rss>",
        ]
        for xml in cases { assertSameWholeAndChunked(xml) }
    }

    /// A section longer than libxml2 holds unread (10 MB) makes it give up ("Huge input lookup") when
    /// pushed in pieces; read directly when whole it would not, so such a section is left to libxml2
    /// either way. (The line libxml2 names then depends on the pieces, as it did before.) The document
    /// is then not read to its end: it is not complete.
    func testSectionBeyondLibxml2sLookupLimitIsLeftToLibxml2() throws {
        let line = "<p>caf\u{E9} words</p>\n"
        let body = String(repeating: line, count: 10_500_000 / line.utf8.count)
        let xml = """
            <?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>T</title><item>\
            <title>a</title><description><![CDATA[\(body)]]></description></item></channel></rss>
            """
        let whole = try parseWhole(xml).get()
        let chunked = try parseChunked(xml, size: 1 << 18).get()
        XCTAssertEqual(whole.items, chunked.items)
        // libxml2 stops there, before the root element closes: the item then open is not kept.
        XCTAssertFalse(whole.isComplete)
        XCTAssertFalse(chunked.isComplete)
        XCTAssertEqual(whole.items, [])
        XCTAssertEqual(whole.error?.hasSuffix("Huge input lookup"), true, whole.error ?? "no error")
        XCTAssertEqual(chunked.error?.hasSuffix("Huge input lookup"), true, chunked.error ?? "no error")
    }
}
