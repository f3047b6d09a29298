import XCTest

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
}
