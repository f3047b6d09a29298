import FeedExport
import FeedModel
import FeedStore
import Foundation
import TestSupport
import XCTest

/// Every format's exact bytes for one fixed store, compared with the files in `Resources/golden`:
/// the writers may be reorganised, their output may not change by a byte. Run with
/// `TIDINGS_RECORD_GOLDEN=1` to write the files anew (then review the diff).
final class ExportGoldenTests: XCTestCase {
    private var savedTZ: String?

    override func setUp() {
        super.setUp()
        // Text, Markdown and HTML show local time: fix the zone so the files hold on any machine.
        savedTZ = ProcessInfo.processInfo.environment["TZ"]
        setenv("TZ", "Asia/Kolkata", 1)
        tzset()
    }

    override func tearDown() {
        if let savedTZ { setenv("TZ", savedTZ, 1) } else { unsetenv("TZ") }
        tzset()
        super.tearDown()
    }

    func testEveryFormatMatchesItsGoldenFile() throws {
        let fixture = try Self.store(self)
        for format in ExportFormat.allCases {
            try assertGolden("\(format.rawValue).out", fixture.export(ExportOptions(format: format)).1)
        }
        try assertGolden(
            "text-terminal.out", fixture.export(ExportOptions(format: .text, terminalWidth: 90)).1)
        try assertGolden("markdown-by-date.out", fixture.export(ExportOptions(format: .markdown, sort: .date)).1)
        let template = fixture.path("page.mustache")
        try Self.template.write(toFile: template, atomically: true, encoding: .utf8)
        try assertGolden("template.out", fixture.export(ExportOptions(templatePath: template)).1)
    }

    func testAggregateHeadersNameTheExportState() throws {
        for format in [ExportFormat.rss, .atom, .json, .html] {
            let fixture = try Self.store(self)
            let options = ExportOptions(format: format, onlyNew: true, stateName: "cron job/ü", limit: 2)
            try assertGolden("\(format.rawValue)-state.out", fixture.export(options).1)
        }
    }

    func testEmptyExportsMatchTheirGoldenFiles() throws {
        let fixture = try ExportStoreFixture(self)
        for format in ExportFormat.allCases {
            try assertGolden("\(format.rawValue)-empty.out", fixture.export(ExportOptions(format: format)).1)
        }
    }

