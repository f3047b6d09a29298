import FeedHTML
import FeedModel
import XCTest

/// The sanitizer writes libxml2's SAX events straight out; these check what it keeps of documents the
/// parser restructures.
final class SanitizerStructureTests: XCTestCase {
    private func sanitized(_ html: String) -> String {
        HTMLSanitizer.sanitize(html, baseURL: nil)
    }

    func testHeadElementsAreNotContentAndEveryBodyIs() {
        XCTAssertEqual(sanitized("<p>a</p></body><body><p>c</p>"), "<p>a</p><p>c</p>")
        XCTAssertEqual(sanitized("<html lang=en><head><title>x</title></head><body><p>b</p></body></html>"), "<p>b</p>")
        XCTAssertEqual(sanitized("<html><body><html onload=x><p>in</p></html>"), "<p>in</p>")
        XCTAssertEqual(sanitized("<p>x</p><html><p>y</p>"), "<p>x</p><p>y</p>")
        XCTAssertEqual(sanitized("<frameset><p>x</p></frameset>"), "")
        XCTAssertEqual(sanitized("<script>x</script><unknowntag>text</unknowntag><p>y</p>"), "<p>y</p>")
        XCTAssertEqual(sanitized("<title>t</title><p>after</p>"), "<p>after</p>")
        XCTAssertEqual(sanitized("<!DOCTYPE html><p>x</p>"), "<p>x</p>")
        XCTAssertEqual(sanitized("<!-- c --><p>x</p>"), "<p>x</p>")
    }

    func testPrefixedNamesAndWhiteSpaceAsTheTreeHadThem() {
        XCTAssertEqual(sanitized("<svg:a href='http://x/'>t</svg:a>"), "<a href=\"http://x/\">t</a>")
        XCTAssertEqual(sanitized("<x:p>t</x:p>"), "<p>t</p>")
        XCTAssertEqual(sanitized("<p:>r</p:>"), "r")
        XCTAssertEqual(
            sanitized("<ul>\n <li>a</li>\n <li>b</li>\n</ul>\n\n<div>\n<p>c</p>\n</div>  "),
            "<ul>\n <li>a</li>\n <li>b</li>\n</ul>\n\n<div>\n<p>c</p>\n</div>  ")
        XCTAssertEqual(
            sanitized("a<br>b<hr>c<img src=/x.png alt='a\"b'>"), "a<br>b<hr>c<img src=\"/x.png\" alt=\"a&quot;b\">")
    }

    func testSchemesAreReadOnCodePoints() {
        // A combining mark after the colon does not hide the scheme.
        XCTAssertEqual(sanitized("<a href=\"javascript:\u{301}//x\">c</a>"), "<a>c</a>")
        XCTAssertEqual(sanitized("<a href=\" JaVa Script:x\">n</a>"), "<a>n</a>")
        XCTAssertEqual(sanitized("<img src=\"DATA:image/PNG;base64,AA\">"), "<img src=\"DATA:image/PNG;base64,AA\">")
        XCTAssertEqual(sanitized("<img src=\"data:image/png\u{301};base64,AA\">"), "<img>")
        XCTAssertEqual(sanitized("<a href=\"\u{A0}http://x/\u{A0}\">nb</a>"), "<a>nb</a>")
        XCTAssertEqual(sanitized("<a href=\":x\">c</a>"), "<a href=\":x\">c</a>")
    }

    func testC1ControlsReadAsWindows1252InTextAndAttributes() {
        XCTAssertEqual(
            sanitized("<a href=\"http://x/\u{85}\" title=\"t\u{9F}\">n</a>\u{85}<p>x\u{80}y\u{81}z\u{A0}</p>"),
            "<a href=\"http://x/\u{2026}\" title=\"t\u{178}\">n</a>\u{2026}<p>x\u{20AC}yz\u{A0}</p>")
    }

    func testNumericReferencesInTheC1RangeInBodiesReadAsWindows1252() {
        XCTAssertEqual(sanitized("<p>it&#146;s &#147;so&#148; &#150; ok</p>"), "<p>it\u{2019}s \u{201C}so\u{201D} \u{2013} ok</p>")
        XCTAssertEqual(HTMLText.plainText("<p>it&#146;s &#133;</p>"), "it\u{2019}s \u{2026}")
        XCTAssertEqual(HTMLText.render("<p>it&#146;s</p><pre>a&#150;b</pre>", width: 40).lines.filter { !$0.isEmpty },
                       ["it\u{2019}s", "a\u{2013}b"])
    }
}
