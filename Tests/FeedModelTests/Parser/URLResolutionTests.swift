import XCTest

@testable import FeedHTML
@testable import FeedModel

/// Relative references resolve against nested xml:base, then the document URL.
final class URLResolutionTests: XCTestCase {
    func testNestedXMLBase() throws {
        let xml = """
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://a.example/root/">
              <link href="home"/>
              <entry xml:base="sub/"><id>1</id><link href="../page.html"/>
                <link rel="enclosure" href="/abs.mp3" type="audio/mpeg"/></entry>
              <entry xml:base="https://b.example/other/"><id>2</id><link href="x"/></entry>
            </feed>
            """
        let feed = try ParserFixtures.parse(xml, baseURL: "https://ignored.example/")
        XCTAssertEqual(feed.homePageURL, "https://a.example/root/home")
        XCTAssertEqual(feed.items[0].url, "https://a.example/root/page.html")
        XCTAssertEqual(feed.items[0].attachments.first?.url, "https://a.example/abs.mp3")
        XCTAssertEqual(feed.items[0].base, "https://a.example/root/sub/")
        XCTAssertEqual(feed.items[1].url, "https://b.example/other/x")
    }

    func testDocumentBaseWhenNoXMLBase() throws {
        let xml = """
            <rss version="2.0"><channel><link>/</link><image><url>logo.png</url></image>
            <item><link>post/1</link><enclosure url="media/a.mp3" type="audio/mpeg"/><comments>#c</comments></item>
            </channel></rss>
            """
        let feed = try ParserFixtures.parse(xml, baseURL: "https://c.example/blog/feed.xml")
        XCTAssertEqual(feed.homePageURL, "https://c.example/")
        XCTAssertEqual(feed.image?.url, "https://c.example/blog/logo.png")
        XCTAssertEqual(feed.items[0].url, "https://c.example/blog/post/1")
        XCTAssertEqual(feed.items[0].attachments.first?.url, "https://c.example/blog/media/a.mp3")
        XCTAssertEqual(feed.items[0].comments, "https://c.example/blog/feed.xml#c")
    }

    func testRelativeStaysRelativeWithoutAnyBase() throws {
        let feed = try ParserFixtures.parse("<rss version=\"2.0\"><channel><item><link>post/1</link></item></channel></rss>")
        XCTAssertEqual(feed.items[0].url, "post/1")
        XCTAssertNil(feed.items[0].base)
    }

    func testQueryAmpersandsInAttributes() throws {
        let xml = #"<rss version="2.0"><channel><item><enclosure url="https://d.example/a?x=1&amp;y=2" type="audio/mpeg"/></item></channel></rss>"#
        XCTAssertEqual(try ParserFixtures.parse(xml).items[0].attachments.first?.url, "https://d.example/a?x=1&y=2")
    }

    func testHTMLEntitiesInsideAttributes() throws {
        let xml = #"<rss version="2.0"><channel><item><title>caf&eacute;</title><enclosure url="http://x.example/caf&eacute;?a=1&amp;b=&nbsp;" type="audio/mpeg"/></item></channel></rss>"#
        let feed = try ParserFixtures.parse(xml)
        XCTAssertEqual(feed.items[0].attachments.first?.url, "http://x.example/café?a=1&b=\u{A0}")
        XCTAssertEqual(feed.items[0].title, "café")
    }

    func testSchemeDetection() {
        XCTAssertTrue(URLResolver.hasScheme("https://x"))
        XCTAssertTrue(URLResolver.hasScheme("mailto:a@b"))
        XCTAssertFalse(URLResolver.hasScheme("/path:colon"))
        XCTAssertFalse(URLResolver.hasScheme("1http://x"))
        XCTAssertEqual(URLResolver.resolve("../b", against: "https://e.example/a/c/"), "https://e.example/a/b")
    }
}
