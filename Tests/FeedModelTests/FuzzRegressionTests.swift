@testable import FeedHTML
@testable import FeedModel
import Foundation
import TestSupport
import XCTest

/// Inputs the fuzz harnesses (Fuzz/, `make fuzz`) found breaking a property, each kept as a seed
/// under Fuzz/Seeds/<target>/ as well.
final class FeedModelFuzzRegressionTests: XCTestCase {
    /// fuzz-feed-stream (Fuzz/Seeds/fuzz-feed-stream/invalid-utf8-in-cdata-read-in-blocks): a byte that
    /// is not UTF-8 in a CDATA section was reported on the section's opening line when the document
    /// came whole (libxml2 checks the content at once when its `]]>` is there), but 30 lines further
    /// down when it came in chunks (libxml2 hands the content on in 300-byte blocks, moving its
    /// line, while it waits for the end). It is reported on the opening line either way now.
    func testInvalidUTF8InACDATASectionIsReportedOnItsOpeningLineHoweverTheDocumentIsChunked() throws {
        let seed = [UInt8](try Data(contentsOf: TestFeedServer.packageRoot.appendingPathComponent(
            "Fuzz/Seeds/fuzz-feed-stream/invalid-utf8-in-cdata-read-in-blocks")))
        // The harness reads the first byte as the count of the chunk-size bytes that follow it.
        let steering = Int(seed[0] % 16)
        let finding = Array(seed.dropFirst(1 + steering))
        let filler = String(repeating: "plain text of a long section\n", count: 30)
        let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\"><channel><title>t</title><item><title>a</title><description><![CDATA[\(filler)]]></description>\n<guid>1</guid><description><![CDATA[x\ny "
        let tail = "<![ z]]></description></item></channel></rss>"
        let second = Array((head + filler).utf8) + [0xEA] + Array(tail.utf8)
        // The bad byte at once, in a section after one that went in blocks.
        let third = Array(head.utf8) + [0xEA] + Array((filler + tail).utf8)
        // The second section's opener (after a first section long enough to go in blocks) is on line 33.
        for (document, line) in [(finding, 10), (second, 33), (third, 33)] {
            let whole = Result { () throws(FeedParseError) -> Feed in try FeedParser.parse(document) }
            let error = try whole.get().error
            XCTAssertEqual(error?.hasPrefix("line \(line): Input is not proper UTF-8"), true, error ?? "no error")
            for size in [1, 7, 255, 301, 4096] {
                let chunks = DocumentChunks.pieces(document, size: size)
                let chunked = Result { () throws(FeedParseError) -> Feed in try FeedParser.parse(chunks: chunks) }
                XCTAssertEqual(chunked, whole, "chunks of \(size)")
            }
        }
    }

    /// fuzz-sanitize: characters escaping drops (DEL, U+0001) before a line feed at the start left
    /// the line feed as the first output, which the second pass then trimmed: not idempotent.
    func testSanitizingTwiceChangesNothingWhenDroppedControlsLeadTheText() {
        for html in ["\u{7F}\u{1}\n", "\u{1}\n x", "\u{81}\t<b>y</b>", "\u{FFFE} \n\u{1}z"] {
            let once = HTMLSanitizer.sanitize(html, baseURL: "https://example.org/")
            XCTAssertEqual(HTMLSanitizer.sanitize(once, baseURL: "https://example.org/"), once, "input \(html.debugDescription)")
            XCTAssertFalse(once.first?.isWhitespace ?? false, "output \(once.debugDescription) starts with white space")
        }
        XCTAssertEqual(HTMLSanitizer.sanitize("\u{7F}\u{1}\n", baseURL: nil), "")
        XCTAssertEqual(HTMLSanitizer.sanitize("\u{1}\n x", baseURL: nil), "x")
    }

