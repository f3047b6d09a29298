import CLibXML2
import FeedModel
import FeedStore
import Foundation
import ReaderControllers
import XCTest

/// Each export format read back with a real parser: RSS, Atom and JSON Feed through FeedModel's
/// parser, HTML through libxml2's HTML parser, CSV and TSV by their field rules.
final class ExportFormatTests: XCTestCase {
    /// Two feeds, five articles, titles with markup characters and non-ASCII text.
    private func fixture() throws -> ExportFixture {
        let fixture = try ExportFixture(self)
        try fixture.addFeed(
            "https://a.example.org/feed.xml", title: "Alpha & Omega", site: "https://a.example.org/",
            items: [
                exportArticle(1, title: "Fish & <Chips> \"quoted\""),
                exportArticle(2, title: "Ünïcödé — 漢字 ✓"),
                exportArticle(3, content: "<p>See <a href=\"/rel/3\">this</a></p>"),
            ])
        try fixture.addFeed(
            "https://b.example.org/atom", title: "Beta", site: "https://b.example.org/", tags: ["science"],
            items: [exportArticle(4, hours: 40), exportArticle(5, title: "Plain text", hours: 50)])
        return fixture
    }

    private func expectedRows(_ fixture: ExportFixture) throws -> [StoredArticle] {
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
        let fixture = try fixture()
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
        let fixture = try fixture()
        let (_, bytes) = try fixture.export(ExportOptions(format: .json))
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        XCTAssertEqual(json["version"] as? String, "https://jsonfeed.org/version/1.1")
        let items = try XCTUnwrap(json["items"] as? [[String: Any]])
        let sources = items.map { (($0["_tidings"] as? [String: Any])?["source"] as? [String: Any])?["title"] as? String }
        XCTAssertEqual(sources, ["Beta", "Beta", "Alpha & Omega", "Alpha & Omega", "Alpha & Omega"])
        XCTAssertEqual(items.first?["date_published"] as? String, "2026-11-03T02:00:00Z")
    }

    func testEmptyAggregateFeedsAreStillValid() throws {
        let fixture = try ExportFixture(self)
        for format in [ExportFormat.rss, .atom, .json] {
            let (summary, bytes) = try fixture.export(ExportOptions(format: format))
            XCTAssertEqual(summary.exported, 0)
            let feed = try FeedParser.parse(bytes)
            XCTAssertTrue(feed.wellformed, "\(format)")
            XCTAssertEqual(feed.items.count, 0)
        }
    }

    func testHTMLIsWellFormedAndNothingHostileSurvives() throws {
        let fixture = try ExportFixture(self)
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

    func testCSVHasTenFieldsPerRecordWhateverTheTitlesHold() throws {
        let fixture = try ExportFixture(self)
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
        let fixture = try ExportFixture(self)
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
        let fixture = try fixture()
        let text = try fixture.exportText(ExportOptions(format: .text))
        let lines = text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        XCTAssertEqual(lines.count, 5)
        XCTAssertTrue(lines.allSatisfy { $0.count == 4 })
        XCTAssertEqual(lines.map { String($0[1]) }, ["Beta", "Beta", "Alpha & Omega", "Alpha & Omega", "Alpha & Omega"])
        XCTAssertEqual(lines.first.map { String($0[2]) }, "Plain text")
        XCTAssertEqual(lines.first.map { String($0[3]) }, "https://example.org/posts/5")
        XCTAssertEqual(try fixture.exportText(ExportOptions(format: .text, search: "nosuchword")), "")
    }

    func testTextAlignsColumnsOnATerminalAndDropsControlCharacters() throws {
        let fixture = try ExportFixture(self)
        try fixture.addFeed(
            "https://e.example.org/feed", title: "E\u{1B}[31m feed",
            items: [
                exportArticle(1, title: "Short"),
                exportArticle(2, title: "A much longer title that will not fit in the column at all, surely not"),
                exportArticle(3, title: "漢字のタイトル\u{202E}reversed"),
            ])
        let text = try fixture.exportText(ExportOptions(format: .text, terminalWidth: 100))
        XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        let urlColumns = text.split(separator: "\n").map { line -> Int in
            let prefix = line[..<(line.range(of: "https://")?.lowerBound ?? line.endIndex)]
            return prefix.unicodeScalars.reduce(0) { $0 + (($1.value >= 0x3000 && $1.value < 0xA000) ? 2 : 1) }
        }
        XCTAssertEqual(urlColumns.count, 3)
        XCTAssertEqual(Set(urlColumns).count, 1, "URLs start in one column: \(text)")
        XCTAssertTrue(text.contains("…"))
    }

    func testMarkdownGroupsByFeedAndEscapes() throws {
        let fixture = try ExportFixture(self)
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
        let fixture = try fixture()
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

    func testInvalidTemplateIsRefusedBeforeAnythingIsWritten() throws {
        let fixture = try fixture()
        let template = fixture.path("bad.mustache")
        try "{{#articles}}{{title}}{{/wrong}}".write(toFile: template, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try fixture.export(ExportOptions(templatePath: template))) { error in
            guard case .templateInvalid? = error as? ExportError else { return XCTFail("\(error)") }
            XCTAssertEqual((error as? ExportError)?.exitStatus, .dataError)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.path("out")))
        XCTAssertThrowsError(try fixture.export(ExportOptions(templatePath: fixture.path("missing")))) { error in
            XCTAssertEqual((error as? ExportError)?.exitStatus, .noInput)
        }
    }
}

/// Parses HTML with libxml2's HTML parser and reports errors (other than HTML5 element names the
/// HTML 4 parser does not know), element counts, event handlers and script URLs.
struct HTMLCheck {
    private(set) var errors: [String] = []
    private(set) var elements: [String: Int] = [:]
    private(set) var eventHandlers: [String] = []
    private(set) var scriptURLs: [String] = []
    private(set) var styleAttributes = 0

