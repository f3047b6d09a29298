import Foundation
import XCTest

@testable import FeedModel

/// What feedparser reads and Tidings now reads too: obsolete elements in plain-text fields, media
/// and iTunes categories as tags, `itunes:keywords` as an attribute, an item's `itunes:image`, the
/// channel's `itunes:author` naming an e-mail-only editor, an Atom entry's `source` in full, RSS
/// `fullitem` as content and relative ids resolved against the base.
final class OtherReadersFieldsTests: XCTestCase {
    func testRSSPodcastFields() throws {
        let feed = try ParserFixtures.feed("read-what-others-read.rss.xml")
        XCTAssertEqual(feed.title, "Safe show")
        XCTAssertEqual(feed.description, "moving description")
        XCTAssertEqual(feed.authors, [Author(name: "Jane Host", email: "editor@podcast.example")])
        XCTAssertEqual(feed.categories, ["radio", "talk"])
        XCTAssertEqual(feed.items.count, 2)
        let first = feed.items[0]
        XCTAssertEqual(first.contentHTML, "<p>The <b>full</b> text</p>")
        XCTAssertEqual(first.image, "https://podcast.example/show/ep1.jpg")
        XCTAssertEqual(first.categories.map(\.term), ["Technology", "Podcasting", "swift", "parsers", "music/jazz", "live"])
        XCTAssertEqual(first.categories.first { $0.term == "music/jazz" }?.scheme, "urn:example")
        XCTAssertEqual(first.id, "https://podcast.example/episodes/1")
        let second = feed.items[1]
        XCTAssertEqual(second.id, "/not/resolved", "an id that is no permalink stays as written")
        XCTAssertEqual(second.categories.map(\.term), ["alpha", "beta"])
    }

    func testAtomSourceInFullAndRelativeIDs() throws {
        let feed = try ParserFixtures.feed("read-what-others-read.atom.xml")
        let entry = try XCTUnwrap(feed.items.first)
        XCTAssertEqual(entry.title, "safe description")
        XCTAssertEqual(entry.id, "https://planet.example/entries/42")
        let source = try XCTUnwrap(entry.source)
        XCTAssertEqual(source.id, "tag:blog.example,2026:feed")
        XCTAssertEqual(source.title, "Original Blog")
        XCTAssertEqual(source.subtitle, "Where it came from")
        XCTAssertEqual(source.url, "https://blog.example/feed.atom")
        XCTAssertEqual(source.icon, "https://planet.example/favicon.ico")
        XCTAssertEqual(source.logo, "https://blog.example/logo.png")
        XCTAssertEqual(source.rights, "CC BY")
        XCTAssertEqual(source.generator, "Gen")
        XCTAssertEqual(source.categories, [
            Category(term: "science", scheme: "https://blog.example/tags", label: "Science"), Category(term: "space"),
        ])
        XCTAssertEqual(source.authors.map(\.name), ["Ann"])

        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(JSONFeedWriter.document(for: feed, sanitize: false))) as? [String: Any])
        let items = try XCTUnwrap(json["items"] as? [[String: Any]])
        let written = try XCTUnwrap((items.first?["_tidings"] as? [String: Any])?["source"] as? [String: Any])
        XCTAssertEqual(written["id"] as? String, "tag:blog.example,2026:feed")
        XCTAssertEqual(written["logo"] as? String, "https://blog.example/logo.png")
        XCTAssertEqual(written["generator"] as? String, "Gen")
        XCTAssertEqual((written["categories"] as? [[String: Any]])?.compactMap { $0["term"] as? String }, ["science", "space"])
    }
}