    /// fuzz-sanitize (Fuzz/Seeds/fuzz-sanitize/table-row-not-idempotent.html): `</<xmp>tr>` opened an
    /// `xmp` inside a table row, and the next `<tr>` was parsed inside the `xmp`. The sanitizer
    /// removes the `xmp` tags, so its output had a `<tr>` straight inside a `<tr>`, which the parser
    /// reading it again closes: the second pass moved `</tr>`. The sanitizer now writes the end tags
    /// such a start tag implies (`HTMLReparseRules`), for every element it writes.
    func testSanitizingTwiceChangesNothingWhenARemovedTagHeldAnElementOpen() throws {
        let seed = try Data(contentsOf: TestFeedServer.packageRoot.appendingPathComponent(
            "Fuzz/Seeds/fuzz-sanitize/table-row-not-idempotent.html"))
        // The harness reads the first byte as its choice of base URL (here none).
        let finding = String(decoding: seed.dropFirst(), as: UTF8.self)
        let variants = [
            finding,
            "<table><tr><th>a</th></<xmp>tr>\n<tr><td>b</td></tr>\n</table>",
            "<table><tr><td>a<custom><td>b</td></custom>c</td></tr></table>",
            "<table><tr><th>a<nobr><th>b</nobr></th></tr></table>",
            "<table><thead><tr><td>h<form><tbody><tr><td>b</form></td></tr></tbody></table>",
            "<table><caption>c<object><tr><td>x</td></tr></object></caption></table>",
            "<table><colgroup><col><label><colgroup><col></label></colgroup></table>",
            "<table><tr><td>a<iframe><tfoot><tr><td>f</iframe></td></tr></table>",
            "<ul><li>a<label><li>b</label></li></ul>",
            "<ol><li>a<xmp><ul><li>b</ul></xmp></li></ol>",
            "<dl><dt>t<legend><dd>d</legend></dt></dl>",
            "<p>a<applet><div>b</div></applet>c</p>",
            "<b>x<unknown><p>y</p></unknown>z</b>",
            "<a href=\"/1\">one<fieldset><a href=\"/2\">two</a></fieldset></a>",
            "<table><tr><td><table><tr><td>in<xmp></td></tr></table><tr><td>out</xmp></td></tr></table>",
            "<table><tr><td>a<source><keygen><tr><td>b</td></tr></table>",
        ]
        for html in variants {
            let once = HTMLSanitizer.sanitize(html, baseURL: nil)
            XCTAssertEqual(HTMLSanitizer.sanitize(once, baseURL: nil), once, "input \(html.debugDescription)")
        }
        XCTAssertEqual(
            HTMLSanitizer.sanitize(variants[1], baseURL: nil),
            "<table><tr><th>a</th>tr&gt;\n</tr><tr><td>b</td></tr>\n</table>")
        XCTAssertEqual(
            HTMLSanitizer.sanitize(variants[8], baseURL: nil), "<ul><li>a</li><li>b</li></ul>")
        XCTAssertTrue(HTMLSanitizer.sanitize(finding, baseURL: nil).contains("tr&gt;\n  </tr><tr><td"))
    }

    /// fuzz-sanitize (Fuzz/Seeds/fuzz-sanitize/srcset-candidate-escaping-drops): a `srcset` candidate
    /// that was only U+FFFE passed as a relative URL, and escaping then wrote nothing for it, so the
    /// output ended in `, ` which a second pass took away. URLs and descriptors are now judged as
    /// they will be written: without what escaping drops, C1 controls as their windows-1252 characters.
    func testSanitizingTwiceChangesNothingWhenAURLIsOnlyWhatEscapingDrops() {
        let cases: [(String, String)] = [
            ("<img srcset=\"a.png, \u{FFFE}\">", "<img srcset=\"a.png\">"),
            ("<img srcset=\"a.png \u{FFFF}, b.png 2x\u{7F}\">", "<img srcset=\"a.png, b.png 2x\">"),
            ("<img srcset=\"a.png\r\n2x\">", "<img srcset=\"a.png 2x\">"),
            ("<a href=\"\u{FFFE}\">x</a>", "<a>x</a>"),
            ("<a href=\"\u{81}\u{9D}\">x</a>", "<a>x</a>"),
            ("<a href=\"/\u{92}s\">x</a>", "<a href=\"/\u{2019}s\">x</a>"),
            ("<img src=\"\u{1}\u{FFFF}\" alt=\"a\">", "<img alt=\"a\">"),
            // fuzz-sanitize (srcset-only-no-break-space): a URL of white space only was written empty.
            ("h <img srcset=&nbsp;\u{1}\u{C}\u{17}1x>", "h <img>"),
            ("<a href=\"\u{A0}\u{2003}\">x</a>", "<a>x</a>"),
        ]
        for (html, expected) in cases {
            let once = HTMLSanitizer.sanitize(html, baseURL: nil)
            XCTAssertEqual(once, expected, "input \(html.debugDescription)")
            XCTAssertEqual(HTMLSanitizer.sanitize(once, baseURL: nil), once, "input \(html.debugDescription)")
            XCTAssertEqual(
                HTMLSanitizer.sanitize(HTMLSanitizer.sanitize(html, baseURL: "https://e.example/d/"), baseURL: "https://e.example/d/"),
                HTMLSanitizer.sanitize(html, baseURL: "https://e.example/d/"), "input \(html.debugDescription)")
        }
    }

