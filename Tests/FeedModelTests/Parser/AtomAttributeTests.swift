import XCTest

@testable import FeedHTML
@testable import FeedModel

/// Atom's attribute-borne fields (categories, links) and inline XHTML read through the builder's
/// shortcuts: a category's scheme or label written like an earlier value shares its string, text of
/// XHTML content is escaped sixteen bytes at a time. Each case checks the values against what the
/// feed says, including the cases the shortcuts must hand back (references, white space, bad bytes).
final class AtomAttributeTests: XCTestCase {
    private func entries(_ body: String) throws -> [Article] {
        try ParserFixtures.parse(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>t</title>\(body)</feed>
            """
        ).items
    }

    func testCategorySchemesAndLabelsAcrossEntries() throws {
        let items = try entries(
            """
            <entry><id>1</id><category term="Q&amp;A" scheme="http://example.com/tags" label="Q&amp;A"/>\
            <category term="Rust" scheme="http://example.com/tags" label="Rust"/></entry>\
            <entry><id>2</id><category term="Rust" scheme="http://example.com/tags" label="Rust language"/>\
            <category term="Go" scheme="http://example.com/t&#97;gs" label="Go"/>\
            <category term="C" scheme=" http://example.com/tags " label=" C "/>\
            <category term="D" scheme="http://example.com/other" label=""/>\
            <category term="E" label="E&amp;"/><category term="F" scheme="" label="F"/></entry>
            """)
        XCTAssertEqual(items.count, 2)
        XCTAssertEqual(
            items[0].categories,
            [
                Category(term: "Q&A", scheme: "http://example.com/tags", label: "Q&A"),
                Category(term: "Rust", scheme: "http://example.com/tags", label: "Rust"),
            ])
        XCTAssertEqual(
            items[1].categories,
            [
                Category(term: "Rust", scheme: "http://example.com/tags", label: "Rust language"),
                Category(term: "Go", scheme: "http://example.com/tags", label: "Go"),
                Category(term: "C", scheme: "http://example.com/tags", label: "C"),
                Category(term: "D", scheme: "http://example.com/other", label: nil),
                Category(term: "E", scheme: nil, label: "E&"),
                Category(term: "F", scheme: nil, label: "F"),
            ])
    }

    func testLabelOnlyCategoryAndNonASCIIValues() throws {
        let items = try entries(
            """
            <entry><id>1</id><category label="São Paulo" scheme="http://example.com/lugares"/>\
            <category term="São Paulo" scheme="http://example.com/lugares" label="São Paulo"/>\
            <category term="日本" scheme="http://example.com/lugares" label="日本語"/></entry>
            """)
        XCTAssertEqual(
            items[0].categories,
            [
                Category(term: "São Paulo", scheme: "http://example.com/lugares", label: "São Paulo"),
                Category(term: "São Paulo", scheme: "http://example.com/lugares", label: "São Paulo"),
                Category(term: "日本", scheme: "http://example.com/lugares", label: "日本語"),
            ])
    }

    func testAttributeBytesThatAreNotUTF8AreDecodedAsBefore() throws {
        var bytes = Array(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><entry><id>1</id>\
            <category term="a" scheme="http://example.com/x" label="a"/>\
            <category term="b" scheme="http://example.com/
            """.utf8)
        bytes.append(0xFF)
        bytes += Array("\" label=\"b\"/></entry></feed>".utf8)
        let feed = try FeedParser.parse(bytes)
        XCTAssertEqual(feed.items.count, 1)
        let categories = feed.items[0].categories
        XCTAssertEqual(categories.count, 2)
        XCTAssertEqual(categories[0].scheme, "http://example.com/x")
        XCTAssertEqual(categories[1].term, "b")
        XCTAssertEqual(categories[1].label, "b")
        // An undeclared document that is not UTF-8 is decoded as the encoding it looks like.
        XCTAssertEqual(categories[1].scheme, "http://example.com/я")
        XCTAssertFalse(feed.wellformed)
    }

    func testXHTMLContentTextIsEscapedAsMarkup() throws {
        let long = String(repeating: "plain text that needs nothing ", count: 4)
        let items = try entries(
            """
            <entry><id>1</id><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">\
            <p>\(long)&lt;tag&gt; &amp; x &gt; y &lt; z&amp;&amp;</p><p>&lt;</p><p>a"b'c</p><p>\(long)</p>\
            </div></content></entry>
            """)
        XCTAssertEqual(
            items[0].contentHTML,
            "<p>\(long)&lt;tag&gt; &amp; x &gt; y &lt; z&amp;&amp;</p><p>&lt;</p><p>a\"b'c</p><p>\(long)</p>")
        XCTAssertEqual(items[0].contentType, .xhtml)
    }

    func testTrimmedKeepsInnerSpaceAndDropsEdges() {
        XCTAssertEqual(XMLWhitespace.trimmed(""), "")
        XCTAssertEqual(XMLWhitespace.trimmed("   "), "")
        XCTAssertEqual(XMLWhitespace.trimmed("a b"), "a b")
        XCTAssertEqual(XMLWhitespace.trimmed("\n\ta b \r\n"), "a b")
        XCTAssertEqual(XMLWhitespace.trimmed(" http://example.com/a-long-address-past-fifteen-bytes"), "http://example.com/a-long-address-past-fifteen-bytes")
        XCTAssertEqual(XMLWhitespace.trimmed("\u{A0}x\u{A0}"), "\u{A0}x\u{A0}")
    }
}
