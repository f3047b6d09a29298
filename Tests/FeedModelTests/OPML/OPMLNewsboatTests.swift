import FeedModel
import Foundation
import XCTest

final class OPMLNewsboatTests: XCTestCase {
    func testParsesTagsTitlesCommentsAndSkipsCommands() throws {
        let folder = try XCTUnwrap(Bundle.module.url(forResource: "Resources", withExtension: nil))
        let list = try NewsboatURLs.read(Data(contentsOf: folder.appendingPathComponent("opml/urls")))
        let entries = list.entries
        XCTAssertEqual(entries.map(\.url), [
            "https://lwn.net/headlines/rss", "https://xkcd.com/atom.xml", "https://quoted.example/feed",
            "https://escapes.example/rss", "https://indented.example/feed",
        ])
        XCTAssertEqual(entries.map(\.tags), [
            ["linux", "news"], ["fun", "web comics"], ["science"], ["tag with \"quotes\"", "back\\slash"],
            ["tabbed"],
        ])
        XCTAssertEqual(entries.map(\.title), [nil, "xkcd comics", nil, nil, nil])
        XCTAssertEqual(list.entryLines, [2, 3, 4, 9, 10])
        XCTAssertEqual(list.notImported.map(\.source), [.query, .exec, .filter])
        XCTAssertEqual(list.notImported.map(\.line), [6, 7, 8])
        XCTAssertEqual(list.ignoredTags, [NewsboatURLsTag(line: 9, url: "https://escapes.example/rss", tag: "!hidden")])
    }

    func testAnythingButAURLsFileIsRefusedNamingTheFirstBadLine() {
        let cases: [(String, Data, NewsboatURLsError)] = [
            ("json", Data("{\"version\": \"https://jsonfeed.org/version/1.1\",\n\"items\": []}\n".utf8),
             NewsboatURLsError(line: 1, reason: "does not start with a feed URL (http, https, file or an absolute path)")),
            ("later line", Data("# mine\nhttps://a.example/rss\n\nnot a url here\n".utf8),
             NewsboatURLsError(line: 4, reason: "does not start with a feed URL (http, https, file or an absolute path)")),
            ("binary", Data("https://a.example/\n".utf8) + Data([0xFF, 0xFE, 0x00, 0x01]),
             NewsboatURLsError(line: 2, reason: "is not UTF-8 text")),
            ("controls", Data("https://a.example/\u{1B}]0;x\u{07}\n".utf8),
             NewsboatURLsError(line: 1, reason: "holds control characters (binary data?)")),
            ("bare scheme", Data("https://\n".utf8),
             NewsboatURLsError(line: 1, reason: "does not start with a feed URL (http, https, file or an absolute path)")),
        ]
        for (name, data, expected) in cases {
            XCTAssertThrowsError(try NewsboatURLs.read(data), name) { XCTAssertEqual($0 as? NewsboatURLsError, expected, name) }
        }
        XCTAssertEqual(try NewsboatURLs.read(Data("/srv/feeds/a.xml\r\nfile:///b.xml x\r\n".utf8)).entries.map(\.url),
                       ["/srv/feeds/a.xml", "file:///b.xml"])
    }

    func testSerializeRoundTrips() throws {
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
        let reread = try NewsboatURLs.read(Data(text.utf8)).entries
        XCTAssertEqual(reread[0], entries[0])
        XCTAssertEqual(reread[1], entries[1])
        // A tag that starts with "~" cannot survive: newsboat itself reads it as a title.
        XCTAssertEqual(reread[2].title, "not a title")
    }

    func testOPMLToNewsboatAndBack() throws {
        var document = OPMLDocument(title: "Converted")
        for entry in try NewsboatURLs.read(Data("https://x.example/rss \"~X feed\" tech\nhttps://y.example/rss\n".utf8)).entries {
            document.add(entry, inFolder: entry.tags.first)
        }
        let entries = try OPMLDocument(data: document.serialized()).entries
        XCTAssertEqual(entries.map(\.displayTitle), ["X feed", "https://y.example/rss"])
        XCTAssertEqual(entries.map(\.tags), [["tech"], []])
        XCTAssertEqual(
            NewsboatURLs.serialize(entries), "https://x.example/rss \"~X feed\" tech\nhttps://y.example/rss\n")
    }
}