    /// fuzz-newsboat: a quoted part inside a URL (`//"/\t":`) gives a URL with a tab, which writing the
    /// file dropped, so the feed came back as another URL.
    func testNewsboatURLWithQuotedWhiteSpaceReadsBackTheSame() throws {
        let list = try NewsboatURLs.read(Data("\n//\"/\t\":\nhttps://e.example/a#b \"~T\" x\n".utf8))
        XCTAssertEqual(list.entries.map(\.url), ["///\t:", "https://e.example/a#b"])
        let written = NewsboatURLs.serialize(list.entries)
        let reread = try NewsboatURLs.read(Data(written.utf8))
        XCTAssertEqual(reread.entries.map(\.url), list.entries.map(\.url))
        XCTAssertEqual(reread.entries.map(\.title), list.entries.map(\.title))
        XCTAssertEqual(reread.entries.map(\.tags), list.entries.map(\.tags))
        XCTAssertEqual(written, "\"///\t:\"\n\"https://e.example/a#b\" \"~T\" x\n")
    }

    /// fuzz-opml: a list without `version` whose root declares namespaces. The writer put the
    /// `version` it adds before the declarations, the reader gives declarations first, so the second
    /// write of the same list came out in another order.
    /// fuzz-opml (Fuzz/Seeds/fuzz-opml/ampersand-in-namespace-name): libxml2 keeps `&amp;` in a
    /// namespace declaration as `&#38;`; the reader took that as the name, the writer escaped it to
    /// `&amp;#38;`, and the list did not read back (libxml2 then finds no valid URI and the reader stops).
    func testAnAmpersandInANamespaceNameReadsAsWrittenAndBack() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0" xmlns:ext="&amp;https://x.example/ext"><head></head><body>\
            <outline text="a" xmlUrl="https://x.example/feed"/></body></opml>
            """
        let document = try OPMLDocument(data: Data(xml.utf8))
        XCTAssertTrue(document.rootAttributes.contains(FeedListAttribute(name: "xmlns:ext", value: "&https://x.example/ext")))
        let reread = try OPMLDocument(data: document.serialized())
        XCTAssertEqual(reread.rootAttributes, document.rootAttributes)
        XCTAssertEqual(reread.outlines, document.outlines)
    }

    func testWritingAReadBackListGivesTheSameBytes() throws {
        let lists = [
            #"<opml versio="1" xmlns:x="urn:x" xmlns:ext="https://e.example/"><body><outline text="a" xmlUrl="https://a.example/f"/></body></opml>"#,
            #"<opml a="1"><body><outline tidings:refresh="60" xmlns:tidings="urn:tidings:opml:1" text="b" xmlUrl="https://b.example/f"/></body></opml>"#,
            // fuzz-opml: U+FEFF is an XML name character; the writer's own name check dropped the attribute.
            "<opml version=\"2.0\"><body><outline te\u{FEFF}xt=\"c\" x\u{B7}y=\"1\" xmlUrl=\"https://c.example/f\"/></body></opml>",
        ]
        for list in lists {
            let document = try OPMLDocument(data: Data(list.utf8))
            let written = document.serialized()
            let reread = try OPMLDocument(data: written)
            XCTAssertEqual(reread.serialized(), written, list)
            XCTAssertEqual(reread.entries, document.entries, list)
            XCTAssertEqual(reread.outlines, document.outlines, list)
        }
    }
}

/// fuzz-discovery, fuzz-opml: bytes that fail libxml2's input conversion made it print
/// `encoding error : input conversion failed ...` on standard error.
final class LibXMLQuietTests: XCTestCase {
    func testDiscoveryAndOPMLWriteNothingToStandardError() throws {
        let page: [UInt8] = [0x00, 0x00, 0x00, 0x3C, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x3E]
        let written = try capturingStandardError {
            _ = FeedDiscovery.discover(html: page, baseURL: "https://example.org/")
            XCTAssertThrowsError(try OPMLDocument(data: Data(page)))
        }
        XCTAssertEqual(written, "")
    }

    /// Runs `body` with file descriptor 2 pointing into a temporary file; returns what was written.
    private func capturingStandardError(_ body: () throws -> Void) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        let file = open(url.path, O_CREAT | O_RDWR | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(file, 0)
        let saved = dup(2)
        dup2(file, 2)
        defer {
            dup2(saved, 2)
            close(saved)
            close(file)
        }
        try body()
        return try String(contentsOf: url, encoding: .utf8)
    }
}

/// fuzz-feed: an Atom 0.3 text construct with naked child elements kept the tags in the title.
final class AtomNakedMarkupTests: XCTestCase {
    func testTextConstructWithChildElementsIsPlainText() throws {
        let document = """
            <feed version="0.3" xmlns="http://purl.org/atom/ns#">
              <title><p>Feed Title</p></title>
              <entry><title>A <b>bold</b> move</title><id>1</id></entry>
            </feed>
            """
        let feed = try FeedParser.parse(Array(document.utf8))
        XCTAssertEqual(feed.title, "Feed Title")
        XCTAssertEqual(feed.items.first?.title, "A bold move")
        let escaped = try FeedParser.parse(Array("""
            <feed xmlns="http://www.w3.org/2005/Atom"><title>x &lt;p&gt; y</title></feed>
            """.utf8))
        XCTAssertEqual(escaped.title, "x <p> y", "escaped text in a text title stays text")
    }
}

/// fuzz-sanitize: with a `file:` base (a feed read from disk) a relative `src` resolved to a `file:`
/// URL that a second pass then removed.
final class SanitizerFileBaseTests: XCTestCase {
    func testFileBaseResolvesOnceAndKeepsTheResultOnASecondPass() {
        let base = "file:///tmp/feed.xml"
        let once = HTMLSanitizer.sanitize("a<audio src=\"a\">>)</audio>", baseURL: base)
        XCTAssertEqual(once, "a<audio src=\"file:///tmp/a\">&gt;)</audio>")
        XCTAssertEqual(HTMLSanitizer.sanitize(once, baseURL: base), once)
        XCTAssertEqual(
            HTMLSanitizer.sanitize("<a href=\"file:///etc/passwd\">x</a>", baseURL: "https://example.org/"), "<a>x</a>",
            "a file: URL from a web feed is still removed")
    }
}

/// fuzz-json-feed: a `\u0000` escape put a NUL into an item title.
final class JSONFeedControlTests: XCTestCase {
    func testJSONEscapedNULIsDroppedFromText() throws {
        let json = #"{"version": "https://jsonfeed.org/version/1.1", "title": "A\u0001B", "items": [{"id": "1", "title": "x\u0000y\tz"}]}"#
        let feed = try FeedParser.parse(Array(json.utf8))
        XCTAssertEqual(feed.title, "A\u{1}B", "other controls stay for the terminal sanitizer to handle")
        XCTAssertEqual(feed.items.first?.title, "xy\tz")
    }
}

/// fuzz-feed, fuzz-feed-stream (Fuzz/Seeds/fuzz-feed/repeated-field-leak): a field given twice in an
/// entry leaked its first value. Swift 6.3 does not release the old value of a property assigned
/// through an optional chain (`item?.commentRss = ...`) inside a noncopyable value (FeedBuilder);
/// the entry is now written in place. The leak itself is caught by the fuzz smoke (AddressSanitizer
/// with leak detection) on the seed; this checks that each repeated field still reads as before.
final class RepeatedEntryFieldTests: XCTestCase {
    func testRepeatedFieldsKeepTheirPrecedenceAndNothingIsCarriedIntoTheNextEntry() throws {
        let document = """
            <rss version="2.0" xmlns:wfw="http://wellformedweb.org/CommentAPI/"
              xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
            <channel><title>t</title>
            <item><title>first title of the entry</title><title>second title of the entry</title>
              <wfw:commentRss>https://e.example/comments/first-feed.xml</wfw:commentRss>
              <wfw:commentRss>https://e.example/comments/second-feed.xml</wfw:commentRss>
              <itunes:summary>the first summary, long enough</itunes:summary>
              <itunes:summary>the second summary, long enough</itunes:summary>
              <link>https://e.example/posts/first-link</link><link>https://e.example/posts/second-link</link>
            </item>
            <item><dc:title>a half-read entry at the end of the document</dc:title>
            """
        // Cut off in the second entry: that entry is left out (`CutOffDocumentTests`).
        let cut = try FeedParser.parse(Array(document.utf8))
        XCTAssertFalse(cut.isComplete)
        XCTAssertEqual(cut.items.map(\.title), ["first title of the entry"])
        let feed = try FeedParser.parse(Array((document + "</item></channel></rss>").utf8))
        XCTAssertEqual(feed.items.count, 2)
        let first = try XCTUnwrap(feed.items.first)
        XCTAssertEqual(first.title, "first title of the entry")
        XCTAssertEqual(first.comments, "https://e.example/comments/second-feed.xml")
        XCTAssertEqual(first.summary, "the second summary, long enough")
        XCTAssertEqual(first.url, "https://e.example/posts/first-link")
        XCTAssertEqual(feed.items.last?.title, "a half-read entry at the end of the document")
        XCTAssertNil(feed.items.last?.comments, "nothing of the first entry is carried into the next")
        XCTAssertNil(feed.items.last?.summary)
    }
}

/// fuzz-feed (Fuzz/Seeds/fuzz-feed/base64-title-control): an Atom 0.3 title in `mode="base64"`
/// decoded to a C0 control (U+001A), which no XML text field can hold.
final class Base64FieldTests: XCTestCase {
    func testBase64TextHoldsOnlyXMLCharacters() throws {
        let document = """
            <feed version="0.3" xmlns="http://purl.org/atom/ns#">
              <title mode="base64">RmVlZCUaRXBsZQ==</title>
              <entry><title mode="base64">\(Data("a\u{1}\tb\u{FFFE}c".utf8).base64EncodedString())</title><id>1</id></entry>
            </feed>
            """
        let feed = try FeedParser.parse(Array(document.utf8))
        XCTAssertEqual(feed.title, "Feed%Eple")
        XCTAssertEqual(feed.items.first?.title, "a\tbc")
    }
}

/// fuzz-feed (Fuzz/Seeds/fuzz-feed/c0-control-in-author): `&#1;` inside CDATA in an RSS `webMaster`
/// put U+0001 into the feed's author. Not the encoding (the document's 0x94 and 0xDC bytes only made
/// it windows-1252): one-line fields decode references a second time (`EntityDecoder`, for text a
/// feed escaped twice or wrapped in CDATA), and that decoding kept the C0 controls XML forbids,
/// which the first decoding (`ReferenceRepair`) drops. Both now read a reference alike.
final class TwiceEscapedReferenceTests: XCTestCase {
    func testAReferenceToAForbiddenControlIsDroppedWhereverItIsDecoded() throws {
        let seed = try Data(contentsOf: TestFeedServer.packageRoot.appendingPathComponent(
            "Fuzz/Seeds/fuzz-feed/c0-control-in-author"))
        let found = try FeedParser.parse(Array(seed))
        XCTAssertEqual(found.authors.first?.name, "&lt&;jped WeÜbMaster</p>")

        let document = """
            <rss version="2.0"><channel><title>a&amp;#1;b&amp;#x1F;c</title>
            <webMaster><![CDATA[d&#1;e&#x1b;[31mf]]></webMaster>
            <item><title>g&amp;#0;h&amp;#xFFFE;i&amp;#9;j&amp;#146;k</title><author><![CDATA[&#2;]]></author></item>
            </channel></rss>
            """
        let feed = try FeedParser.parse(Array(document.utf8))
        XCTAssertEqual(feed.title, "abc", "as escaped once: a&#1;b gives ab")
        XCTAssertEqual(feed.authors.first?.name, "de[31mf")
        XCTAssertEqual(feed.items.first?.title, "g\u{FFFD}h\u{FFFD}i\tj\u{2019}k", "U+FFFE is no XML character either: U+FFFD, as escaped once")
        XCTAssertEqual(
            feed.items.first?.authors.map(\.name), ["de[31mf"],
            "an author that was only a control is no author: the item has the feed's")
        XCTAssertEqual(EntityDecoder.decode("x&#1;y&#x0D;z"), "xy\rz")
    }
}

/// The streaming parse gives what the whole parse gives, on inputs fuzz-feed-stream found.
/// fuzz-feed (Fuzz/Seeds/fuzz-feed/entity-declared-after-its-user, a leak): right after reading an
/// entity declaration libxml2 asks for that entity once more, only to hang the declaration's raw text
/// on the record returned. That lookup expanded the entity then, with only the entities declared so
/// far (a later one read as nothing), and the raw text was never freed.
final class EntityDeclarationOrderTests: XCTestCase {
    func testAnEntityReadsEntitiesDeclaredAfterIt() throws {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE rss [
            <!ENTITY a "[&b;]">
            <!ENTITY b "x">
            ]>
            <rss version="2.0"><channel><title>T &a;</title><item><title>&b; &a;</title></item></channel></rss>
            """
        let feed = try ParserFixtures.parse(xml)
        XCTAssertEqual(feed.title, "T [x]")
        XCTAssertEqual(feed.items.map(\.title), ["x [x]"])
    }
}

final class StreamingParseRegressionTests: XCTestCase {
    /// fuzz-feed-stream: a CDATA section left open reads to the end of the document however the
    /// document is cut. libxml2's push parser hands on one 300-byte block of an unterminated section
    /// per call, so the error's line used to depend on how many chunks had arrived (line 35 whole,
    /// line 70 in chunks of about 100 bytes).
    func testAnUnterminatedCDATASectionGivesTheSameErrorWholeAndInChunks() throws {
        var text = "<?xml version=\"1.0\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
        text += "  <title>Tide</title>\n  <id>urn:uuid:60a76c80<![CDATA[9-b93C</id>\n"
        for line in 0..<80 { text += "    <updated>2025-01-\(10 + line % 20)T08:00:00Z</updated> \(line)\n" }
        text += "</feed>\n"
        let bytes = Array(text.utf8)
        let whole = try FeedParser.parse(bytes)
        XCTAssertNotNil(whole.error)
        for sizes in [[63, 120, 109, 108, 32, 118, 101, 114, 115, 105, 111, 110], [7], [1, 300], [4096]] {
            let chunked = try FeedParser.parse(chunks: DocumentChunks.pieces(bytes, sizes: sizes))
            XCTAssertEqual(chunked, whole, "chunks of \(sizes)")
        }
    }

