import XCTest

@testable import FeedModel

/// One fixture per format and version: detection, channel fields and item fields.
final class ParserFormatTests: XCTestCase {
    func testRSS20ChannelFields() throws {
        let feed = try ParserFixtures.feed("rss20-full.xml")
        XCTAssertEqual(feed.format, .rss20)
        XCTAssertTrue(feed.wellformed, feed.error ?? "")
        XCTAssertEqual(feed.title, "Lantern Street Radio")
        XCTAssertEqual(feed.homePageURL, "https://lantern.example/")
        XCTAssertEqual(feed.feedURL, "https://lantern.example/feed.xml")
        XCTAssertEqual(feed.description, "Night-time stories from a small street.")
        XCTAssertEqual(feed.language, "en-gb")
        XCTAssertEqual(feed.rights, "© 2025 Lantern Street")
        XCTAssertEqual(feed.authors, [Author(name: "Ada Wren", email: "editor@lantern.example")])
        XCTAssertEqual(feed.updated, ParserFixtures.date("2025-03-04T21:30:00Z"))
        XCTAssertEqual(feed.generator, "Lamplighter 2.1")
        XCTAssertEqual(feed.ttl, 45)
        XCTAssertEqual(feed.categories, ["Fiction", "Audio"])
        XCTAssertEqual(feed.updateInterval, 1800)
        XCTAssertEqual(
            feed.image,
            FeedImage(url: "https://lantern.example/logo.png", title: "Lantern Street Radio", link: "https://lantern.example/"))
        XCTAssertEqual(feed.icon, "https://lantern.example/cover.jpg")
        XCTAssertEqual(feed.encoding, "utf-8")
        XCTAssertEqual(feed.items.count, 4)
    }

    func testRSS20ItemPrecedenceAndExtensions() throws {
        let items = try ParserFixtures.feed("rss20-full.xml").items
        let first = items[0]
        XCTAssertEqual(first.id, "lantern-ep-3")
        XCTAssertEqual(first.url, "https://lantern.example/3")
        XCTAssertEqual(first.contentHTML, "<p>The full <em>story</em> of the night bus.</p>")
        XCTAssertEqual(first.summary, "Short summary of the <b>night bus</b>.")
        XCTAssertEqual(first.contentType, .html)
        XCTAssertEqual(first.published, ParserFixtures.date("2025-03-04T20:00:00Z"))
        XCTAssertEqual(first.authors, [Author(name: "Rosa Vey")])
        XCTAssertEqual(
            first.categories,
            [Category(term: "buses", scheme: "https://lantern.example/tags"), Category(term: "night")])
        XCTAssertEqual(first.comments, "https://lantern.example/3#comments")
        XCTAssertEqual(first.commentCount, 17)
        XCTAssertEqual(
            first.attachments,
            [Enclosure(url: "https://lantern.example/audio/3.mp3", mimeType: "audio/mpeg", sizeInBytes: 12_345_678,
                       durationInSeconds: 3723)])
        XCTAssertEqual(first.image, "https://lantern.example/ep3.jpg")
        XCTAssertEqual(first.source, ArticleSource(title: "Other Street", url: "https://other.example/rss"))

        let second = items[1]
        XCTAssertEqual(second.id, "https://lantern.example/2")
        XCTAssertEqual(second.url, "https://lantern.example/2", "a permalink guid stands in for a missing link")
        XCTAssertEqual(second.contentHTML, "Only a description here.")
        XCTAssertNil(second.summary)
        XCTAssertEqual(second.authors, [Author(name: "Rosa Vey", email: "rosa@lantern.example")])
        XCTAssertEqual(second.published, ParserFixtures.date("2025-02-25T19:00:00Z"))
        XCTAssertEqual(second.image, "https://lantern.example/thumb/2.jpg")
        XCTAssertEqual(
            second.attachments,
            [Enclosure(url: "https://lantern.example/video/2.mp4", mimeType: "video/mp4", sizeInBytes: 2048, durationInSeconds: 95)])

        XCTAssertEqual(items[2].authors, [Author(name: "Guest Narrator")])
        XCTAssertEqual(items[2].attachments.first?.durationInSeconds, 754)
        XCTAssertNil(items[2].id)
        XCTAssertEqual(items[3].authors, [Author(name: "Ada Wren", email: "editor@lantern.example")], "feed author inherited")
    }

    func testTextInputAndImageChildrenDoNotLeakIntoChannel() throws {
        let feed = try ParserFixtures.feed("rss20-full.xml")
        XCTAssertNotEqual(feed.title, "Search")
        XCTAssertNotEqual(feed.homePageURL, "https://lantern.example/search")
    }

