import Foundation
import TestSupport
import XCTest

/// Search through the built binary, both ways a user reaches it (`export --search` and the reader's
/// `/`): the text the reader shows is what is found, named entities decoded and CJK words inside longer
/// runs of text.
final class SearchEndToEndTests: XCTestCase {
    private var sessions: [TmuxSession] = []

    override func tearDown() {
        for session in sessions { session.stop() }
        sessions = []
        super.tearDown()
    }

    private func prepare() throws -> ReaderWorkspace {
        let workspace = try ReaderWorkspace(self)
        let feed = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Polyglot</title><link>https://poly.example/</link>
            <item><guid>p1</guid><title>日本語のタイトル</title><link>https://poly.example/1</link>
              <pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate>
              <description>&lt;p&gt;東京の新しいお店&lt;/p&gt;</description></item>
            <item><guid>p2</guid><title>中文新闻</title><link>https://poly.example/2</link>
              <pubDate>Tue, 02 Jan 2024 10:00:00 GMT</pubDate>
              <description>&lt;p&gt;今天北京的天气很好&lt;/p&gt;</description></item>
            <item><guid>p3</guid><title>Menu of the day</title><link>https://poly.example/3</link>
              <pubDate>Wed, 03 Jan 2024 10:00:00 GMT</pubDate>
              <description>&lt;p&gt;caf&amp;eacute; cr&amp;egrave;me &amp;amp; na&amp;iuml;ve tea&lt;/p&gt;</description></item>
            </channel></rss>
            """
        try feed.write(to: workspace.folder.appendingPathComponent("poly.xml"), atomically: true, encoding: .utf8)
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>Test</title></head><body>
            <outline type="rss" text="Polyglot" xmlUrl="file://\(workspace.folder.path)/poly.xml"/>
            </body></opml>
            """.write(toFile: workspace.feedList, atomically: true, encoding: .utf8)
        let refresh = try workspace.run(["refresh", "--all"])
        XCTAssertEqual(refresh.status, 0, refresh.output)
        return workspace
    }

    func testExportSearchFindsCJKWordsAndDecodedEntities() throws {
        let workspace = try prepare()
        let expectations: [(String, [String])] = [
            ("日本語", ["日本語のタイトル"]),
            ("タイトル", ["日本語のタイトル"]),
            ("東京", ["日本語のタイトル"]),
            ("北京", ["中文新闻"]),
            ("新闻", ["中文新闻"]),
            ("café", ["Menu of the day"]),
            ("naïve", ["Menu of the day"]),
            ("cafe creme", ["Menu of the day"]),
            ("men*", ["Menu of the day"]),
            ("eacute", []),
        ]
        for (query, titles) in expectations {
            let result = try workspace.run(["export", "--search", query])
            XCTAssertEqual(result.status, 0, result.output)
            // Not on a terminal: date, feed, title and URL, tab-separated.
            let found = result.output.split(separator: "\n").map { line in
                line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            }
            XCTAssertEqual(found.count, titles.count, "\(query): \(result.output)")
            for title in titles {
                XCTAssertTrue(found.contains { $0.contains(title) }, "\(query): \(result.output)")
            }
        }
    }

    func testReaderSearchFindsAJapaneseWordInsideATitle() throws {
        let workspace = try prepare()
        let session = try TmuxSession(command: workspace.readerCommand(), width: 100, height: 30)
        sessions.append(session)
        try session.waitFor(text: "All unread")
        try session.send("/")
        try session.waitFor(text: "Search:")
        try session.send("日本語", literal: true)
        try session.send("Enter")
        let rows = try session.waitFor(text: "Tidings: Search: 日本語")
        XCTAssertTrue(rows[2].hasSuffix("日本語のタイトル"), rows[2])
        XCTAssertEqual(rows[3], "", "one article found")
        try session.send("Enter")
        try session.waitFor(text: "東京の新しいお店")
    }
}