    /// fuzz-feed-stream (Fuzz/Seeds/fuzz-feed-stream/doctype-literal-left-open): libxml2's push parser
    /// starts on `<!DOCTYPE` once its buffer holds any `>` and reads a quoted literal only as far as
    /// the bytes that have arrived, so a system literal left open ended at line 34 (the end) whole and at line
    /// 23 in chunks. The prolog is now handed to libxml2 whole (`PrologHold`).
    func testADocumentTypeDeclarationReadsTheSameWholeAndInChunks() throws {
        var open = "<?xml version=\"1.0\"?>\n<!DOCTYPE rss PUBLIC \"-//Netscape Communications//DTD RSS 0.91//EN\"\n"
        open += " \"http://Fi is slow</title>\n<rss version='0.91'><channel>\n"
        for n in 0..<30 { open += "<item><title>Item \(n)</title><link>https://e.example/\(n)</link></item>\n" }
        open += "</channel></rss>\n"
        let subset = """
            <?xml version="1.0"?>
            <!-- a comment's quote: ' -->
            <!DOCTYPE rss SYSTEM "http://e.example/a>b.dtd" [
              <!-- it's here: ]> -->
              <?pi "x ]> ?>
              <!ENTITY e "x>y ]> '">
            ]>
            <rss version="2.0"><channel><title>T &e;</title>
            <item><title>one</title></item><item><title>two</title></item>
            </channel></rss>
            """
        let seed = try Data(contentsOf: TestFeedServer.packageRoot.appendingPathComponent(
            "Fuzz/Seeds/fuzz-feed-stream/doctype-literal-left-open"))
        // The harness reads the first byte as the number of steering bytes (here 12) after it.
        let found = Array(seed.dropFirst(13))
        for document in [Array(open.utf8), Array(subset.utf8), found] {
            DocumentChunks.assertSameWholeAndInChunks(document, sizes: [1, 2, 7, 16, 100, 1000])
        }
        XCTAssertThrowsError(try FeedParser.parse(Array(open.utf8))) { error in
            XCTAssertTrue("\(error)".contains("line 36"), "\(error)")
        }
        let feed = try FeedParser.parse(Array(subset.utf8))
        XCTAssertEqual(feed.title, "T x>y ]> '")
        XCTAssertEqual(feed.items.map(\.title), ["one", "two"])
    }

