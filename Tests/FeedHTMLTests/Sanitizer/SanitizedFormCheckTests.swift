import Foundation
import XCTest

@testable import FeedHTML
@testable import FeedModel

/// The sanitizer's no-change fast path (`SanitizedFormCheck`) against the full sanitizer: wherever it
/// takes an input, libxml2's sanitizer returns that input byte for byte. Checked on hand-made edge
/// cases, on every pair of elements the sanitizer writes, and on every item body of the bundled feeds,
/// the parser fixtures and (when present) the shared conformance inputs.
final class SanitizedFormCheckTests: XCTestCase {
    private static let bases: [String?] = [
        nil, "", "https://example.org/dir/page.html", "file:///tmp/feed.xml", "javascript:alert(1)//",
    ]

    /// Fails when the fast path takes `html` against `base` and the full sanitizer changes it; returns
    /// whether the fast path took it.
    @discardableResult
    private func agrees(_ html: String, base: String?, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        guard HTMLSanitizer.isKnownUnchanged(html, baseURL: base) else { return false }
        let full = HTMLSanitizer.sanitizeParsing(html, baseURL: base)
        XCTAssertEqual(full, html, "fast path took it, base \(base ?? "none")", file: file, line: line)
        XCTAssertEqual(HTMLSanitizer.sanitize(html, baseURL: base), full, file: file, line: line)
        return true
    }

    func testTakesTheCommonFormsAndReturnsThemAsTheyAre() {
        let common = [
            "<p>river garden <a href=\"https://x.example/1\">link</a></p><p>feed1word</p>",
            "plain text with a &amp; b &lt; c &gt; d, \"quotes\" and 'apostrophes'",
            "<p>caf\u{E9} \u{65E5}\u{672C}\u{8A9E} \u{1F600} \u{A0}no-break</p>",
            "<ul><li>one</li><li>two <em>2</em></li></ul><ol start=\"3\"><li>three</li></ol>",
            "<table><tr><th scope=\"col\">h</th></tr><tr><td colspan=\"2\">d</td></tr></table>",
            "<p>a<br>b</p><hr><img src=\"https://cdn.example/i.png\" alt=\"a &quot;b&quot; &amp; c\">",
            "<blockquote cite=\"https://example.org/q\"><p>quoted</p></blockquote>",
            "<pre><code>let x = a &lt; b\n\tindented</code></pre>",
            "<a href=\"https://example.org/?a=1&amp;b=2#f\" title=\"t\">q</a>",
            "<a href=\"#top\">top</a> and <a href=\"mailto:a@example.org\">mail</a>",
            "<p>one</p>\n<p>two</p>\n",
        ]
        for html in common {
            XCTAssertTrue(HTMLSanitizer.isKnownUnchanged(html, baseURL: "https://example.org/"), html)
            for base in Self.bases where base != "javascript:alert(1)//" { XCTAssertTrue(agrees(html, base: base), html) }
        }
    }

    func testLeavesToTheParserWhatTheSanitizerWouldChange() {
        let changed = [
            "<p>unclosed", "<P>upper</P>", "a&nbsp;b", "AT&T", "a &#38; b", "<br/>", " <p>leading space</p>",
            "<a href=\"javascript:alert(1)\">x</a>", "<a onclick=\"x()\">x</a>", "<p id=\"x\">x</p>",
            "<!-- comment -->x", "<b><p>x</p></b>", "<p>x<p>y</p></p>", "<img src=\"x.png\"/>", "a\rb",
            "a\u{85}b", "a\u{1}b", "<a href=x>x</a>", "<a  href=\"x\">x</a>", "<a href='x'>x</a>",
            "<a href=\"https://a\" href=\"https://b\">x</a>", "<script>x()</script>", "<custom>x</custom>",
            "<p>a</p></div>", "x > y", "<a href=\"https://a\" title=\"a > b\">x</a>", "<wbr>", "<source src=\"s\">",
            "<img srcset=\"a.png 1x\">", "<a href=\" https://a\">x</a>", "<a href=\"\">x</a>", "<a><a>x</a></a>",
            "<p data-x=\"1\">x</p>", "<p>x</p >", "</p>", "<", "&", "a\u{FFFE}b",
        ]
        for html in changed {
            XCTAssertFalse(HTMLSanitizer.isKnownUnchanged(html, baseURL: "https://example.org/"), html.debugDescription)
        }
        // A relative URL is resolved when there is a base, kept as it is when there is none.
        XCTAssertFalse(HTMLSanitizer.isKnownUnchanged("<a href=\"/x\">x</a>", baseURL: "https://example.org/"))
        XCTAssertTrue(agrees("<a href=\"/x\">x</a>", base: nil))
        // A data: image only in img src.
        XCTAssertTrue(agrees("<img src=\"data:image/png;base64,AAAA\">", base: nil))
        XCTAssertFalse(HTMLSanitizer.isKnownUnchanged("<a href=\"data:image/png;base64,AAAA\">x</a>", baseURL: nil))
    }

