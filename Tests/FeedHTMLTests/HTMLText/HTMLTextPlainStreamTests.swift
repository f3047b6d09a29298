import Foundation
import XCTest

@testable import FeedHTML
@testable import FeedModel

/// `HTMLText.plainText` reads libxml2's parse events without building a document; it must give
/// exactly the text of the document walk it replaced (`plainTextFromDocument`), byte for byte: it is
/// what the search index holds and what summaries and exports show. Compared on every body, title
/// and summary of the bundled feeds, the test inputs, the fuzz seeds and (when present) the gofeed
/// conformance inputs, on each of those files read whole as HTML, on markup libxml2 nests in odd
/// ways, and on generated tag soup. `tidings-bench plaintext` runs the same comparison on the bench
/// corpus.
final class HTMLTextPlainStreamTests: XCTestCase {
    private struct Comparison {
        var inputs = 0
        var bytes = 0
        var differences: [String] = []

        mutating func compare(_ html: String?, _ origin: @autoclosure () -> String) {
            guard let html, !html.isEmpty else { return }
            inputs += 1
            bytes += html.utf8.count
            let streamed = HTMLText.plainText(html)
            let walked = HTMLText.plainTextFromDocument(html)
            if streamed != walked, differences.count < 10 {
                differences.append("\(origin()): \(html.prefix(200).debugDescription)\n  stream: "
                    + "\(streamed.prefix(200).debugDescription)\n  tree:   \(walked.prefix(200).debugDescription)")
            }
        }
    }