    /// fuzz-feed-stream (Fuzz/Seeds/fuzz-feed-stream/invalid-byte-near-chunk-end): libxml2's push
    /// parser halted ("detected an error in element content") when a byte that is not UTF-8 stood
    /// within three bytes of the end of the chunks it had, with a `<` after it: every later item was
    /// lost, depending only on where the network cut the document.
    func testAByteThatIsNotUTF8NearAChunkEndLosesNothing() throws {
        let found = try Data(contentsOf: TestFeedServer.packageRoot.appendingPathComponent(
            "Fuzz/Seeds/fuzz-feed-stream/invalid-byte-near-chunk-end"))
        // The harness reads the first byte as the number of steering bytes (here 2) after it. The
        // document is undeclared and read as UTF-8; 0xD0 before `<?x` near its end is not UTF-8.
        let document = Array(found.dropFirst(3))
        let whole = try FeedParser.parse(document)
        // The document ends inside a third item ("Gear list for three days out"): cut off, it is left out.
        XCTAssertFalse(whole.isComplete)
        XCTAssertEqual(whole.items.map(\.title), ["Sunrise over the ridge", nil])
        for chunkSizes in (1...40).map({ [$0] }) + [[128, 156]] {
            XCTAssertEqual(try FeedParser.parse(chunks: DocumentChunks.pieces(document, sizes: chunkSizes)), whole, "chunks of \(chunkSizes)")
        }
    }

