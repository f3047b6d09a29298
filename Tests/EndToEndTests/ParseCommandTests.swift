import Foundation
import TestSupport
import XCTest

/// Runs the built `tidings` binary: `tidings parse` on the bundled sample feeds and on inline
/// documents, comparing full output and exit status.
final class ParseCommandTests: XCTestCase {
    private static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private func run(_ arguments: [String], stdin: String? = nil) throws -> EndToEndRun {
        try EndToEndRun.tidings(arguments, testCase: self, stdin: Data((stdin ?? "").utf8))
    }

    func testSampleFeedsMatchTheirHandWrittenExpectations() throws {
        let feeds = Self.packageRoot.appendingPathComponent("Feeds")
        let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: feeds.appendingPathComponent("expected.json")))
        let list = try XCTUnwrap((expected as? [String: Any])?["feeds"] as? [[String: Any]])
        XCTAssertGreaterThanOrEqual(list.count, 11)
        for entry in list {
            let file = try XCTUnwrap(entry["file"] as? String)
            let result = try run(["parse", feeds.appendingPathComponent(file).path])
            XCTAssertEqual(result.status, 0, "\(file): \(result.stderr)")
            XCTAssertEqual(result.stderr, "", file)
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], file)
            XCTAssertEqual(json["version"] as? String, "https://jsonfeed.org/version/1.1", file)
            let tidings = try XCTUnwrap(json["_tidings"] as? [String: Any], file)
            XCTAssertEqual(tidings["format"] as? String, entry["format"] as? String, file)
            XCTAssertEqual(tidings["encoding"] as? String, entry["encoding"] as? String, file)
            XCTAssertEqual(json["title"] as? String, entry["title"] as? String, file)
            let items = try XCTUnwrap(json["items"] as? [[String: Any]], file)
            XCTAssertEqual(items.count, entry["item_count"] as? Int, file)
            let titles = items.map { $0["title"] as? String }
            let expectedTitles = (entry["titles"] as? [Any] ?? []).map { $0 as? String }
            XCTAssertEqual(titles, expectedTitles, file)
            for item in items {
                for (key, value) in item {
                    XCTAssertFalse(value is NSNull, "\(file): \(key) is null")
                    XCTAssertNotEqual(value as? String, "", "\(file): \(key) is empty")
                }
            }
        }
    }

    func testFullOutputFromStandardInput() throws {
        let input = """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
              <channel>
                <title>Small &amp; Fine</title>
                <link>/</link>
                <managingEditor>me@small.example</managingEditor>
                <item>
                  <title>First "post"</title>
                  <link>posts/1</link>
                  <guid isPermaLink="false">p1</guid>
                  <pubDate>Wed, 31 Dec 2003 10:14:55 GMT</pubDate>
                  <description>&lt;p onclick="x()"&gt;Hi&lt;script&gt;bad()&lt;/script&gt;&lt;/p&gt;</description>
                  <category>notes</category>
                </item>
              </channel>
            </rss>
            """
        let result = try run(["parse", "--base", "https://small.example/feed.xml", "-"], stdin: input)
        XCTAssertEqual(result.status, 0, result.stderr)
        let expected = """
            {
              "version": "https://jsonfeed.org/version/1.1",
              "title": "Small & Fine",
              "home_page_url": "https://small.example/",
              "authors": [
                {
                  "url": "mailto:me@small.example"
                }
              ],
              "items": [
                {
                  "id": "p1",
                  "url": "https://small.example/posts/1",
                  "title": "First \\"post\\"",
                  "content_html": "<p>Hi</p>",
                  "date_published": "2003-12-31T10:14:55Z",
                  "authors": [
                    {
                      "url": "mailto:me@small.example"
                    }
                  ],
                  "tags": [
                    "notes"
                  ],
                  "_tidings": {
                    "categories": [
                      {
                        "term": "notes"
                      }
                    ],
                    "base": "https://small.example/feed.xml",
                    "content_type": "html"
                  }
                }
              ],
              "_tidings": {
                "format": "rss2.0",
                "wellformed": true,
                "encoding": "utf-8"
              }
            }

            """
        XCTAssertEqual(result.stdout, expected)
    }

    func testRawKeepsTheFeedsHTML() throws {
        let input = "<rss version=\"2.0\"><channel><item><description>&lt;b onclick=\"x()\"&gt;B&lt;/b&gt;&lt;script&gt;s()&lt;/script&gt;</description></item></channel></rss>"
        let raw = try run(["parse", "--raw"], stdin: input)
        XCTAssertEqual(raw.status, 0)
        XCTAssertTrue(raw.stdout.contains(#""content_html": "<b onclick=\"x()\">B</b><script>s()</script>""#), raw.stdout)
        let clean = try run(["parse"], stdin: input)
        XCTAssertFalse(clean.stdout.contains("script"), clean.stdout)
        XCTAssertFalse(clean.stdout.contains("onclick"), clean.stdout)
    }

    func testMalformedFeedIsRecoveredWithExitZero() throws {
        let result = try run(
            ["parse"], stdin: "<rss version=\"2.0\"><channel><title>Broken</title><item><title>kept</title></channel></rss>")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let tidings = try XCTUnwrap(json["_tidings"] as? [String: Any])
        XCTAssertEqual(tidings["wellformed"] as? Bool, false)
        XCTAssertNotNil(tidings["error"] as? String)
        XCTAssertNil(tidings["complete"])
        XCTAssertEqual((json["items"] as? [[String: Any]])?.first?["title"] as? String, "kept")

        // Cut off: still exit 0, the open item left out, and standard error says it is incomplete.
        let cut = try run(["parse"], stdin: "<rss version=\"2.0\"><channel><title>Broken</title><item><title>cut")
        XCTAssertEqual(cut.status, 0, cut.stderr)
        XCTAssertTrue(cut.stderr.hasPrefix("tidings: standard input: incomplete: "), cut.stderr)
        let cutJSON = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(cut.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((cutJSON["_tidings"] as? [String: Any])?["complete"] as? Bool, false)
        XCTAssertEqual((cutJSON["items"] as? [Any])?.count, 0)
    }

    func testNotAFeedExitsWithDataError() throws {
        for input in ["<!DOCTYPE html><html><body>Hello</body></html>", "", "plain words", "{\"a\": 1}"] {
            let result = try run(["parse", "-"], stdin: input)
            XCTAssertEqual(result.status, 65, input)
            XCTAssertEqual(result.stdout, "", input)
            XCTAssertTrue(result.stderr.hasPrefix("tidings: not a feed: "), result.stderr)
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line: \(result.stderr)")
        }
    }

    func testMissingFileExitsWithNoInput() throws {
        let result = try run(["parse", "/nonexistent/feed.xml"])
        XCTAssertEqual(result.status, 66)
        XCTAssertTrue(result.stderr.hasPrefix("tidings: cannot open /nonexistent/feed.xml"), result.stderr)
    }

    func testDirectoryExitsWithNoInput() throws {
        let result = try run(["parse", NSTemporaryDirectory()])
        XCTAssertEqual(result.status, 66)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr, "tidings: \(NSTemporaryDirectory()) is a directory; give the path of a feed file (or - for standard input)\n")
    }

    func testAFailedReadExitsWithIOErrorInsteadOfParsingWhatCameBefore() throws {
        // Reading /proc/self/mem at offset 0 fails with EIO: a failed read, not the end of a document.
        let result = try run(["parse", "/proc/self/mem"])
        XCTAssertEqual(result.status, 74)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "tidings: cannot read /proc/self/mem: Input/output error\n")
    }

    func testEntityBombExitsWithDataError() throws {
        var decl = "<!ENTITY a0 \"ha\">"
        for i in 1...9 { decl += "<!ENTITY a\(i) \"" + String(repeating: "&a\(i - 1);", count: 10) + "\">" }
        let result = try run(["parse"], stdin: "<!DOCTYPE rss [\(decl)]><rss version=\"2.0\"><channel><title>&a9;</title></channel></rss>")
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.stderr.contains("entity"), result.stderr)
    }
}