    private func assertGolden(_ name: String, _ bytes: [UInt8], line: UInt = #line) throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/golden/\(name)")
        if ProcessInfo.processInfo.environment["TIDINGS_RECORD_GOLDEN"] == "1" {
            try Data(bytes).write(to: source)
            return
        }
        let url = try XCTUnwrap(
            Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Resources/golden"),
            "no golden file \(name): record it with TIDINGS_RECORD_GOLDEN=1", line: line)
        let expected = try [UInt8](Data(contentsOf: url))
        guard bytes != expected else { return }
        let index = zip(bytes, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(bytes.count, expected.count)
        let context = { (b: [UInt8]) in
            String(decoding: b[max(0, index - 60)..<min(b.count, index + 60)], as: UTF8.self)
        }
        XCTFail(
            "\(name) differs at byte \(index) (\(bytes.count) bytes, golden \(expected.count)):\n"
                + "got:    \(context(bytes))\ngolden: \(context(expected))", line: line)
    }

    /// Three feeds whose articles reach every branch of the writers: markup and control characters
    /// in every field, text and HTML bodies, summaries beside content, several authors and
    /// enclosures, links no reader may follow, a local feed file, missing titles, links and ids.
    private static func store(_ test: XCTestCase) throws -> ExportStoreFixture {
        let fixture = try ExportStoreFixture(test)
        let base = 1_793_491_200.0
        try fixture.addFeed(
            "https://a.example.org/feed.xml", title: "Alpha & <Omega> \"news\"", site: "https://a.example.org/",
            tags: ["news"],
            items: [
                Article(
                    id: "tag:example.org,2026:1", url: "https://a.example.org/posts/1",
                    externalURL: "https://elsewhere.example.net/story?a=1&b=2", title: "Fish & <Chips> \"quoted\"",
                    contentHTML: "<p>See <a href=\"/rel/1\">this</a> and <img src=\"pic.png\" onerror=\"x()\"></p>"
                        + "<script>alert(1)</script><pre>a\tb\nc\\d</pre>",
                    summary: "<b>Short</b> summary & more", image: "https://a.example.org/1.png",
                    published: Date(timeIntervalSince1970: base + 3600),
                    modified: Date(timeIntervalSince1970: base + 7200),
                    authors: [
                        Author(name: "Ann O'Neil", url: "https://ann.example.org/", email: "ann@example.org"),
                        Author(email: "bob@example.org"), Author(name: ""),
                    ],
                    categories: [Category(term: "fish|chips"), Category(term: "<food>")], language: "en",
                    attachments: [
                        Enclosure(url: "https://cdn.example.org/1.mp3", mimeType: "audio/mpeg", sizeInBytes: 1234),
                        Enclosure(url: "https://cdn.example.org/1.ogg"),
                    ],
                    comments: "https://a.example.org/posts/1#comments"),
                Article(
                    id: "2", url: "https://a.example.org/posts/2",
                    title: "Ünïcödé — 漢字 ✓ with\ttab\nand line",
                    contentText: "Plain text body\nwith <angle> & amp\tand tab",
                    published: Date(timeIntervalSince1970: base + 2 * 3600),
                    authors: [Author(name: "Writer\u{1B}[31m Two")]),
                Article(
                    id: "not an iri", url: "javascript:alert(1)", title: "=SUM(A1:A9), \"formula\"",
                    summary: "<p onclick=\"x()\">Only a summary</p>",
                    published: Date(timeIntervalSince1970: base + 3 * 3600)),
                Article(
                    url: "https://a.example.org/posts/4", title: "1. *bold* _x_ [link](y) <b> # | ~ & ! {}",
                    contentHTML: "<div style=\"color:red\">Styled</div>",
                    published: Date(timeIntervalSince1970: base + 4 * 3600)),
            ])
        try fixture.addFeed(
            "/var/feeds/local feed.xml", title: "Local\u{0085} file\u{202E}feed", tags: ["local"],
            items: [
                Article(id: "local-1", published: Date(timeIntervalSince1970: base + 5 * 3600)),
                Article(
                    id: "local-2", url: "https://l.example.org/2?q=<x>&y=\"z\"", title: "- dash first",
                    contentHTML: "<p>Local two</p>", summary: "<p>Local two summary</p>",
                    published: Date(timeIntervalSince1970: base - 400 * 86400),
                    authors: [Author(name: "Zed")],
                    attachments: [Enclosure(url: "https://l.example.org/2.pdf", sizeInBytes: -5)]),
            ])
        try fixture.addFeed(
            "https://b.example.org/atom", title: "Beta", site: "javascript:alert(2)",
            items: (1...3).map { n in
                Article(
                    id: "https://b.example.org/entries/\(n)", url: "https://b.example.org/entries/\(n)",
                    title: "Beta entry \(n)", contentHTML: "<p>Entry <em>\(n)</em></p>",
                    published: Date(timeIntervalSince1970: base + Double(10 + n) * 3600),
                    categories: [Category(term: "b")])
            })
        return fixture
    }

    private static let template = """
        {{% CONTENT_TYPE: TEXT }}
        {{title}} {{generated}} {{generated_local}} {{state}}
          {{#articles}}
        {{index}}{{#first}}*{{/first}} {{id}} {{guid}} {{title}} {{url}} {{external_url}} {{feed}} {{feed_url}}
        {{feed_site_url}} {{date}} {{date_local}} {{timestamp}} {{published}} {{updated}} {{author}}
        {{#authors}}[{{name}} {{email}} {{url}}]{{/authors}} {{#tags}}<{{.}}>{{/tags}}
        {{#enclosures}}({{url}} {{mime_type}} {{size}}){{/enclosures}} {{image}} {{comments}} {{read}} {{starred}}
        {{content_html}}|{{summary_html}}|{{content_text}}
          {{/articles}}
        {{count}} {{^articles}}none{{/articles}}

        """
}