    /// fuzz-feed-stream: invalid UTF-8 reads the same whole and in chunks, also when a control XML
    /// forbids comes before it. Only chunks holding such a control were cleaned, and cleaning turned
    /// invalid UTF-8 into U+FFFD (a name character), so bytes 0x94 after `<summary` made an unknown
    /// element whole and a summary in chunks.
    func testInvalidUTF8AfterAForbiddenControlReadsTheSameWholeAndInChunks() throws {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\"><channel><title>T\u{1F}</title>\n".utf8)
        for n in 0..<30 { bytes += Array("<item><title>Item \(n)</title><description>one two three</description></item>\n".utf8) }
        bytes += Array("<item><title>caf".utf8) + [0xE9] + Array("</title><description".utf8) + [UInt8](repeating: 0x94, count: 40)
        bytes += Array(" type=\"text\">Shaping</description></item>\n</channel></rss>\n".utf8)
        let whole = try FeedParser.parse(bytes)
        XCTAssertEqual(whole.items.count, 31)
        for size in [16, 100, 1000] {
            let pieces = DocumentChunks.pieces(bytes, size: size)
            XCTAssertEqual(try FeedParser.parse(chunks: pieces), whole, "chunks of \(size)")
        }
    }

    /// fuzz-feed-stream (Fuzz/Seeds/fuzz-feed-stream/text-before-a-stray-cdata-end-depends-on-chunks):
    /// a `]]>` outside a CDATA section (line 14). libxml2 reports it and, reading ASCII text, skips
    /// the text it had scanned since it last handed text on, which began where the chunks pushed so
    /// far ended: read in chunks of 32, 70 and 101 bytes the item kept about 600 bytes more.
    /// That text is handed on now (`XMLFeedEvents.keepTextBeforeStrayCDATAEnd`): the `]]>` reads as
    /// written however the document is chunked, and the error is reported as before.
    func testTextBeforeAStrayCDATAEndIsKeptHoweverTheDocumentIsChunked() throws {
        let seed = [UInt8](try Data(contentsOf: TestFeedServer.packageRoot.appendingPathComponent(
            "Fuzz/Seeds/fuzz-feed-stream/text-before-a-stray-cdata-end-depends-on-chunks")))
        // The harness reads the first byte as the count of the chunk-size bytes that follow it (here 32, 70, 101).
        let steering = seed[1..<(1 + Int(seed[0] % 16))].map(Int.init)
        XCTAssertEqual(steering, [32, 70, 101])
        let document = Array(seed.dropFirst(1 + steering.count))
        let whole = try FeedParser.parse(document)
        XCTAssertEqual(whole.error, "line 14: Sequence ']]>' not allowed in content")
        XCTAssertFalse(whole.wellformed)
        XCTAssertEqual(whole.items.count, 6)
        // The first item holds the first `]]>`, some 600 bytes after the reference before it.
        let first = try XCTUnwrap(whole.items.first?.contentHTML)
        XCTAssertTrue(first.contains("such as `\u{A0}` declared onlyrce, cloud |\n| `rss093.xml`"), first)
        XCTAssertTrue(first.contains("Media RSS, atom:li]]>nk self |"), first)
        for sizes in [steering, [1], [7], [64], [255], [300], [301], [1024]] {
            XCTAssertEqual(try FeedParser.parse(chunks: DocumentChunks.pieces(document, sizes: sizes)), whole, "chunks of \(sizes)")
        }
    }

