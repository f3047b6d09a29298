import CLibXML2
import Foundation
import XCTest

@testable import FeedHTML
@testable import FeedModel

/// `HTMLPlainScan` must report exactly libxml2's parse events for every input it accepts (and so give
/// exactly `PlainTextHandler`'s text: the search index's external-content rows are deleted by
/// recomputing the text, which must match what was inserted). Checked as event sequences (start and
/// end of every element, implied ones included, and the text between) against libxml2's SAX events,
/// and as text against the libxml2 path: on every pair of accepted element names, every entity and
/// character reference, the repository's feeds and fixtures, hand-written inputs for each construct it
/// accepts and each it declines, and generated tag soup. `tidings-bench plaintext` compares the corpus.
final class HTMLPlainScanTests: XCTestCase {
    // MARK: Event traces

    /// libxml2's events for `html`, parsed as `PlainTextHandler` parses it: "<name>", "</name>" and the
    /// text between, adjacent runs merged.
    static func parserEvents(_ html: String) -> [String] {
        var text = html
        return text.withUTF8 { buffer -> [String] in
            guard let base = buffer.baseAddress else { return [] }
            return HTMLSAXParse.parse(
                base, count: buffer.count, handler: EventLog(),
                setCallbacks: { sax in
                    sax.startElement = { context, name, _ in
                        guard let log = EventLog.from(context), let name else { return }
                        log.pointee.add("<" + String(cString: name) + ">")
                    }
                    sax.endElement = { context, name in
                        guard let log = EventLog.from(context), let name else { return }
                        log.pointee.add("</" + String(cString: name) + ">")
                    }
                    sax.characters = { context, text, length in
                        guard let log = EventLog.from(context), let text, length > 0 else { return }
                        log.pointee.addText(UnsafeBufferPointer(start: text, count: Int(length)))
                    }
                    sax.cdataBlock = sax.characters
                }, finish: { $0.finished }) ?? []
        }
    }

    /// The scan's events for `html`, or nil when it declines.
    static func scanEvents(_ html: String) -> [String]? {
        var text = html
        return text.withUTF8 { buffer -> [String]? in
            var log = EventLog()
            return HTMLPlainScan.scan(buffer, into: &log) ? log.finished : nil
        }
    }

    struct EventLog: HTMLPlainScanSink {
        var events: [String] = []
        private var text: [UInt8] = []

        mutating func add(_ event: String) {
            if !text.isEmpty {
                events.append("[" + String(decoding: text, as: UTF8.self) + "]")
                text.removeAll()
            }
            events.append(event)
        }

        mutating func addText(_ bytes: UnsafeBufferPointer<UInt8>) { text.append(contentsOf: bytes) }

        mutating func start(_ tag: HTMLPlainScanRules.Tag) { add("<" + HTMLPlainScanRules.acceptedNames[Int(tag.id) - 1] + ">") }

        mutating func end(_ tag: HTMLPlainScanRules.Tag) { add("</" + HTMLPlainScanRules.acceptedNames[Int(tag.id) - 1] + ">") }

        mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) { addText(bytes) }

        /// The events, text after the last element included.
        var finished: [String] {
            var log = self
            log.add("")
            return Array(log.events.dropLast())
        }

        static func from(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<EventLog>? {
            LibXML2Context(callbackData: context)?.handlerData?.assumingMemoryBound(to: EventLog.self)
        }
    }

    /// Checks that the scan reports libxml2's events and text for `html` when it accepts it; returns
    /// whether it accepted.
    @discardableResult
    func check(_ html: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let parsed = Self.parserEvents(html)
        let scannedText = HTMLText.plainTextFromScan(html)
        guard let scanned = Self.scanEvents(html) else {
            XCTAssertNil(scannedText, "events declined, text not: \(html.debugDescription)", file: file, line: line)
            return false
        }
        XCTAssertEqual(scanned, parsed, "events of \(html.debugDescription)", file: file, line: line)
        XCTAssertEqual(scannedText, HTMLText.plainTextFromParser(html), "text of \(html.debugDescription)", file: file, line: line)
        XCTAssertEqual(HTMLText.plainText(html), HTMLText.plainTextFromParser(html), file: file, line: line)
        return true
    }

    func accepts(_ html: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(check(html, file: file, line: line), "accepted: \(html.debugDescription)", file: file, line: line)
    }

    func declines(_ html: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNil(Self.scanEvents(html), "declined: \(html.debugDescription)", file: file, line: line)
        XCTAssertNil(HTMLText.plainTextFromScan(html), file: file, line: line)
        XCTAssertEqual(HTMLText.plainText(html), HTMLText.plainTextFromParser(html), file: file, line: line)
    }

