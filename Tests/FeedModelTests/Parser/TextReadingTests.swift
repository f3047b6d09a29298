import Foundation
import XCTest

@testable import FeedModel

/// Runs of text with references that lie whole in one chunk are read without libxml2
/// (`TextRunReader`, `XMLFeedParser.deliverText`); everything else is read by libxml2 as before.
/// Each document here must give the same feed (or error, with its line) read directly, read by
/// libxml2 alone (`FeedParserOptions.readsTextDirectly` off) and read in small chunks.
final class TextReadingTests: XCTestCase {
    /// Escaped HTML long enough to be read directly, over several lines, with every predefined
    /// entity, kept numeric references and non-ASCII text.
    private static let escaped = (1...4).map {
        "&lt;p class=&quot;x&quot;&gt;Line \($0): caf&#233; &#x1F600; &amp;amp; it&apos;s &#38;lt; a > b ]] c&lt;/p&gt;"
    }.joined(separator: "\n")
    private static let decoded = (1...4).map {
        "<p class=\"x\">Line \($0): caf\u{E9} \u{1F600} &amp; it's &lt; a > b ]] c</p>"
    }.joined(separator: "\n")

    private static let libxml2Only = FeedParserOptions(readsTextDirectly: false)

    private func parse(_ bytes: [UInt8], options: FeedParserOptions = .init()) -> Result<Feed, FeedParseError> {
        Result { () throws(FeedParseError) -> Feed in try FeedParser.parse(bytes, options: options) }
    }

    private func parseChunked(_ bytes: [UInt8], size: Int) -> Result<Feed, FeedParseError> {
        let chunks = stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
        return Result { () throws(FeedParseError) -> Feed in try FeedParser.parse(chunks: chunks) }
    }

    private func assertSameAsLibxml2(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let direct = parse(bytes)
        XCTAssertEqual(direct, parse(bytes, options: Self.libxml2Only), "libxml2 alone", file: file, line: line)
        for size in [7, 61] {
            XCTAssertEqual(direct, parseChunked(bytes, size: size), "chunks of \(size)", file: file, line: line)
        }
    }

    private func assertSameAsLibxml2(_ xml: String, file: StaticString = #filePath, line: UInt = #line) {
        assertSameAsLibxml2(Array(xml.utf8), file: file, line: line)
    }