    func testEdgeCasesAgreeWithTheFullSanitizer() {
        let deep = { (n: Int) in String(repeating: "<span>", count: n) + "x" + String(repeating: "</span>", count: n) }
        let cases = [
            "<pre>\nfirst line</pre>", "<pre>\n\nx</pre>", "<textarea>x</textarea>", "text<p>para</p>",
            "text<b>bold</b><div>d</div>tail", "text<ul><li>a</li></ul>", "a<span><div>y</div></span>",
            "<li>stray item</li>", "<td>stray cell</td>", "<tr><td>x</td></tr>", "<p>x</p>   ", "<p>x</p>\n\n",
            "<p>x</p> \t\n<p>y</p>", "x\n", "\u{A0}x", "<table><tbody><tr><td>a</td></tr></tbody></table>",
            "<dl><dt>t</dt><dd>d</dd></dl>", "<h1>t</h1><p>x<a href=\"https://e.org/\">l</a></p>",
            "<p>x<hr></p>", "<p><hr></p>", "<center><p>x</p></center>", "<font><p>x</p></font>",
            "<a href=\"HTTPS://E.ORG/\">x</a>", "<a href=\"https://e.org/&quot;x\">x</a>",
            "<a href=\"https:&#47;&#47;e.org\">x</a>", "<img src=\"data:text/html,x\">", "<a href=\"file:///etc/x\">x</a>",
            "<video controls=\"\" poster=\"https://e.org/p.png\" src=\"https://e.org/v.mp4\">fallback</video>",
            "<audio src=\"https://e.org/a.mp3\"></audio>", "<details open=\"\"><summary>s</summary>x</details>",
            "<q cite=\"https://e.org/\">q</q><del datetime=\"2020\">d</del>", "<p align=\"center\" title=\"&lt;t&gt;\">x</p>",
            "<a href=\"https://e.org/\" title=\"it's\">x</a>", "<a href=\"https://e.org/\u{E9}\">x</a>",
            "<a href=\"https://e.org/\u{A0}\">x</a>", "<a href=\"https://e.org/\u{2003}\">x</a>",
            "<p>\u{2028}x\u{FEFF}</p>", "<p>x</p><p></p><span></span>", "<b>a<i>b</i></b>", "<b>a<i>b</b></i>",
            "<col><colgroup span=\"2\"></colgroup>", "<caption>c</caption>", "<thead><tr><th>h</th></tr></thead>",
            "<ruby>x<rt>y</rt></ruby>", "<p>a</p><address>x</address>", "<address><p>x</p></address>",
            "<picture><img src=\"https://e.org/i.png\"></picture>", "<html><body>x</body></html>",
            deep(60), deep(63), deep(64), deep(65), deep(130),
        ]
        var taken = 0
        for html in cases {
            for base in Self.bases where agrees(html, base: base) { taken += 1 }
        }
        XCTAssertGreaterThan(taken, 100)
    }

    /// Every element the sanitizer writes, inside every one it keeps open: the fast path must agree with
    /// the parser about which start tags close the open element.
    func testEveryPairOfWrittenElementsAgrees() {
        let kept = HTMLElement.allCases.filter(\.isAllowed)
        var taken = 0
        for open in kept where !open.isVoid {
            for new in kept {
                let openTag = String(decoding: HTMLElement.nameBytes[Int(open.rawValue)], as: UTF8.self)
                let newTag = String(decoding: HTMLElement.nameBytes[Int(new.rawValue)], as: UTF8.self)
                let inner = "<\(newTag)>" + (new.isVoid ? "" : "n</\(newTag)>")
                for html in ["<\(openTag)>o\(inner)t</\(openTag)>", "o<\(openTag)>\(inner)</\(openTag)>t", "x\(inner)"]
                where agrees(html, base: nil) {
                    taken += 1
                }
            }
        }
        XCTAssertGreaterThan(taken, 5_000)
    }

    /// Every item body of the bundled feeds, the parser fixtures and the shared conformance inputs.
    func testBodiesOfEveryBundledFeedAgree() throws {
        let here = URL(fileURLWithPath: #filePath)
        let package = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let roots = [
            package.appendingPathComponent("Feeds"), package.appendingPathComponent("Tests/FeedModelTests/Resources"),
            package.appendingPathComponent("Tests/FeedHTMLTests/Resources"),
            package.deletingLastPathComponent().appendingPathComponent("shared/conformance"),
        ]
        var bodies = 0
        var taken = 0
        for root in roots {
            let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                guard let data = try? Data(contentsOf: url), let feed = try? FeedParser.parse(data, baseURL: url.absoluteString)
                else { continue }
                for item in feed.items {
                    for html in [item.contentHTML, item.summary].compactMap({ $0 }) {
                        for base in [item.base ?? item.url, nil] {
                            bodies += 1
                            if agrees(html, base: base) { taken += 1 }
                            let sanitized = HTMLSanitizer.sanitizeParsing(html, baseURL: base)
                            if agrees(sanitized, base: base) { taken += 1 }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(bodies, 100)
        XCTAssertGreaterThan(taken, 50)
    }
}
