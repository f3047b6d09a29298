import XCTest

@testable import FeedModel

/// Titles, descriptions, rights and names that hold HTML are shown as plain text (through the same
/// conversion as bodies); text that merely contains `<` or `&` stays as written.
final class FieldTextTests: XCTestCase {
    func testAtomHTMLAndXHTMLTitlesBecomePlainText() throws {
        let feed = try ParserFixtures.parse(
            """
            <feed xmlns="http://www.w3.org/2005/Atom">
              <title type="html">A &lt;em&gt;big&lt;/em&gt; deal</title>
              <subtitle type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">News <b>daily</b></div></subtitle>
              <rights type="html">&lt;script&gt;alert(1)&lt;/script&gt;&lt;a onclick="x()"&gt;CC&lt;/a&gt; BY</rights>
              <entry><title type="html">x &amp;lt; y &lt;i&gt;but&lt;/i&gt; &amp;amp; z</title><id>1</id></entry>
              <entry><title type="text">&lt;b&gt; stays</title><id>2</id></entry>
              <entry><title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">X<sup>2</sup> <!-- no --></div></title><id>3</id></entry>
            </feed>
            """)
        XCTAssertEqual(feed.title, "A big deal")
        XCTAssertEqual(feed.description, "News daily")
        XCTAssertEqual(feed.rights, "CC BY")
        XCTAssertEqual(feed.items.map(\.title), ["x < y but & z", "<b> stays", "X2"])
    }

    func testRSSFieldsWithEscapedMarkup() throws {
        let feed = try ParserFixtures.parse(
            """
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>
              <title>Tom &amp;amp; Jerry &lt;b&gt;daily&lt;/b&gt;</title>
              <description>&lt;p&gt;Hello&lt;script&gt;alert(1)&lt;/script&gt;&lt;style&gt;p{}&lt;/style&gt; &lt;b onclick="x()"&gt;world&lt;/b&gt;&lt;/p&gt;</description>
              <copyright><![CDATA[<!-- c --><i>(c)</i> 2026]]></copyright>
              <item><title>AT&amp;T</title><author>ann@x.test (Ann &lt;b&gt;Lee&lt;/b&gt;)</author></item>
              <item><title>x &lt; y</title><dc:creator>&lt;em&gt;Bo&lt;/em&gt;</dc:creator></item>
              <item><title><![CDATA[<b>Bold</b> news & more]]></title></item>
              <item><title>if a&lt;b then</title></item>
            </channel></rss>
            """)
        XCTAssertEqual(feed.title, "Tom & Jerry daily")
        XCTAssertEqual(feed.description, "Hello world")
        XCTAssertEqual(feed.rights, "(c) 2026")
        XCTAssertEqual(feed.items.map(\.title), ["AT&T", "x < y", "Bold news & more", "if a<b then"])
        XCTAssertEqual(feed.items[0].authors.first?.name, "Ann Lee")
        XCTAssertEqual(feed.items[0].authors.first?.email, "ann@x.test")
        XCTAssertEqual(feed.items[1].authors.first?.name, "Bo")
    }

    func testPlainTitlesComeBackUntouched() {
        XCTAssertEqual(FieldText.plain("Plain title"), "Plain title")
        XCTAssertEqual(FieldText.plain("AT&T < AT&amp;T"), "AT&T < AT&T")
        XCTAssertEqual(FieldText.plain("<img src=x>"), nil)
        XCTAssertEqual(FieldText.plain("Fish & <Chips> \"quoted\""), "Fish & <Chips> \"quoted\"")
        XCTAssertEqual(FieldText.plain("Vector<Int> and <T>"), "Vector<Int> and <T>")
        XCTAssertEqual(FieldText.plain("a <!-- note --> b"), "a b")
        XCTAssertEqual(FieldText.plain("H<sub>2</sub>O &amp; CO<SUB>2</SUB>"), "H2O & CO2")
        XCTAssertEqual(FieldText.plain("<b>don&#146;t</b> &#x93;x&#x94; &#233;"), "don\u{2019}t \u{201C}x\u{201D} é")
    }
}