    init(_ bytes: [UInt8]) {
        let collected = ErrorList()
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(collected).toOpaque()) { data, error in
            guard let data, let error else { return }
            // HTML5 elements (article, main, time...) are unknown to libxml2's HTML 4 parser.
            guard error.pointee.code != Int32(XML_HTML_UNKNOWN_TAG.rawValue) else { return }
            let message = error.pointee.message.map { String(cString: $0) } ?? "error \(error.pointee.code)"
            Unmanaged<ErrorList>.fromOpaque(data).takeUnretainedValue().messages.append(
                "line \(error.pointee.line): \(message)")
        }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let options = Int32(HTML_PARSE_NONET.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                htmlReadMemory($0, Int32(buffer.count), "export.html", "UTF-8", options)
            }
        }
        guard let document else {
            errors = ["not parsed"]
            return
        }
        defer { xmlFreeDoc(document) }
        errors = collected.messages
        visit(xmlDocGetRootElement(document))
    }

    private final class ErrorList {
        var messages: [String] = []
    }

    func count(_ element: String) -> Int { elements[element] ?? 0 }

    private mutating func visit(_ node: xmlNodePtr?) {
        var node = node
        while let current = node {
            if current.pointee.type == XML_ELEMENT_NODE {
                let name = String(cString: current.pointee.name)
                elements[name, default: 0] += 1
                var attribute = current.pointee.properties
                while let a = attribute {
                    let key = String(cString: a.pointee.name).lowercased()
                    var value = ""
                    var child = a.pointee.children
                    while let text = child {
                        if let content = text.pointee.content { value += String(cString: content) }
                        child = text.pointee.next
                    }
                    if key.hasPrefix("on") { eventHandlers.append("\(name) \(key)") }
                    if key == "style" { styleAttributes += 1 }
                    let squeezed = value.lowercased().filter { !$0.isWhitespace }
                    if squeezed.contains("javascript:") || squeezed.contains("vbscript:") {
                        scriptURLs.append("\(name) \(key)=\(value)")
                    }
                    attribute = a.pointee.next
                }
                visit(current.pointee.children)
            }
            node = current.pointee.next
        }
    }
}

/// A strict RFC 4180 reader for the tests.
enum CSVReader {
    struct Malformed: Error {}

    static func records(_ text: String) throws -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var atFieldStart = true
        var scalars = Array(text.unicodeScalars)[...]
        while let c = scalars.popFirst() {
            if quoted {
                if c == "\"" {
                    if scalars.first == "\"" {
                        field.unicodeScalars.append("\"")
                        scalars.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case "\"":
                guard atFieldStart else { throw Malformed() }
                quoted = true
                atFieldStart = false
            case ",":
                record.append(field)
                field = ""
                atFieldStart = true
            case "\r":
                guard scalars.popFirst() == "\n" else { throw Malformed() }
                record.append(field)
                records.append(record)
                record = []
                field = ""
                atFieldStart = true
            case "\n":
                throw Malformed()
            default:
                field.unicodeScalars.append(c)
                atFieldStart = false
            }
        }
        guard !quoted, record.isEmpty, field.isEmpty else { throw Malformed() }
        return records
    }
}
