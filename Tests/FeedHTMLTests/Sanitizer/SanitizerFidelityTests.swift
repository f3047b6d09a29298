import FeedHTML
import FeedModel
import Foundation
import XCTest

/// The sanitizer keeps the input's structure minus what is unsafe: removed elements take nothing
/// that follows them along, the parser's implied elements are not written, attributes that carry
/// meaning stay, and a second pass changes nothing.
final class SanitizerFidelityTests: XCTestCase {
    private func sanitized(_ html: String, base: String? = nil) -> String {
        HTMLSanitizer.sanitize(html, baseURL: base)
    }

    func testRemovedPluginElementsKeepWhatFollowsThem() {
        XCTAssertEqual(
            sanitized("Example <b>Atom</b> <embed src=\"x\"> after <i>it</i>"),
            "Example <b>Atom</b>  after <i>it</i>")
        XCTAssertEqual(sanitized("a <embed src=x></embed>b"), "a b")
        XCTAssertEqual(sanitized("a <applet code=x> after <i>it</i>"), "a  after <i>it</i>")
        XCTAssertEqual(sanitized("a <frame src=x> after <i>it</i>"), "a  after <i>it</i>")
        XCTAssertEqual(sanitized("a<keygen>b<isindex>c<area>d"), "abcd")
        XCTAssertEqual(sanitized("<p>x<embed src=y><script>bad()</script>z</p>"), "<p>xz</p>")
    }

    func testObjectAndIframeKeepTheirFallbackText() {
        XCTAssertEqual(
            sanitized("<p>x</p><object data=y><param name=a value=b>fallback <b>t</b></object> after"),
            "<p>x</p>fallback <b>t</b> after")
        XCTAssertEqual(
            sanitized("a <iframe src=x>fb <b>t</b><script>s()</script></iframe> after"), "a fb <b>t</b> after")
        XCTAssertEqual(sanitized("<iframe src=\"javascript:alert(1)\"></iframe>ok"), "ok")
    }

    func testImpliedParagraphsAndWrappersAreNotWritten() {
        XCTAssertEqual(sanitized("just text"), "just text")
        XCTAssertEqual(sanitized("a<br>b<hr>c<img src=x>"), "a<br>b<hr>c<img src=\"x\">")
        XCTAssertEqual(sanitized("<title>t</title>Hello <b>x</b>"), "Hello <b>x</b>")
        XCTAssertEqual(sanitized("text<p>para</p>"), "text<p>para</p>")
        XCTAssertEqual(sanitized("<p>kept</p>"), "<p>kept</p>")
        XCTAssertEqual(sanitized("<html><body><p>in</p></body></html>"), "<p>in</p>")
    }

    func testContentAfterTheBodyIsKept() {
        XCTAssertEqual(sanitized("<p>a</p></body></html>after"), "<p>a</p>after")
        XCTAssertEqual(sanitized("<p>a</p></body><body><p>c</p>"), "<p>a</p><p>c</p>")
    }

    func testVoidElementsAreWrittenAlikeWhateverTheParserThinksOfThem() {
        XCTAssertEqual(sanitized("a<source src=x>b"), "a<source src=\"x\">b")
        XCTAssertEqual(sanitized("a<wbr>b<track src=t.vtt>c"), "a<wbr>b<track src=\"t.vtt\">c")
        XCTAssertEqual(sanitized("<br/>x<br />y<br></br>z"), "<br>x<br>y<br>z")
    }

    func testAttributesThatCarryMeaningStay() {
        XCTAssertEqual(
            sanitized("<img src=a.png alt='A' title='T' width=1 height=2 onerror=x usemap=#m>"),
            "<img src=\"a.png\" alt=\"A\" title=\"T\" width=\"1\" height=\"2\">")
        XCTAssertEqual(
            sanitized("<ol start=3 reversed type=i onclick=x><li value=7>a</li></ol>"),
            "<ol start=\"3\" reversed=\"\" type=\"i\"><li value=\"7\">a</li></ol>")
        XCTAssertEqual(
            sanitized("<table><tr><th scope=col abbr=F id=h>F</th><td headers=h colspan=2 rowspan=1 class=c>1</td></tr></table>"),
            "<table><tr><th scope=\"col\" abbr=\"F\">F</th><td headers=\"h\" colspan=\"2\" rowspan=\"1\">1</td></tr></table>")
        XCTAssertEqual(
            sanitized("<q cite=q.html lang=fr dir=ltr title=t>x</q><time datetime=2026-11-20>y</time>"),
            "<q cite=\"q.html\" lang=\"fr\" dir=\"ltr\" title=\"t\">x</q><time datetime=\"2026-11-20\">y</time>")
        XCTAssertEqual(sanitized("<abbr title=Hertz>Hz</abbr>"), "<abbr title=\"Hertz\">Hz</abbr>")
    }

    func testStillNothingUnsafe() {
        XCTAssertEqual(sanitized("<p onclick=x style=s>a<script>b</script><style>c</style></p>"), "<p>a</p>")
        XCTAssertEqual(sanitized("<a href='vbscript:x'>v</a><a href='data:text/html,x'>d</a>"), "<a>v</a><a>d</a>")
        XCTAssertEqual(sanitized("<img src='data:image/svg+xml,<svg/>'>"), "<img>")
    }

    /// Where the parser filed blocks inside a void element or an unknown one, a second pass settles
    /// the structure the first one wrote.
    func testRestructuredInputSettles() {
        for input in ["<p>a<embed><h1>x</h1>b</p>", "<p>a<custom><div>x</div></custom>b</p>", "<b>a<form><td>x</td></form></b>"] {
            let once = sanitized(input)
            XCTAssertEqual(sanitized(once), once, input)
            XCTAssertTrue(once.contains("x"), once)
        }
    }

    func testPluginFixture() throws {
        let input = try Self.fixture("plugins.html")
        let expected = try Self.fixture("plugins.sanitized.html")
        let output = sanitized(input, base: "https://sounds.example/notes/")
        XCTAssertEqual(output + "\n", expected)
    }

    /// Sanitizing sanitized output changes nothing, over every HTML body in every fixture.
    func testSanitizingIsIdempotentOverEveryFixture() throws {
        var bodies = try ["article.html", "plugins.html"].map(Self.fixture)
        bodies += SanitizerTests.hostile
        let folders = [
            Self.packageRoot.appendingPathComponent("Tests/FeedModelTests/Resources/parser"),
            Self.packageRoot.appendingPathComponent("Feeds"),
        ]
        var feedsRead = 0
        for folder in folders {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
                guard name.hasSuffix(".xml") || name.hasSuffix(".rdf") || name.hasSuffix(".json") else { continue }
                let data = try Data(contentsOf: folder.appendingPathComponent(name))
                guard let feed = try? FeedParser.parse([UInt8](data), baseURL: nil) else { continue }
                feedsRead += 1
                bodies += [feed.description].compactMap { $0 }
                for item in feed.items { bodies += [item.contentHTML, item.summary].compactMap { $0 } }
            }
        }
        XCTAssertGreaterThan(feedsRead, 40)
        for body in bodies {
            let once = sanitized(body, base: "https://example.com/a/")
            XCTAssertEqual(sanitized(once, base: "https://example.com/a/"), once, body)
        }
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func resources() throws -> URL {
        try XCTUnwrap(Bundle.module.url(forResource: "Resources", withExtension: nil))
    }

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: resources().appendingPathComponent("html").appendingPathComponent(name), encoding: .utf8)
    }
}