    private func rss(_ description: String, prolog: String = "") -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>\(prolog)
        <rss version="2.0"><channel><title>T</title>
        <item><title>one</title><description>\(description)</description></item>
        </channel></rss>
        """
    }

    func testEscapedHTMLReadDirectlyEqualsLibxml2sReading() throws {
        let xml = rss(Self.escaped)
        let feed = try parse(Array(xml.utf8)).get()
        XCTAssertTrue(feed.wellformed, feed.error ?? "")
        XCTAssertEqual(feed.items.first?.contentHTML, Self.decoded)
        assertSameAsLibxml2(xml)
    }

    func testCarriageReturnLineFeedReadAsLineFeed() throws {
        let xml = rss(Self.escaped.replacingOccurrences(of: "\n", with: "\r\n"))
        XCTAssertEqual(try parse(Array(xml.utf8)).get().items.first?.contentHTML, Self.decoded)
        assertSameAsLibxml2(xml)
        // Line ends written as references are kept as they are.
        assertSameAsLibxml2(rss(Self.escaped.replacingOccurrences(of: "\n", with: "&#13;&#10;")))
    }

    func testRunsLibxml2MustReadAreLeftToIt() {
        let cases = [
            // A lone carriage return, and one just before a reference or the end of the run.
            rss(Self.escaped.replacingOccurrences(of: "\n", with: "\r")),
            rss(Self.escaped + "\r"),
            rss(Self.escaped.replacingOccurrences(of: "\n&lt;", with: "\r&lt;")),
            // `]]>` in text is an error.
            rss(Self.escaped + " ]]> after"),
            // References the repair rewrites or that are not predefined; a predefined entity
            // redeclared (libxml2 keeps its predefined meaning, and so does the direct reading).
            rss(Self.escaped + " &#146; &#X41; &#1; a & b"),
            rss(Self.escaped + " &nbsp; &eacute; &unknown;"),
            rss(Self.escaped + " &ent;", prolog: "\n<!DOCTYPE rss [<!ENTITY ent \"<b>declared</b> &amp;\">]>"),
            rss(Self.escaped + " &lt;", prolog: "\n<!DOCTYPE rss [<!ENTITY lt \"redeclared\">]>"),
            // Characters XML does not allow, as text and as references.
            rss(Self.escaped + " \u{FFFE} &#xFFFE; &#0; &#xD800; &#x110000;"),
        ]
        for xml in cases { assertSameAsLibxml2(xml) }
    }

    func testTextAfterAnErrorIsLeftToLibxml2() {
        // A mismatched end tag before the run: libxml2's recovery then decides what follows.
        assertSameAsLibxml2(rss("<b>bold</i>" + Self.escaped))
        assertSameAsLibxml2(
            "<rss version=\"2.0\"><channel><item><x:y>\(Self.escaped)</x:y><description>\(Self.escaped)</description></item></channel></rss>")
    }

    func testErrorLineAfterADirectlyReadRunCountsItsLines() throws {
        let xml = """
            <rss version="2.0"><channel><title>T</title>
            <item><description>\(Self.escaped.replacingOccurrences(of: "\n", with: "\r\n"))</description>
            </wrong></item></channel></rss>
            """
        let feed = try parse(Array(xml.utf8)).get()
        let lineOfError = xml.prefix(while: { $0 != "w" }).filter { $0 == "\n" || $0 == "\r\n" }.count + 1
        XCTAssertFalse(feed.wellformed)
        XCTAssertEqual(feed.error?.hasPrefix("line \(lineOfError):"), true, feed.error ?? "no error")
        assertSameAsLibxml2(xml)
    }

    func testBytesThatAreNotUTF8InARun() {
        var bytes = Array(rss(Self.escaped + " X").utf8)
        if let x = bytes.firstIndex(of: UInt8(ascii: "X")) { bytes[x] = 0xE9 }
        assertSameAsLibxml2(bytes)
    }

    func testRunsAfterEveryKindOfMarkup() {
        let xml = """
            <rss version="2.0"><channel><title>T</title>
            <item><title a=">" b="&amp;>&lt;">\(Self.escaped)</title>
            <description><!-- c -->\(Self.escaped)<?pi x?>\(Self.escaped)<![CDATA[x]]>\(Self.escaped)<br/>\(Self.escaped)</description>
            <guid>g</guid>\(Self.escaped)</item>
            \(Self.escaped)</channel></rss>\(Self.escaped)
            """
        assertSameAsLibxml2(xml)
        // Before the document element.
        assertSameAsLibxml2("<?xml version=\"1.0\"?>\n\(Self.escaped)<rss version=\"2.0\"><channel><title>T</title></channel></rss>")
    }

    func testMarkupContentEscapesWhatItReads() throws {
        let xml = """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><title>t</title><content type="xhtml"><div \
            xmlns="http://www.w3.org/1999/xhtml"><p>\(Self.escaped)</p></div></content>\
            <summary type="html">\(Self.escaped)</summary></entry></feed>
            """
        assertSameAsLibxml2(xml)
    }

    /// Every feed input at hand (bundled feeds, test fixtures, the conformance inputs when present)
    /// reads the same directly and by libxml2 alone.
    func testRealInputsReadTheSameDirectlyAndByLibxml2() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let root = tests.deletingLastPathComponent()
        let folders = [
            root.appendingPathComponent("Feeds"), tests,
            root.deletingLastPathComponent().appendingPathComponent("shared/conformance"),
        ]
        var files = 0
        for folder in folders {
            guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walk where url.pathExtension != "swift" {
                guard let data = try? Data(contentsOf: url), !data.isEmpty else { continue }
                let bytes = [UInt8](data)
                XCTAssertEqual(parse(bytes), parse(bytes, options: Self.libxml2Only), url.path)
                files += 1
            }
        }
        XCTAssertGreaterThan(files, 100)
    }
}
