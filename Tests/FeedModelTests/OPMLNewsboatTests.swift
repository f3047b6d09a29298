import FeedModel
import Foundation
import XCTest

final class OPMLNewsboatTests: XCTestCase {
    func testParsesTagsTitlesCommentsAndSkipsCommands() throws {
        let folder = try XCTUnwrap(Bundle.module.url(forResource: "Resources", withExtension: nil))
        let text = try String(contentsOf: folder.appendingPathComponent("opml/urls"), encoding: .utf8)
        let entries = NewsboatURLs.parse(text)
        XCTAssertEqual(entries.map(\.url), [
            "https://lwn.net/headlines/rss", "https://xkcd.com/atom.xml", "https://quoted.example/feed",
            "https://escapes.example/rss", "https://indented.example/feed",
        ])
        XCTAssertEqual(entries.map(\.tags), [
            ["linux", "news"], ["fun", "web comics"], ["science"], ["tag with \"quotes\"", "back\\slash", "!hidden"],
            ["tabbed"],
        ])
        XCTAssertEqual(entries.map(\.title), [nil, "xkcd comics", nil, nil, nil])
    }

    func testSerializeRoundTrips() {
        let entries = [
            FeedListEntry(url: "https://a.example/rss", title: "A \"quoted\" title", type: "rss", tags: ["plain", "with space", "#hash"]),
            FeedListEntry(url: "https://b.example/atom", type: "rss"),
            FeedListEntry(url: "https://c.example/feed", type: "rss", tags: ["~not a title", "back\\slash"]),
        ]
        let text = NewsboatURLs.serialize(entries)
        XCTAssertEqual(
            text,
            """
            https://a.example/rss "~A \\"quoted\\" title" plain "with space" "#hash"
            https://b.example/atom
            https://c.example/feed "~not a title" "back\\\\slash"

            """)
        let reread = NewsboatURLs.parse(text)
        XCTAssertEqual(reread[0], entries[0])
        XCTAssertEqual(reread[1], entries[1])
        // A tag that starts with "~" cannot survive: newsboat itself reads it as a title.
        XCTAssertEqual(reread[2].title, "not a title")
    }

    func testOPMLToNewsboatAndBack() throws {
        var document = OPMLDocument(title: "Converted")
        for entry in NewsboatURLs.parse("https://x.example/rss \"~X feed\" tech\nhttps://y.example/rss\n") {
            document.add(entry, inFolder: entry.tags.first)
        }
        let entries = try OPMLDocument(data: document.serialized()).entries
        XCTAssertEqual(entries.map(\.displayTitle), ["X feed", "https://y.example/rss"])
        XCTAssertEqual(entries.map(\.tags), [["tech"], []])
        XCTAssertEqual(
            NewsboatURLs.serialize(entries), "https://x.example/rss \"~X feed\" tech\nhttps://y.example/rss\n")
    }
}