    // MARK: The rules, against libxml2

    func testTheLibxml2LoadedIsTheOneTheRulesDescribe() {
        XCTAssertTrue(HTMLPlainScanRules.isUsable)
        XCTAssertTrue(check("<p>a</p>"))
    }

    /// Every pair of accepted names, in markup that exercises a start tag meeting an open element, an end
    /// tag meeting elements above its match, an end tag without a match, an empty element and `/>`.
    func testEveryPairOfElementNamesGivesLibxml2sEvents() {
        let names = HTMLPlainScanRules.acceptedNames.filter { $0 != "html" && $0 != "body" }
        XCTAssertGreaterThan(names.count, 100)
        var accepted = 0
        for a in names {
            for b in names {
                for html in ["<\(a)>1<\(b)>2</\(a)>3</\(b)>4", "t<\(a)/>u<\(b) x=1>v</\(b)>w</\(a)>"] {
                    if check(html) { accepted += 1 }
                }
            }
        }
        XCTAssertEqual(accepted, names.count * names.count * 2, "every pair is accepted")
    }

    func testEntitiesAreLibxml2sHTML4Table() {
        var pairs = 0
        for line in HTMLPlainScanRules.libxml2Entities.split(whereSeparator: \.isWhitespace).map(String.init)
            .chunkedPairs()
        {
            pairs += 1
            let found = line.0.withCString { htmlEntityLookup(UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self)) }
            XCTAssertEqual(found.map { UInt32($0.pointee.value) }, UInt32(line.1, radix: 16), line.0)
            accepts("x&\(line.0);y &\(line.0) z")
        }
        XCTAssertEqual(pairs, 253)
        // Every entity libxml2 has, found by value, is in the table.
        for value in UInt32(1)...0x2FFFF {
            guard let entity = htmlEntityValueLookup(value) else { continue }
            let name = String(cString: entity.pointee.name)
            XCTAssertNotNil(HTMLPlainScanRules.entity(ShortNameKey(name)), name)
        }
        for html in ["&bogus;", "&Amp;", "&AMP;", "&amp", "&ampx;", "&amp.x;", "AT&T;", "R&D", "Q&A: x", "& b", "&&", "&1;",
            "&é;", "&amp;&amp;", "a&", "&nbsp;&nbsp;x", "x&nbsp;", "&lt;p&gt;"]
        {
            accepts(html)
        }
    }

    func testCharacterReferences() {
        for value in 1...0x3100 { check("a&#\(value);b") }
        for value in [0x9, 0xA, 0xD, 0x20, 0x7F, 0x80, 0x85, 0x92, 0x9F, 0xA0, 0x2028, 0xD7FF, 0xE000, 0xFEFF, 0xFFFD, 0x10000, 0x1F600, 0x10FFFF] {
            accepts("a&#\(value);b")
            accepts("a&#x\(String(value, radix: 16));b&#X\(String(value, radix: 16, uppercase: true));c")
            accepts("&#\(value);")
            check("&#000\(value);")
        }
        for html in ["&#0;", "&#xD800;", "&#xFFFE;", "&#xFFFF;", "&#x110000;", "&#1;", "&#65", "&#x41", "&#;", "&#x;", "&#a;",
            "&#00000065;", "&#x0000041;", "&#99999999;", "&#-1;", "&#"]
        {
            declines(html)
        }
    }

    // MARK: Constructs

    func testAcceptedConstructs() {
        for html in [
            "plain text", "  leading blanks", "<p>a</p><p>b</p>", "a<b>b</b>c", "<p>one <em>two</em> three</p>",
            "<a href=\"https://example.org/?a=1&amp;b=2\">link</a> after", "<a href='x'>y</a>", "<a href=x>y</a>",
            "<a href=x/>y", "<img src=\"a>b\" alt=\"<c>\">t", "<img src=x alt=y/>z", "<br>a<br/>b<br />c",
            "<div class=x id=y data-z=1 hidden>t</div>", "<p\nclass=\"x\"\n>t</p >", "<P CLASS=X>Upper</P>",
            "<ul><li>a<li>b</ul>c", "<ol><li>a</li><li>b</li></ol>", "<table><tr><td>a<td>b<tr><td>c</table>d",
            "<dl><dt>t<dd>d<dt>u</dl>", "<b>a<p>b</b>c</p>", "<p>a<div>b</div>c</p>d", "<span>a<div>b</span>c</div>",
            "<div><span>a</div>b</span>", "</p>stray</div></span>end", "<iframe src=x>fallback</iframe>after",
            "<noscript>n</noscript>x", "<svg><picture/></svg>t", "<video><source src=x>v</video>", "a<wbr>b",
            "<pre>  a\n  b</pre>", "<blockquote><p>q</p></blockquote>", "<h3>t</h3>x", "<select><option>a<option>b</select>",
            "<figure><img src=x><figcaption>c</figcaption></figure>", "<p>\u{A0}x\u{3000}y\u{2003}z</p>",
            "x\u{85}y\u{92}z", "日本語<b>テキスト</b>", "😀 <i>emoji</i>", "a > b", "<p>a</p>\r\n<p>b</p>",
            "<object data=x><param name=a value=b>o</object>", "<a\thref=x>t</a>", "<a b=\"\" c=''>t</a>",
            "<p a=\"1\"b=\"2\">t</p>", "<embed src=x>e", "<center>c</center>", "<font face=x>f</font>",
            "<form><input type=text><label>l</label></form>", "<details><summary>s</summary>d</details>",
            "<!-- c --><p>x</p>", " <!-- c -->\n <!--d-->  text", "<!-- c -->  <b>x</b>", "a<!-- c -->b",
            "<p>a</p> <!-- c --> <p>b</p>", "</p> <!-- c --> x", "<!---->x", "<!-- - a - -->x", "<!--<p>-->x",
            "<!-- more -->", "<!--é日本-->x", "<ul><!-- c --><li>a</ul>",
        ] {
            accepts(html)
        }
    }

    func testDeclinedConstructs() {
        for html in [
            "<!DOCTYPE html><p>x", "<!-->x", "<!--->x", "<!-- a -- b -->x", "<!-- a --!>x", "<!-- a", "<!--",
            "<!-- a --", "x<!----->y", "<!-->", "a<!-- b -- >c-->d", "<![CDATA[x]]>", "<?php x ?>", "a < b", "a <3", "<", "a<",
            "</ p>", "</3>", "<>", "</>", "<p", "<p x", "<a href=\"x>t", "<a href='x>t", "<a href=x\"y>t", "<a href=`x`>t",
            "<a href=>t", "<br / >x", "<p/x>", "<p =x>", "<p \"x\">", "<p 1=2>", "<o:p>x</o:p>", "<my-element>x</my-element>",
            "<foo>x</foo>", "</p x>", "<script>x</script>", "<style>p{}</style>", "<title>t</title>", "<meta charset=x>",
            "<link rel=x>", "<base href=x>", "<html>x", "<body>x", "<head>x", "x</body>y", "x</html>", "<textarea>x</textarea>",
            "<xmp>x</xmp>", "<plaintext>x", "<listing>x</listing>", "<frameset>", "<frame>", "<noframes>x", "<isindex>",
            "</p>" + String(repeating: " ", count: 1000) + "<b>x</b>", "a\u{0}b", "a\u{1}b", "a\u{B}b", "a\u{C}b", "a\u{7}b", "a\u{FFFE}b", "a\u{FFFF}b", "\u{FEFF}x", "<p a=\"\u{0}\">",
            String(repeating: "<div>", count: 300) + "deep",
        ] {
            declines(html)
        }
    }

    // MARK: Real inputs

    private static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testSameTextOnEveryBodyOfTheRepositoryFiles() {
        let folders = ["Feeds", "Tests/FeedModelTests/Resources", "Tests/FeedHTMLTests/Resources", "Tests/FeedExportTests/Resources", "Fuzz/Seeds"]
            .map { Self.packageRoot.appendingPathComponent($0) }
        var inputs = 0
        var accepted = 0
        var feedBodies = 0
        var feedAccepted = 0
        for folder in folders {
            let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                guard let data = try? Data(contentsOf: url), !data.isEmpty, data.count < 8 << 20 else { continue }
                var bodies = [String(decoding: data, as: UTF8.self)]
                if let feed = try? FeedParser.parse(data) {
                    for item in feed.items { bodies += [item.contentHTML, item.summary, item.title].compactMap { $0 } }
                }
                for (index, body) in bodies.enumerated() where !body.isEmpty {
                    inputs += 1
                    let ok = check(body)
                    if ok { accepted += 1 }
                    if index > 0, folder.lastPathComponent == "Feeds" {
                        feedBodies += 1
                        if ok { feedAccepted += 1 }
                    }
                }
            }
        }
        print("plain text scan: \(accepted) of \(inputs) repository inputs accepted; Feeds/ bodies \(feedAccepted) of \(feedBodies)")
        XCTAssertGreaterThan(inputs, 500)
        XCTAssertGreaterThan(feedBodies, 200)
        XCTAssertGreaterThanOrEqual(feedAccepted * 10, feedBodies * 9, "the scan reads at least 90% of the bundled feeds' bodies")
    }

    /// The inputs of a fuzz campaign (`TIDINGS_FUZZ_CORPUS`: a folder of fuzz-html-text inputs, whose
    /// first two bytes are the harness's options), compared as event sequences: the harness compares
    /// only the text. Without the variable, the harness's seeds in the repository.
    func testFuzzCorpusGivesLibxml2sEvents() throws {
        let folder = ProcessInfo.processInfo.environment["TIDINGS_FUZZ_CORPUS"]
            ?? Self.packageRoot.appendingPathComponent("Fuzz/Seeds/fuzz-html-text").path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        XCTAssertFalse(files.isEmpty, folder)
        var accepted = 0
        for file in files {
            guard let data = FileManager.default.contents(atPath: folder + "/" + file), data.count > 2 else { continue }
            if check(String(decoding: data.dropFirst(2), as: UTF8.self)) { accepted += 1 }
        }
        print("fuzz corpus: \(accepted) of \(files.count) inputs accepted by the scan")
    }

    /// Random markup from a fixed seed, from pieces the scan accepts and a few it declines.
    func testGeneratedTagSoup() {
        let names = ["p", "div", "span", "b", "i", "a", "li", "ul", "ol", "td", "tr", "table", "th", "tbody", "dd", "dt", "dl",
            "pre", "h1", "h2", "blockquote", "br", "img", "hr", "iframe", "svg", "font", "center", "option", "select",
            "wbr", "embed", "object", "caption", "col", "colgroup", "form", "menu", "dir", "address", "u", "s", "em"]
        var pieces = ["word", "two words", " ", "\n", "\t", "\r\n", "&amp;", "&lt;", "&nbsp;", "&#146;", "&#x2003;", "&bad;",
            "&", "R&D", "é", "日本", "\u{3000}", "\u{85}", ">", "&#32;", "&apos;", "&nbsp"]
        for name in names {
            pieces += ["<\(name)>", "</\(name)>", "<\(name)/>", "<\(name.uppercased()) class=x>", "<\(name) a='1' b=c>"]
        }
        pieces += ["<!-- c -->", "<!---->", "<!-- a - b -->", "<!--->", "<!-- a -- b -->", "<", "<script>x</script>", "<x:y>"]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var accepted = 0
        for _ in 0..<4000 {
            var html = ""
            for _ in 0..<(1 + next(40)) { html += pieces[next(pieces.count)] }
            if check(html) { accepted += 1 }
        }
        XCTAssertGreaterThan(accepted, 1000)
    }
}

