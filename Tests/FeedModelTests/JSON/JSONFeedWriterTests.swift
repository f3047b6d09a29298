import Foundation
import XCTest

@testable import FeedModel

/// The JSON Feed writer: valid JSON, omitted unknowns, escaping, dates, streaming pieces.
final class JSONFeedWriterTests: XCTestCase {
    private func object(_ bytes: [UInt8]) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    func testUnknownMembersAreOmittedAndEmailAuthorsBecomeMailto() throws {
        var feed = Feed(format: .rss20, title: "T", authors: [Author(email: "a@b.example")])
        feed.items = [Article(title: "only a title")]
        let json = try object(JSONFeedWriter.document(for: feed, sanitize: false))
        XCTAssertEqual(Set(json.keys), ["version", "title", "authors", "items", "_tidings"])
        XCTAssertEqual((json["authors"] as? [[String: String]])?.first, ["url": "mailto:a@b.example"])
        let item = try XCTUnwrap((json["items"] as? [[String: Any]])?.first)
        XCTAssertEqual(Set(item.keys), ["title"])
        let tidings = try XCTUnwrap(json["_tidings"] as? [String: Any])
        XCTAssertEqual(tidings["format"] as? String, "rss2.0")
        XCTAssertEqual(tidings["wellformed"] as? Bool, true)
    }

    func testStringEscaping() throws {
        let nasty = "quote\" back\\slash\nnewline\ttab\u{1}\u{1F}ctl\u{2028}ls é 🚀 </script>"
        var feed = Feed(format: .atom10, title: nasty)
        feed.items = [Article(id: String(repeating: "long-run-of-plain-ascii ", count: 20) + "\"")]
        let bytes = JSONFeedWriter.document(for: feed, pretty: false, sanitize: false)
        let json = try object(bytes)
        XCTAssertEqual(json["title"] as? String, nasty)
        XCTAssertEqual((json["items"] as? [[String: Any]])?.first?["id"] as? String, feed.items[0].id)
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertFalse(text.dropLast().contains("\n"), "compact output has no raw newlines before the final one")
        XCTAssertTrue(text.contains("\\u0001"))
        XCTAssertTrue(text.contains("\\u2028"))
    }

    func testDatesAreRFC3339UTC() throws {
        var feed = Feed(format: .rss20, updated: Date(timeIntervalSince1970: 1_072_865_695))
        feed.items = [
            Article(published: Date(timeIntervalSince1970: -86_400 * 365), modified: Date(timeIntervalSince1970: 951_782_400.25))
        ]
        let json = try object(JSONFeedWriter.document(for: feed))
        XCTAssertEqual((json["_tidings"] as? [String: Any])?["updated"] as? String, "2003-12-31T10:14:55Z")
        let item = try XCTUnwrap((json["items"] as? [[String: Any]])?.first)
        XCTAssertEqual(item["date_published"] as? String, "1969-01-01T00:00:00Z")
        XCTAssertEqual(item["date_modified"] as? String, "2000-02-29T00:00:00.250Z")
    }

    func testStreamingPiecesEqualTheWholeDocumentAndLateMembersLandInTheFooter() throws {
        let feed = try ParserFixtures.feed("rss20-full.xml")
        let whole = JSONFeedWriter.document(for: feed, sanitize: false)
        var writer = JSONFeedWriter(sanitize: false)
        var pieces: [UInt8] = []
        writer.writeHeader(feed, into: &pieces)
        for item in feed.items { writer.writeItem(item, into: &pieces) }
        writer.writeFooter(feed, into: &pieces)
        XCTAssertEqual(pieces, whole)

        var late = JSONFeedWriter()
        var out = late.header(Feed(format: .rss20))
        out += late.item(Article(title: "x"))
        out += late.footer(Feed(format: .rss20, title: "Known at the end", language: "de"))
        let json = try object(out)
        XCTAssertEqual(json["title"] as? String, "Known at the end")
        XCTAssertEqual(json["language"] as? String, "de")
        XCTAssertEqual((json["items"] as? [Any])?.count, 1)
    }

    func testRoundTripThroughTheJSONFeedReader() throws {
        let original = try ParserFixtures.feed("atom10-full.xml")
        let reread = try FeedParser.parse(JSONFeedWriter.document(for: original, sanitize: false))
        XCTAssertEqual(reread.format, .jsonFeed11)
        XCTAssertEqual(reread.title, original.title)
        XCTAssertEqual(reread.items.map(\.id), original.items.map(\.id))
        XCTAssertEqual(reread.items.map(\.url), original.items.map(\.url))
        XCTAssertEqual(reread.items.map(\.published), original.items.map(\.published))
        XCTAssertEqual(reread.items.map(\.contentHTML), original.items.map(\.contentHTML))
        XCTAssertEqual(reread.items.map(\.attachments), original.items.map(\.attachments))
    }

    func testSanitizingRemovesScripts() throws {
        var feed = Feed(format: .rss20)
        feed.items = [Article(contentHTML: "<p onclick=\"x()\">ok<script>bad()</script></p>", summary: "<a href=\"javascript:x()\">s</a>")]
        let text = String(decoding: JSONFeedWriter.document(for: feed), as: UTF8.self)
        XCTAssertFalse(text.contains("script"))
        XCTAssertFalse(text.contains("onclick"))
        XCTAssertFalse(text.contains("javascript:"))
        XCTAssertTrue(text.contains("ok"))
    }
}
