import XCTest

@testable import FeedHTML
@testable import FeedModel

/// Entities: XML's own, HTML named references XML does not declare, numeric references, double escaping.
final class EntityTests: XCTestCase {
    private func title(_ raw: String) throws -> String? {
        try ParserFixtures.parse("<rss version=\"2.0\"><channel><item><title>\(raw)</title></item></channel></rss>")
            .items.first?.title
    }

    func testPredefinedAndNumericEntities() throws {
        XCTAssertEqual(try title("a &lt; b &gt; &amp; &quot;c&quot; &apos;d&apos;"), "a < b > & \"c\" 'd'")
        XCTAssertEqual(try title("&#233;&#xE9;&#x1F680;"), "éé🚀")
    }

    func testHTMLNamedEntitiesAreDecoded() throws {
        XCTAssertEqual(try title("caf&eacute;&nbsp;&mdash;&hellip;&euro;&copy;"), "café\u{A0}—…€©")
    }

    func testHTMLEntityMarksTheDocumentNotWellFormed() throws {
        let feed = try ParserFixtures.parse("<rss version=\"2.0\"><channel><title>a&nbsp;b</title></channel></rss>")
        XCTAssertFalse(feed.wellformed)
        XCTAssertEqual(feed.error?.contains("nbsp"), true)
    }

    func testUnknownEntityStaysLiteralTextWithoutLosingTheItem() throws {
        let feed = try ParserFixtures.parse(
            "<rss version=\"2.0\"><channel><item><title>x &bogus; y</title></item><item><title>next</title></item></channel></rss>")
        XCTAssertEqual(feed.items.count, 2)
        XCTAssertEqual(feed.items[0].title, "x &bogus; y")
        XCTAssertEqual(feed.items[1].title, "next")
        XCTAssertFalse(feed.wellformed)
        XCTAssertEqual(feed.error?.contains("bogus"), true)
    }

    func testDoubleEscapedTitles() throws {
        XCTAssertEqual(try title("AT&amp;amp;T"), "AT&T")
        XCTAssertEqual(try title("Don&amp;#8217;t"), "Don\u{2019}t")
        XCTAssertEqual(try title("<![CDATA[Tom &amp; Jerry]]>"), "Tom & Jerry")
        XCTAssertEqual(try title("a &amp; b"), "a & b")
    }

    func testDeclaredEntitiesExpand() throws {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE rss [<!ENTITY site "Harbour &amp; Co"><!ENTITY full "&site; News">]>
            <rss version="2.0"><channel><title>&full;</title></channel></rss>
            """
        XCTAssertEqual(try ParserFixtures.parse(xml).title, "Harbour & Co News")
    }

    func testUnknownAndOutOfRangeReferences() {
        XCTAssertEqual(EntityDecoder.decode("&lt;&unknown;&#0;&#x110000;"), "<&unknown;\u{FFFD}\u{FFFD}")
    }

    // MARK: References as browsers read them

    private func feed(_ body: String) throws -> Feed {
        try ParserFixtures.parse("<rss version=\"2.0\"><channel>\(body)</channel></rss>")
    }

    func testBareAmpersandsAreKeptAndLaterEntitiesStillDecode() throws {
        let feed = try feed(
            "<link>http://x.test/?a=1&b=2</link><item><title>Q&A: fish &amp; chips</title>"
                + "<link>http://x.test/p?id=3&amp;s=4</link><enclosure url=\"http://x.test/a.mp3?x=1&y=2\" type=\"audio/mpeg\"/>"
                + "</item>")
        XCTAssertEqual(feed.homePageURL, "http://x.test/?a=1&b=2")
        XCTAssertEqual(feed.items.first?.title, "Q&A: fish & chips")
        XCTAssertEqual(feed.items.first?.url, "http://x.test/p?id=3&s=4")
        XCTAssertEqual(feed.items.first?.attachments.first?.url, "http://x.test/a.mp3?x=1&y=2")
        XCTAssertFalse(feed.wellformed)
        XCTAssertEqual(feed.error?.contains("'&'"), true, feed.error ?? "")
    }

    func testAmpersandsInCDATAAndCommentsAreLeftAlone() throws {
        let feed = try feed(
            "<!-- a & b --><item><description><![CDATA[<a href=\"?a=1&b=2\">Q&A</a> &amp;]]></description></item>")
        XCTAssertEqual(feed.items.first?.contentHTML, "<a href=\"?a=1&b=2\">Q&A</a> &amp;")
        XCTAssertTrue(feed.wellformed, feed.error ?? "")
    }

    func testBareAmpersandCutByAChunkBoundary() throws {
        let xml = Array("<rss version=\"2.0\"><channel><item><title>R&D &amp; Q&A &#146;</title></item></channel></rss>".utf8)
        for size in [1, 2, 3, 7] {
            let chunks = stride(from: 0, to: xml.count, by: size).map { Array(xml[$0..<min($0 + size, xml.count)]) }
            let feed = try FeedParser.parse(chunks: chunks)
            XCTAssertEqual(feed.items.first?.title, "R&D & Q&A \u{2019}", "chunks of \(size)")
        }
    }

    func testEntitiesAfterARecoveredErrorAreStillDecoded() throws {
        let feed = try ParserFixtures.parse(
            "<rss version=\"2.0\"><channel><item><title>one</b></title></item>"
                + "<item><title>fish &amp; chips &eacute;</title></item></channel></rss>")
        XCTAssertEqual(feed.items.last?.title, "fish & chips é")
        XCTAssertFalse(feed.wellformed)
    }

    func testNumericReferencesInTheC1RangeReadAsWindows1252() throws {
        XCTAssertEqual(try title("don&#146;t &#147;quote&#148; &#150; &#133; &#128;"), "don\u{2019}t \u{201C}quote\u{201D} \u{2013} \u{2026} \u{20AC}")
        XCTAssertEqual(try title("don&amp;#146;t"), "don\u{2019}t")
        let feed = try feed("<item><title>a&#x92;b</title></item>")
        XCTAssertTrue(feed.wellformed, feed.error ?? "")
    }

    func testCapitalXAndInvalidCodePoints() throws {
        XCTAssertEqual(try title("&#X41;&#x42;"), "AB")
        XCTAssertEqual(try title("a&#0;b&#xD800;c"), "a\u{FFFD}b\u{FFFD}c")
        XCTAssertEqual(try title("a&#1;b"), "ab")
    }

    func testUnknownEntityInAnAttributeStaysLiteral() throws {
        let feed = try feed("<item><enclosure url=\"http://x.test/?a=1&nosuch;b\" type=\"audio/mpeg\"/></item>")
        XCTAssertEqual(feed.items.first?.attachments.first?.url, "http://x.test/?a=1&nosuch;b")
    }
}
