import XCTest

@testable import FeedModel

/// One-line fields keep their text: a title naming `<canvas>` or `<svg>` keeps its tail, obsolete
/// elements' tags go and their text stays, and a script's content goes only when it is closed.
final class FieldTextTagTests: XCTestCase {
    func testAnUnclosedElementKeepsTheRestOfTheTitle() throws {
        let feed = try ParserFixtures.parse(
            """
            <rss version="2.0"><channel>
              <title>Large for improved commit path review and &lt;canvas&gt; &amp; &lt;svg&gt; (feed-0008)</title>
              <item><title>Drawing on &lt;canvas&gt; without &lt;svg&gt; (item 1)</title><guid>1</guid></item>
              <item><title>&lt;b&gt;New&lt;/b&gt; in &lt;canvas&gt; and &lt;svg&gt;: paths</title><guid>2</guid></item>
              <item><title>&lt;i&gt;Hi&lt;/i&gt; &lt;script&gt;never closed</title><guid>3</guid></item>
            </channel></rss>
            """)
        XCTAssertEqual(feed.title, "Large for improved commit path review and <canvas> & <svg> (feed-0008)")
        XCTAssertEqual(feed.items.map(\.title), [
            "Drawing on <canvas> without <svg> (item 1)", "New in and : paths", "Hi never closed",
        ])
    }

    func testAtomHTMLTitlesWithUnclosedElements() throws {
        let feed = try ParserFixtures.parse(
            """
            <feed xmlns="http://www.w3.org/2005/Atom">
              <title type="html">&lt;em&gt;Tips&lt;/em&gt; for &lt;canvas&gt; fans</title>
              <entry><title type="html">&lt;svg&gt;&lt;/svg&gt; or &lt;canvas&gt; &amp;amp; more</title><id>1</id></entry>
            </feed>
            """)
        XCTAssertEqual(feed.title, "Tips for fans")
        XCTAssertEqual(feed.items.map(\.title), ["or & more"])
    }

    func testObsoleteElementsAreTagsInPlainTextFields() {
        XCTAssertEqual(FieldText.plain("<blink>safe</blink> description"), "safe description")
        XCTAssertEqual(FieldText.plain("<MARQUEE>moving</MARQUEE> <font color=red>text</font>"), "moving text")
        XCTAssertEqual(FieldText.plain("<b>a</b><script>x()</script>b<style>p{}</style>"), "ab")
        XCTAssertEqual(FieldText.plain("<b>kept</b> <!-- gone --> <unknown>text</unknown>"), "kept text")
        XCTAssertEqual(FieldText.plain("x <br> y"), "x y")
        XCTAssertEqual(FieldText.plain("<blink>never closed"), "<blink>never closed")
    }
}