    /// fuzz-sanitize (Fuzz/Seeds/fuzz-sanitize/bom-after-dropped-control): a U+FEFF after a dropped
    /// control started the output, and the second pass, which libxml2 reads as a leading BOM, dropped
    /// it: not idempotent.
    func testSanitizingTwiceChangesNothingWhenAByteOrderMarkFollowsDroppedControls() throws {
        let seed = try Data(contentsOf: TestFeedServer.packageRoot.appendingPathComponent(
            "Fuzz/Seeds/fuzz-sanitize/bom-after-dropped-control"))
        let finding = String(decoding: seed.dropFirst(), as: UTF8.self)
        for html in [finding, "\u{8}\u{FEFF}x", "\u{FEFF} \u{FEFF}<b>y</b>", " \u{1}\u{FEFF}\n z"] {
            for base in [nil, "file:///tmp/feed.xml"] {
                let once = HTMLSanitizer.sanitize(html, baseURL: base)
                XCTAssertEqual(HTMLSanitizer.sanitize(once, baseURL: base), once, "input \(html.debugDescription)")
                XCTAssertFalse(once.unicodeScalars.first == "\u{FEFF}", "output \(once.debugDescription)")
            }
        }
        XCTAssertEqual(HTMLSanitizer.sanitize("a\u{FEFF}b", baseURL: nil), "a\u{FEFF}b")
    }

