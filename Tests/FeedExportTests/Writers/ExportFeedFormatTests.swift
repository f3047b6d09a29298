import CLibXML2
import FeedExport
import FeedModel
import FeedStore
import Foundation
import TestSupport
import XCTest

/// The aggregate formats read back with a real parser: RSS, Atom and JSON Feed through FeedModel's
/// parser, HTML through libxml2's HTML parser.
final class ExportFeedFormatTests: XCTestCase {
    private func expectedRows(_ fixture: ExportStoreFixture) throws -> [StoredArticle] {
        var rows: [StoredArticle] = []
        try fixture.store.forEachArticle(matching: ArticleQuery(sort: .newestFirst)) { rows.append($0) }
        XCTAssertEqual(rows.count, 5)
        return rows
    }

    private func assertRoundTrip(
        _ format: ExportFormat, expecting feedFormat: FeedFormat, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        // FeedModel reads RSS and Atom <source>; JSON Feed's `_tidings.source` is checked separately.
        let checksSource = format != .json
        let fixture = try ExportStoreFixture.twoFeeds(self)
        let rows = try expectedRows(fixture)
        let (summary, bytes) = try fixture.export(ExportOptions(format: format))
        XCTAssertEqual(summary.exported, 5, file: file, line: line)
        XCTAssertEqual(summary.bytes, bytes.count, file: file, line: line)
        let feed = try FeedParser.parse(bytes)
        XCTAssertEqual(feed.format, feedFormat, file: file, line: line)
        XCTAssertTrue(feed.wellformed, "\(feed.error ?? "")", file: file, line: line)
        XCTAssertEqual(feed.items.map(\.title), rows.map(\.title), file: file, line: line)
        XCTAssertEqual(feed.items.map(\.url), rows.map(\.url), file: file, line: line)
        XCTAssertEqual(feed.items.map(\.published), rows.map(\.published), file: file, line: line)
        if checksSource {
            XCTAssertEqual(feed.items.map { $0.source?.title }, rows.map(\.feedTitle), file: file, line: line)
            XCTAssertEqual(feed.items.map { $0.source?.url }, rows.map(\.feedURL), file: file, line: line)
        }
        XCTAssertEqual(feed.items.map { $0.authors.first?.name }, rows.map { $0.authors.first?.name }, file: file, line: line)
        XCTAssertEqual(feed.items.map(\.tags), rows.map(\.tags), file: file, line: line)
        let relative = try XCTUnwrap(feed.items.first { $0.url == "https://example.org/posts/3" })
        XCTAssertTrue(
            relative.contentHTML?.contains("https://example.org/rel/3") == true,
            "relative link resolved against the article: \(relative.contentHTML ?? "nil")", file: file, line: line)
    }

    func testRSSReadsBackThroughTheFeedParser() throws {
        try assertRoundTrip(.rss, expecting: .rss20)
    }

    func testAtomReadsBackThroughTheFeedParser() throws {
        try assertRoundTrip(.atom, expecting: .atom10)
    }

    func testJSONFeedReadsBackAndNamesTheSourceFeed() throws {
        try assertRoundTrip(.json, expecting: .jsonFeed11)
        let fixture = try ExportStoreFixture.twoFeeds(self)
        let (_, bytes) = try fixture.export(ExportOptions(format: .json))
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        XCTAssertEqual(json["version"] as? String, "https://jsonfeed.org/version/1.1")
        let items = try XCTUnwrap(json["items"] as? [[String: Any]])
        let sources = items.map { (($0["_tidings"] as? [String: Any])?["source"] as? [String: Any])?["title"] as? String }
        XCTAssertEqual(sources, ["Beta", "Beta", "Alpha & Omega", "Alpha & Omega", "Alpha & Omega"])
        XCTAssertEqual(items.first?["date_published"] as? String, "2026-11-03T02:00:00Z")
    }

    func testEmptyAggregateFeedsAreStillValid() throws {
        let fixture = try ExportStoreFixture(self)
        for format in [ExportFormat.rss, .atom, .json] {
            let (summary, bytes) = try fixture.export(ExportOptions(format: format))
            XCTAssertEqual(summary.exported, 0)
            let feed = try FeedParser.parse(bytes)
            XCTAssertTrue(feed.wellformed, "\(format)")
            XCTAssertEqual(feed.items.count, 0)
        }
    }

    func testHTMLIsWellFormedAndNothingHostileSurvives() throws {
        let fixture = try ExportStoreFixture(self)
        let hostile = [
            "<script>alert(1)</script><p onclick=\"alert(2)\">click</p>",
            "<img src=x onerror=alert(3)><a href=\"javascript:alert(4)\">x</a>",
            "<iframe src=\"https://evil.example/\"></iframe><style>body{display:none}</style>",
            "</div></article><script>alert(5)</script><svg onload=alert(6)>",
            "<a href=\"  JaVaScRiPt:alert(7)\">y</a><form action=\"https://evil.example\"><input></form>",
            "<div style=\"background:url(javascript:alert(8))\">z</div><object data=\"x\"></object>",
        ]
        try fixture.addFeed(
            "https://evil.example/feed", title: "<script>alert('feed')</script>", site: "javascript:alert(9)",
            items: hostile.enumerated().map { i, html in
                exportArticle(i, title: "</title><script>alert(\(i))</script>", content: html,
                              summary: "<b onmouseover=alert(1)>s</b>", url: i == 0 ? "javascript:alert(10)" : nil)
            })
        let (_, bytes) = try fixture.export(ExportOptions(format: .html))
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        let report = HTMLCheck(bytes)
        XCTAssertEqual(report.errors, [], "libxml2 reported errors")
        XCTAssertEqual(report.count("article"), hostile.count)
        XCTAssertEqual(report.count("html"), 1)
        XCTAssertEqual(report.count("body"), 1)
        XCTAssertEqual(report.count("style"), 1, "only the page's own style sheet")
        for element in ["script", "iframe", "svg", "object", "form", "input"] {
            XCTAssertEqual(report.count(element), 0, element)
        }
        XCTAssertEqual(report.eventHandlers, [])
        XCTAssertEqual(report.scriptURLs, [])
        XCTAssertEqual(report.styleAttributes, 0)
        XCTAssertTrue(text.contains("&lt;/title&gt;&lt;script&gt;alert(0)&lt;/script&gt;"))
    }

}