extension Array where Element == String {
    fileprivate func chunkedPairs() -> [(String, String)] {
        stride(from: 0, to: count - 1, by: 2).map { (self[$0], self[$0 + 1]) }
    }
}

/// The reasons `tidings-bench plaintext` counts.
final class HTMLPlainScanDeclineTests: XCTestCase {
    func testDeclineReasons() {
        XCTAssertNil(HTMLText.plainTextScanDecline("<p>a &amp; b</p>"))
        XCTAssertEqual(HTMLText.plainTextScanDecline("<p>a</p><script>x</script>"), "element <script>")
        XCTAssertEqual(HTMLText.plainTextScanDecline("<!DOCTYPE html>"), "<! (comment, DOCTYPE, CDATA)")
        XCTAssertEqual(HTMLText.plainTextScanDecline("<?x?>"), "<?")
        XCTAssertEqual(HTMLText.plainTextScanDecline("a < b"), "a < that starts no tag")
        XCTAssertEqual(HTMLText.plainTextScanDecline("a\u{C}b"), "a control character, U+FFFE/U+FFFF or a byte order mark")
        XCTAssertEqual(HTMLText.plainTextScanDecline("<a href=\"x>"), "an attribute")
        XCTAssertEqual(HTMLText.plainTextScanDecline("</p x>"), "an end tag with more than a name")
        XCTAssertEqual(HTMLText.plainTextScanDecline("&#0;"), "a character or unknown entity reference")
        XCTAssertEqual(HTMLText.plainTextScanDecline("<averyveryverylongname>"), "element <averyveryverylon...>")
    }
}