    /// fuzz-newsboat (Fuzz/Seeds/fuzz-newsboat/combining-mark-after-tab): a combining mark after the
    /// tab that ends a URL joined the tab's grapheme, so the URL `/` read back as `/ \u{301}`. Lines
    /// are split on scalars, as newsboat splits them on bytes.
    func testACombiningMarkAfterWhiteSpaceInAURLsFileIsATokenOfItsOwn() throws {
        let seed = try Data(contentsOf: TestFeedServer.packageRoot.appendingPathComponent(
            "Fuzz/Seeds/fuzz-newsboat/combining-mark-after-tab"))
        let list = try NewsboatURLs.read(seed)
        XCTAssertEqual(list.entries.map(\.url), ["/"])
        XCTAssertEqual(list.entries.first?.tags, ["\u{301}"])
        let reread = try NewsboatURLs.read(Data(NewsboatURLs.serialize(list.entries).utf8))
        XCTAssertEqual(reread.entries, list.entries)
        let titled = try NewsboatURLs.read(Data("http://a.example/f \"~\u{301}x\" \u{301}tag\n".utf8))
        XCTAssertEqual(titled.entries.first?.title, "\u{301}x")
        XCTAssertEqual(try NewsboatURLs.read(Data(NewsboatURLs.serialize(titled.entries).utf8)).entries, titled.entries)
    }
}
