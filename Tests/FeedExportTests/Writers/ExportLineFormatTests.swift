import FeedExport
import FeedModel
import FeedStore
import Foundation
import TestSupport
import XCTest

/// The line-based formats (CSV, TSV, text off a terminal, Markdown) checked by their field rules,
/// and Mustache templates rendered in pieces.
final class ExportLineFormatTests: XCTestCase {
    func testCSVHasTenFieldsPerRecordWhateverTheTitlesHold() throws {
        let fixture = try ExportStoreFixture(self)
        let titles = ["tab\there", "quote \"inside\" it", "comma, then more", "line\nbreak\r\nand CRLF", "=SUM(A1:A9)", "plain"]
        try fixture.addFeed(
            "https://c.example.org/feed", title: "Feed, \"quoted\"",
            items: titles.enumerated().map { exportArticle($0.offset, title: $0.element) })
        let (_, bytes) = try fixture.export(ExportOptions(format: .csv))
        let records = try CSVReader.records(String(decoding: bytes, as: UTF8.self))
        XCTAssertEqual(records.count, titles.count + 1)
        XCTAssertEqual(records.first, ["date", "feed", "feed_url", "title", "url", "id", "author", "tags", "read", "starred"])
        for record in records { XCTAssertEqual(record.count, 10, "\(record)") }
        var stored: [String] = []
        try fixture.store.forEachArticle(matching: .all) { stored.append($0.title ?? "") }
        let expected = stored.map { $0.hasPrefix("=") ? "'" + $0 : $0 }
        XCTAssertEqual(records.dropFirst().map { $0[3] }, expected)
        XCTAssertEqual(Set(records.dropFirst().map { $0[1] }), ["Feed, \"quoted\""])
        XCTAssertTrue(String(decoding: bytes, as: UTF8.self).hasSuffix("false\r\n"))
    }

    func testTSVFollowsSfeedsLayout() throws {
        let fixture = try ExportStoreFixture(self)
        let titles = ["tab\there", "line\nbreak", "back\\slash", "plain"]
        try fixture.addFeed(
            "https://d.example.org/feed", title: "D",
            items: titles.enumerated().map { i, title in
                exportArticle(i, title: title, content: "<pre>a\tb\nc\\d</pre>", tags: ["x", "y"])
            })
        let (_, bytes) = try fixture.export(ExportOptions(format: .tsv))
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, titles.count + 1)
        XCTAssertEqual(lines.last, "")
        var rows: [StoredArticle] = []
        try fixture.store.forEachArticle(matching: .all) { rows.append($0) }
        for (line, row) in zip(lines, rows) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            XCTAssertEqual(fields.count, 9, "\(line)")
            XCTAssertEqual(fields[0], String(Int(row.date.timeIntervalSince1970)))
            XCTAssertEqual(fields[1], row.title?.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " "))
            XCTAssertEqual(fields[2], row.url)
            XCTAssertEqual(fields[3], "<pre>a\\tb\\nc\\\\d</pre>")
            XCTAssertEqual(fields[4], "html")
            XCTAssertEqual(fields[5], row.guid)
            XCTAssertEqual(fields[6], row.authors.first?.name)
            XCTAssertEqual(fields[7], row.enclosures.first?.url ?? "")
            XCTAssertEqual(fields[8], "x|y")
        }
        if let sfeedPlain = ["/usr/bin/sfeed_plain", "/usr/local/bin/sfeed_plain"].first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: sfeedPlain)
            process.arguments = [fixture.path("out")]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
            XCTAssertEqual(output.split(separator: "\n").count, titles.count, output)
            XCTAssertTrue(output.contains("back\\slash"), output)
        }
    }

    func testTextIsTabSeparatedOffATerminalAndEmptyWhenNothingMatches() throws {
        let fixture = try ExportStoreFixture.twoFeeds(self)
        let text = try fixture.exportText(ExportOptions(format: .text))
        let lines = text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        XCTAssertEqual(lines.count, 5)
        XCTAssertTrue(lines.allSatisfy { $0.count == 4 })
        XCTAssertEqual(lines.map { String($0[1]) }, ["Beta", "Beta", "Alpha & Omega", "Alpha & Omega", "Alpha & Omega"])
        XCTAssertEqual(lines.first.map { String($0[2]) }, "Plain text")
        XCTAssertEqual(lines.first.map { String($0[3]) }, "https://example.org/posts/5")
        XCTAssertEqual(try fixture.exportText(ExportOptions(format: .text, search: "nosuchword")), "")
    }

    func testMarkdownGroupsByFeedAndEscapes() throws {
        let fixture = try ExportStoreFixture(self)
        try fixture.addFeed(
            "https://m.example.org/feed", title: "Feed [one]",
            items: [exportArticle(1, title: "*bold* _x_ [link](y) <b>"), exportArticle(2, title: "1. Not a list")])
        try fixture.addFeed(
            "https://n.example.org/feed", title: "Another",
            items: [exportArticle(3, title: "- dash", url: "javascript:alert(1)"), exportArticle(4, hours: 90)])
        let text = try fixture.exportText(ExportOptions(format: .markdown))
        XCTAssertEqual(text.split(separator: "\n").filter { $0.hasPrefix("## ") }.count, 2)
        XCTAssertTrue(text.hasPrefix("## Another\n\n- [Post number 4](<https://example.org/posts/4>) — "), text)
        XCTAssertTrue(text.contains("\n- \\- dash — "), text)
        XCTAssertTrue(text.contains("\n## Feed \\[one\\]\n\n"), text)
        XCTAssertTrue(
            text.contains("- [\\*bold\\* \\_x\\_ \\[link\\]\\(y\\) \\<b\\>](<https://example.org/posts/1>) — "), text)
        XCTAssertTrue(text.contains("- [1\\. Not a list](<https://example.org/posts/2>)"), text)
        XCTAssertFalse(text.contains("javascript:"))
    }

    func testTemplateRendersHeadItemsAndTail() throws {
        let fixture = try ExportStoreFixture.twoFeeds(self)
        let template = fixture.path("t.mustache")
        try """
            {{% CONTENT_TYPE: TEXT }}
            # {{title}} at {{generated}}
            {{#articles}}
            {{index}}. {{title}} <{{url}}> from {{feed}}{{#first}} (newest){{/first}}
            {{/articles}}
            {{count}} articles{{^articles}}, none{{/articles}}

            """.write(toFile: template, atomically: true, encoding: .utf8)
        let text = try fixture.exportText(ExportOptions(limit: 2, templatePath: template))
        XCTAssertEqual(text, """
            # Tidings at 2027-01-15T08:10:00Z
            1. Plain text <https://example.org/posts/5> from Beta (newest)
            2. Post number 4 <https://example.org/posts/4> from Beta
            2 articles

            """)
        let none = try fixture.exportText(ExportOptions(search: "nothingmatches", templatePath: template))
        XCTAssertEqual(none, "# Tidings at 2027-01-15T08:10:00Z\n0 articles, none\n")
        let html = fixture.path("h.mustache")
        try "<li>{{title}}</li>{{{content_html}}}\n".write(toFile: html, atomically: true, encoding: .utf8)
        let perArticle = try fixture.exportText(ExportOptions(limit: 5, templatePath: html))
        XCTAssertTrue(perArticle.contains("<li>Fish &amp; &lt;Chips&gt; &quot;quoted&quot;</li>"), perArticle)
        XCTAssertTrue(perArticle.contains("<b>5</b>"), perArticle)
    }

}