    private static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testSameTextAsTheDocumentWalkOnEveryBodyOfTheRepositoryFiles() throws {
        var folders = ["Feeds", "Tests/FeedModelTests/Resources", "Tests/FeedHTMLTests/Resources", "Tests/FeedExportTests/Resources", "Fuzz/Seeds"]
            .map { Self.packageRoot.appendingPathComponent($0) }
        let conformance = Self.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance")
        let hasConformance = FileManager.default.fileExists(atPath: conformance.path)
        if hasConformance { folders.append(conformance) }
        var comparison = Comparison()
        var files = 0
        for folder in folders {
            let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                guard let data = try? Data(contentsOf: url), !data.isEmpty, data.count < 8 << 20 else { continue }
                files += 1
                let name = url.path.replacingOccurrences(of: Self.packageRoot.path + "/", with: "")
                comparison.compare(String(decoding: data, as: UTF8.self), "\(name) read whole as HTML")
                guard let feed = try? FeedParser.parse(data) else { continue }
                for (index, item) in feed.items.enumerated() {
                    comparison.compare(item.contentHTML, "\(name) item \(index) content")
                    comparison.compare(item.summary, "\(name) item \(index) summary")
                    comparison.compare(item.contentText, "\(name) item \(index) text content")
                    comparison.compare(item.title, "\(name) item \(index) title")
                }
                comparison.compare(feed.description, "\(name) description")
            }
        }
        print("plain text, stream against document walk: \(comparison.inputs) inputs (\(comparison.bytes) bytes) "
            + "from \(files) files, \(comparison.differences.count) differences")
        XCTAssertGreaterThan(files, 100, "the inputs were found")
        // The repository's own files give about 800 inputs; the conformance inputs, when present, 1,000 more.
        XCTAssertGreaterThan(comparison.inputs, hasConformance ? 1000 : 500)
        XCTAssertEqual(comparison.differences, [])
    }

    /// Markup whose tree is not what it looks like: implied and auto-closed elements, text outside
    /// `body`, a second `body` or `html`, dropped elements cut short, names with prefixes, white space
    /// libxml2 files in odd places, entities, CDATA, comments and processing instructions.
    func testSameTextOnMarkupLibxml2NestsOddly() {
        let inputs = [
            "<span>a</span><img src=x> <span>b</span>", "<p>x</p> <p>y</p>", "a</body>b", "a</html>b <p>c</p>",
            "<html></html> <p>x</p>", "<title>T</title>body", "<head><title>t</title></head>x", "<meta charset=x>a",
            "<body>one</body><body>two</body>", "x<body>y</body>z", "<html><body>a</body></html><body>b",
            "<html><head></head><body>a</body></html> after", "<!-- c --><p>x</p>", "<?php echo 1 ?>a <b>b</b>",
            "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\"><body> <b>a</b> <b>b</b></body>",
            "<!DOCTYPE html>a<!DOCTYPE x>b", "<script>alert(1)</script>after", "a<script>x</script>b",
            "<style>p{}</style>a", "<iframe>fb <p>in</p></iframe> b", "<iframe>x", "a <noscript>n</noscript> b",
            "<svg:p>a</svg:p>b<x:div>c</x:div>", "<:p>a</:p>b", "<p:>a</p:>b", "<template>t</template>x",
            "<table><tr><td>a</td><td>b</td></tr></table>c", "<ul><li>a<li>b</ul>c", "<p>a<div>b</div>c</p>d",
            "<b>a<p>b</b>c</p>", "<![CDATA[x]]>y", "<select><option>a<option>b</select>", "&amp;&lt;&#146;&#x1F600;&nbsp;x",
            "&bogus; &#; &#xZZ; & ;", "a<br>b<br/>c<wbr>d", "<textarea>a <b>b</b></textarea>c", "<xmp>a<b>b</b></xmp>c",
            "<plaintext>a<b>b", "<a href=x>a</a><a>b</a>", "  \n\t ", "<", ">", "</>", "<>", "<p", "a<!--", "a<!--x",
            "<frameset><frame></frameset>x", "<noframes>n</noframes>x", "<object>o<param>p</object>q",
            "<html><html><body><body>x", "<head>a<body>b", "<p>\u{0}x</p>", "a\u{1}b\u{85}c\u{A0}d",
            String(repeating: "<div>", count: 400) + "deep" + String(repeating: "</div>", count: 400) + "out",
            String(repeating: "  ", count: 700) + "<b>x</b>" + String(repeating: " ", count: 1500) + "<i>y</i>",
            "<p>" + String(repeating: "word ", count: 600) + "</p>",
        ]
        var comparison = Comparison()
        for (index, html) in inputs.enumerated() { comparison.compare(html, "input \(index)") }
        // Invalid UTF-8 (libxml2 reads the rest as ISO-8859-1).
        for bytes: [UInt8] in [[0x61, 0x92, 0x62], [0x3C, 0x70, 0x3E, 0xC3, 0x28, 0x3C, 0x2F, 0x70, 0x3E], [0xFF, 0xFE, 0x61]] {
            comparison.compare(String(decoding: bytes, as: UTF8.self), "bytes \(bytes)")
        }
        XCTAssertEqual(comparison.differences, [])
        XCTAssertEqual(HTMLText.plainText("<span>a</span><img src=x> <span>b</span>"), "a b")
        XCTAssertEqual(HTMLText.plainText("a</body>b"), "a")
        XCTAssertEqual(HTMLText.plainText("<title>T</title>body"), "body")
    }

    /// Random tag soup from a fixed seed: tags of every kind the walk treats differently, unclosed and
    /// misnested, with text, white space, entities, comments and stray `<`.
    func testSameTextOnGeneratedTagSoup() {
        let pieces = [
            "<p>", "</p>", "<div>", "</div>", "<b>", "</b>", "<i>", "</i>", "<span>", "</span>", "<a href='x'>", "</a>",
            "<br>", "<img src=x>", "<li>", "<ul>", "</ul>", "<ol start=3>", "<table>", "<tr>", "<td>", "</td>",
            "<script>", "</script>", "<style>", "</style>", "<iframe>", "</iframe>", "<noscript>", "</noscript>",
            "<head>", "</head>", "<body>", "</body>", "<html>", "</html>", "<title>", "</title>", "<meta x=y>",
            "<!-- c -->", "<?pi x?>", "<![CDATA[c]]>", "<!DOCTYPE html>", "<x:y>", "</x:y>", "<unknown>", "</unknown>",
            "<pre>", "</pre>", "<h1>", "</h1>", "<blockquote>", "<select>", "<option>", "<textarea>", "</textarea>",
            "<object>", "</object>", "<frameset>", "<wbr>", "<embed>", "<source>", "<svg>", "</svg>",
            "word", "two words", " ", "  ", "\n", "\t", "&amp;", "&lt;", "&nbsp;", "&#146;", "&#x2003;", "&bad;", "<",
            ">", "&", "é", "日本", "\u{3000}", "\u{85}", "</", "<p", "='", "\"",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var comparison = Comparison()
        for index in 0..<3000 {
            var html = ""
            for _ in 0..<(1 + next(40)) { html += pieces[next(pieces.count)] }
            comparison.compare(html, "soup \(index)")
        }
        XCTAssertEqual(comparison.inputs, 3000)
        XCTAssertEqual(comparison.differences, [])
    }
}
