import XCTest

@testable import FeedModel

/// Elements and attributes feeds use beyond the core of RSS and Atom.
final class ParserElementTests: XCTestCase {
    func testPodcastChannelElements() throws {
        let feed = try ParserFixtures.parse(
            """
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:dc="http://purl.org/dc/elements/1.1/">
            <channel><title>Cast</title><language>en_US</language>
              <dc:author>Dana Host</dc:author>
              <itunes:image href="https://cast.example/art.jpg"/>
              <itunes:keywords>tech, radio ,, science</itunes:keywords>
              <itunes:category text="Technology"><itunes:category text="Podcasting"/></itunes:category>
              <itunes:category text="Science"/>
              <item><title>Ep 1</title><dc:author>Guest Star</dc:author>
                <enclosure url="https://cast.example/1.mp3" type="audio/mpeg" length="10"/>
                <enclosure url="https://cast.example/1.mp3" type="audio/mpeg" length="10"/>
              </item>
            </channel></rss>
            """)
        XCTAssertEqual(feed.image?.url, "https://cast.example/art.jpg")
        XCTAssertEqual(feed.categories, ["tech", "radio", "science", "Technology", "Podcasting", "Science"])
        XCTAssertEqual(feed.authors.map(\.name), ["Dana Host"])
        XCTAssertEqual(feed.language, "en-US")
        XCTAssertEqual(feed.items.first?.authors.map(\.name), ["Guest Star"])
        XCTAssertEqual(feed.items.first?.attachments.count, 1)
    }

    func testItunesImageWrittenAsText() throws {
        let feed = try ParserFixtures.parse(
            """
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
              <itunes:image>https://cast.example/text.png</itunes:image></channel></rss>
            """)
        XCTAssertEqual(feed.image?.url, "https://cast.example/text.png")
    }

    func testAtomSourceAndContentLanguage() throws {
        let feed = try ParserFixtures.parse(
            """
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en"><title>Planet</title>
              <entry><id>urn:1</id><title>Copied</title>
                <content type="html" xml:lang="fr_FR">Bonjour</content>
                <source><title type="html">Origin &lt;b&gt;Blog&lt;/b&gt;</title><link rel="alternate" href="https://origin.example/"/>
                  <author><name>Orla</name><email>orla@origin.example</email></author></source>
              </entry>
            </feed>
            """)
        let item = try XCTUnwrap(feed.items.first)
        XCTAssertEqual(item.source?.title, "Origin Blog")
        XCTAssertEqual(item.source?.url, "https://origin.example/")
        XCTAssertEqual(item.source?.authors.map(\.name), ["Orla"])
        XCTAssertEqual(item.authors, [])
        XCTAssertEqual(item.language, "fr-FR")
        var writer = JSONFeedWriter()
        var bytes: [UInt8] = []
        writer.writeItem(item, into: &bytes)
        let json = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(json.contains("\"mailto:orla@origin.example\""), json)
    }

    func testXHTMLBodyInAnRSSItemIsItsContent() throws {
        let feed = try ParserFixtures.parse(
            """
            <rss version="2.0"><channel>
              <item><title>a</title><body xmlns="http://www.w3.org/1999/xhtml"><p>Hello <b>there</b></p></body></item>
              <item><title>b</title><xhtml:body xmlns:xhtml="http://www.w3.org/1999/xhtml"><xhtml:p>Two</xhtml:p></xhtml:body></item>
              <item><title>c</title><description>short</description><body><div>Long</div></body></item>
            </channel></rss>
            """)
        XCTAssertEqual(feed.items[0].contentHTML, "<p>Hello <b>there</b></p>")
        XCTAssertEqual(feed.items[1].contentHTML, "<xhtml:p>Two</xhtml:p>")
        XCTAssertEqual(feed.items[2].contentHTML, "<div>Long</div>")
        XCTAssertEqual(feed.items[2].summary, "short")
    }

    func testRDFAboutIsTheIDOfAnItemWithoutGuid() throws {
        let feed = try ParserFixtures.parse(
            """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
              <channel rdf:about="https://r.example/"><title>R</title></channel>
              <item rdf:about="https://r.example/1"><title>One</title><link>https://r.example/1.html</link></item>
            </rdf:RDF>
            """)
        XCTAssertEqual(feed.items.first?.id, "https://r.example/1")
        XCTAssertEqual(feed.items.first?.url, "https://r.example/1.html")
    }

    func testEmptyHrefIsNoLink() throws {
        let feed = try ParserFixtures.parse(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><link href=""/><link rel="self" href=""/>
              <entry><id>1</id><link href=""/></entry></feed>
            """, baseURL: "https://t.example/feed.xml")
        XCTAssertNil(feed.homePageURL)
        XCTAssertNil(feed.feedURL)
        XCTAssertNil(feed.items.first?.url)
    }

    /// A link's `type` is read decoded, however it is written; the HTML alternate wins over another.
    func testLinkTypeIsReadThroughCharacterReferences() throws {
        let feed = try ParserFixtures.parse(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>
              <entry><title>E</title>
                <link rel="alternate" type="application/pdf" href="https://a.example/e.pdf"/>
                <link rel="alternate" type="text/&#104;tml" href="https://a.example/e.html"/>
                <link rel="replies" type="text/ht&#x6D;l" href="https://a.example/e#comments"/>
              </entry>
              <entry><title>F</title>
                <link rel="alternate" type="application/pdf" href="https://a.example/f.pdf"/>
                <link rel="alternate" type="TEXT/HTML" href="https://a.example/f.html"/>
              </entry>
            </feed>
            """)
        XCTAssertEqual(feed.items.map(\.url), ["https://a.example/e.html", "https://a.example/f.pdf"])
        XCTAssertEqual(feed.items.first?.comments, "https://a.example/e#comments")
    }

    /// Tags keep document order without repeats, with few categories and with many.
    func testTagsDropRepeatsInOrder() throws {
        let few = (["b", "a", "b", "c", "a"]).map { "<category>\($0)</category>" }.joined()
        let many = (0..<40).map { "<category>t\($0 % 25)</category>" }.joined()
        let feed = try ParserFixtures.parse(
            "<rss version=\"2.0\"><channel><title>T</title><item><title>1</title>\(few)</item>"
                + "<item><title>2</title>\(many)</item></channel></rss>")
        XCTAssertEqual(feed.items.first?.tags, ["b", "a", "c"])
        XCTAssertEqual(feed.items.last?.tags, (0..<25).map { "t\($0)" })
    }
}