    func testAtom10() throws {
        let feed = try ParserFixtures.feed("atom10-full.xml")
        XCTAssertEqual(feed.format, .atom10)
        XCTAssertTrue(feed.wellformed, feed.error ?? "")
        XCTAssertEqual(feed.title, "Tide & Time", "html title with double-escaped entity")
        XCTAssertEqual(feed.description, "Notes from the shore")
        XCTAssertEqual(feed.homePageURL, "https://atom.example/blog/")
        XCTAssertEqual(feed.feedURL, "https://atom.example/blog/feed.atom")
        XCTAssertEqual(feed.favicon, "https://atom.example/favicon.ico")
        XCTAssertEqual(feed.icon, "https://atom.example/logo.png")
        XCTAssertEqual(feed.language, "en")
        XCTAssertEqual(feed.rights, "CC BY 4.0")
        XCTAssertEqual(feed.generator, "feedgen")
        XCTAssertEqual(feed.categories, ["science"])
        XCTAssertEqual(
            feed.authors,
            [Author(name: "Mira Sol", url: "https://atom.example/about/mira", email: "mira@atom.example"), Author(name: "Tom Reed")])
        XCTAssertEqual(feed.updated, ParserFixtures.date("2025-01-21T10:30:00Z"))
        XCTAssertEqual(feed.items.count, 3)

        let x = feed.items[0]
        XCTAssertEqual(x.id, "tag:atom.example,2025:1")
        XCTAssertEqual(x.url, "https://atom.example/blog/posts/tides.html")
        XCTAssertEqual(x.externalURL, "https://elsewhere.example/tides")
        XCTAssertEqual(x.contentType, .xhtml)
        XCTAssertEqual(x.contentHTML, #"<p>See <a href="chart.png">the chart</a> &amp; <b>notes</b>.</p>"#)
        XCTAssertEqual(x.base, "https://atom.example/blog/posts/media/")
        XCTAssertEqual(x.summary, "A text summary <not markup>")
        XCTAssertEqual(x.published, ParserFixtures.date("2025-01-20T07:00:00Z"))
        XCTAssertEqual(x.modified, ParserFixtures.date("2025-01-21T10:30:00Z"))
        XCTAssertEqual(x.authors, [Author(name: "Mira Sol")])
        XCTAssertEqual(x.categories, [Category(term: "tides", scheme: "https://atom.example/cats", label: "Tides")])
        XCTAssertEqual(
            x.attachments,
            [Enclosure(url: "https://atom.example/audio/tides.ogg", mimeType: "audio/ogg", title: "Tide sounds", sizeInBytes: 4096)])

        let h = feed.items[1]
        XCTAssertEqual(h.contentType, .html)
        XCTAssertEqual(h.contentHTML, "<p>Escaped <i>HTML</i></p>")
        XCTAssertEqual(h.url, "https://atom.example/html-entry")
        XCTAssertEqual(h.source, ArticleSource(title: "Origin Feed", url: "https://origin.example/feed"))
        XCTAssertEqual(h.authors.count, 2, "entry without author inherits the feed's authors")

        let t = feed.items[2]
        XCTAssertEqual(t.contentType, .text)
        XCTAssertEqual(t.contentText, "Plain text with <angle> brackets")
        XCTAssertNil(t.contentHTML)
    }

    func testAtom03Modes() throws {
        let feed = try ParserFixtures.feed("atom03-full.xml")
        XCTAssertEqual(feed.format, .atom03)
        XCTAssertEqual(feed.description, "Before the RFC")
        XCTAssertEqual(feed.rights, "Copyright 2004")
        XCTAssertEqual(feed.updated, ParserFixtures.date("2004-03-12T17:45:00Z"))
        XCTAssertEqual(feed.authors, [Author(name: "Noor", url: "https://old.example/noor", email: "noor@old.example")])
        XCTAssertEqual(feed.items.map(\.contentHTML), ["<p>Hello</p>", "<p>Base sixty-four</p>", "<p>Inline</p>"])
        XCTAssertEqual(feed.items[0].published, ParserFixtures.date("2004-03-10T15:00:00Z"))
        XCTAssertEqual(feed.items[0].modified, ParserFixtures.date("2004-03-11T10:00:00Z"))
        XCTAssertEqual(feed.items[2].contentType, .xhtml)
    }

    func testRSS10() throws {
        let feed = try ParserFixtures.feed("rss10-full.rdf")
        XCTAssertEqual(feed.format, .rss10)
        XCTAssertEqual(feed.title, "RDF Site")
        XCTAssertEqual(feed.language, "fr")
        XCTAssertEqual(feed.updated, ParserFixtures.date("2003-04-07T07:05:00Z"))
        XCTAssertEqual(feed.updateInterval, 21600)
        XCTAssertEqual(feed.items.map(\.title), ["First RDF item", "Second RDF item"])
        let first = feed.items[0]
        XCTAssertEqual(first.contentHTML, "<p>Long</p>")
        XCTAssertEqual(first.summary, "Short")
        XCTAssertEqual(first.authors, [Author(name: "Jean Dupont")])
        XCTAssertEqual(first.published, ParserFixtures.date("2003-04-06T08:00:00Z"))
        XCTAssertEqual(first.tags, ["rivers"])
    }

    func testRSS090() throws {
        let feed = try ParserFixtures.feed("rss090.rdf")
        XCTAssertEqual(feed.format, .rss090)
        XCTAssertEqual(feed.title, "Ninety")
        XCTAssertEqual(feed.image?.url, "https://ninety.example/n.gif")
        XCTAssertEqual(feed.items.map(\.url), ["https://ninety.example/1", "https://ninety.example/2"])
    }

    func testRSS09xVersions() throws {
        let versions: [(String, FeedFormat)] = [
            ("rss091.xml", .rss091), ("rss092.xml", .rss092), ("rss093.xml", .rss093), ("rss094.xml", .rss094),
        ]
        for (file, format) in versions {
            let feed = try ParserFixtures.feed(file)
            XCTAssertEqual(feed.format, format, file)
            XCTAssertEqual(feed.items.count, 1, file)
            XCTAssertEqual(feed.items[0].contentHTML, "Body & more", file)
            XCTAssertTrue(feed.title?.hasPrefix("Version 0.9") == true, file)
        }
    }

    func testNetscapeRSS091WithDTDAndHTMLEntities() throws {
        let feed = try ParserFixtures.feed("rss091-netscape.xml")
        XCTAssertEqual(feed.format, .rss091)
        XCTAssertEqual(feed.encoding, "iso-8859-1")
        XCTAssertEqual(feed.title, "Netscape\u{A0}style")
        XCTAssertEqual(feed.items.first?.title, "Café & bar…")
        XCTAssertTrue(feed.wellformed, "the external DTD may declare the HTML entities")
    }

    func testJSONFeed11() throws {
        let feed = try ParserFixtures.feed("json11.json")
        XCTAssertEqual(feed.format, .jsonFeed11)
        XCTAssertEqual(feed.title, "JSON Place")
        XCTAssertEqual(feed.authors, [Author(name: "Jo", url: "https://json.example/jo")])
        XCTAssertEqual(feed.items.count, 2)
        let a = feed.items[0]
        XCTAssertEqual(a.id, "42")
        XCTAssertEqual(a.url, "https://json.example/posts/42")
        XCTAssertEqual(a.published, ParserFixtures.date("2024-05-01T14:00:00Z"))
        XCTAssertEqual(a.tags, ["a", "b"])
        XCTAssertEqual(
            a.attachments,
            [Enclosure(url: "https://json.example/f.mp3", mimeType: "audio/mpeg", sizeInBytes: 99, durationInSeconds: 61)])
        XCTAssertEqual(feed.items[1].contentText, "Only text")
    }

    func testJSONFeed10() throws {
        let feed = try ParserFixtures.feed("json10.json")
        XCTAssertEqual(feed.format, .jsonFeed10)
        XCTAssertEqual(feed.authors, [Author(name: "Solo", email: "solo@json.example")])
        XCTAssertEqual(feed.items.first?.authors, [Author(name: "Item Author")])
    }

    func testStreamingHandsItemsOverInOrderAndHeaderFirst() throws {
        let bytes = try ParserFixtures.bytes("rss20-full.xml")
        var events: [String] = []
        let chunks = stride(from: 0, to: bytes.count, by: 7).map { Array(bytes[$0..<min($0 + 7, bytes.count)]) }
        let feed = try FeedParser.parse(
            chunks: chunks, onHeader: { events.append("header:\($0.title ?? "")") },
            onItem: { events.append("item:\($0.title ?? "")") })
        XCTAssertEqual(
            events,
            ["header:Lantern Street Radio", "item:Episode 3: The Night Bus", "item:Episode 2: Streetlights",
             "item:Episode 1: Pilot", "item:No author at all"])
        XCTAssertTrue(feed.items.isEmpty)
        XCTAssertEqual(feed.generator, "Lamplighter 2.1")
    }
}
