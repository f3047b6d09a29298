import FeedHTML
import FeedModel
import XCTest

final class HTMLTextTests: XCTestCase {
    private let base = "https://example.com/dir/"

    func testParagraphsHeadingsLinksAndBreaks() {
        let html = """
            <h1>Title &amp; more</h1><p>First   paragraph with <a href="/a">a link</a> and <b>bold</b> \
            text that goes on for quite a while to wrap.</p><p>Second&nbsp;para<br>after break</p>
            """
        let result = HTMLText.render(html, width: 30, baseURL: base)
        XCTAssertEqual(
            result.lines,
            [
                "Title & more", "============", "", "First paragraph with a link[1]",
                "and bold text that goes on for", "quite a while to wrap.", "", "Second para", "after break",
            ])
        XCTAssertEqual(result.links, ["https://example.com/a"])
        XCTAssertEqual(result.linkListLines, ["[1] https://example.com/a"])
    }

    func testNestedListsAndNumbers() {
        let html = """
            <ul><li>one</li><li>two<ul><li>nested a</li><li>nested b with a long line that wraps around \
            the width</li></ul></li><li>three</li></ul><ol start=3><li>x</li><li>y</li></ol>
            """
        XCTAssertEqual(
            HTMLText.render(html, width: 30).lines,
            [
                "\u{2022} one", "\u{2022} two", "  \u{25E6} nested a", "  \u{25E6} nested b with a long line",
                "    that wraps around the", "    width", "\u{2022} three", "", "3. x", "4. y",
            ])
    }

    func testQuotesPreRulesAndTables() {
        let html = """
            <blockquote><p>Quoted text</p><p>second</p></blockquote><pre>  code\n\tindented</pre><hr>\
            <table><tr><th>A</th><th>B</th></tr><tr><td><p>1</p></td><td>2 <a href='x'>l</a></td></tr></table>
            """
        let result = HTMLText.render(html, width: 30, baseURL: base)
        XCTAssertEqual(
            result.lines,
            [
                "> Quoted text", ">", "> second", "", "  code", "        indented", "",
                String(repeating: "\u{2500}", count: 30), "", "A | B", "1 | 2 l[1]",
            ])
        XCTAssertEqual(result.links, ["https://example.com/dir/x"])
    }

    func testPreformattedLinesAreCutOnlyWhereTheWidthEnds() {
        let long = String(repeating: "x", count: 50)
        let result = HTMLText.render("<pre>\(long)\n  short  words   spaced\n\n\tx</pre>", width: 20)
        XCTAssertEqual(
            result.lines,
            [
                String(repeating: "x", count: 20), String(repeating: "x", count: 20), String(repeating: "x", count: 10),
                "  short  words   spa", "ced", "", "        x",
            ])
    }

    /// The code sample of the bundled `Feeds/rss20-blog.xml`, as its item carries it.
    func testPreformattedCodeKeepsItsIndentationInsideAndOutsideLists() {
        let code = "<pre>int main(void) {\n    return serve(8080);\n}</pre>"
        XCTAssertEqual(
            HTMLText.render("<p>Just <code>poll(2)</code>.</p>" + code, width: 40).lines,
            ["Just poll(2).", "", "int main(void) {", "    return serve(8080);", "}"])
        XCTAssertEqual(
            HTMLText.render("<ul><li>Step one:" + code + "</li><li>two</li></ul>", width: 40).lines,
            ["\u{2022} Step one:", "  int main(void) {", "      return serve(8080);", "  }", "", "\u{2022} two"])
        XCTAssertEqual(
            HTMLText.render("<pre><code>\n  indented first\n</code></pre>", width: 40).lines, ["  indented first"])
    }

    func testNestedListsIndentPerLevelAndNumbersFollowTheAttributes() {
        let html = """
            <ol start=9><li>nine<ol type=a><li>a<ul><li>deep<ul><li>deeper</li></ul></li></ul></li><li>b</li></ol></li>\
            <li>ten</li></ol>
            """
        XCTAssertEqual(
            HTMLText.render(html, width: 40).lines,
            ["9. nine", "   a. a", "      \u{25AA} deep", "        \u{2022} deeper", "   b. b", "10. ten"])
        XCTAssertEqual(
            HTMLText.render("<ol reversed><li>c</li><li>b</li><li value=7>g</li><li>f</li></ol>", width: 40).lines,
            ["4. c", "3. b", "7. g", "6. f"])
        XCTAssertEqual(
            HTMLText.render("<ol reversed start=2 type=I><li>x</li><li>y</li><li>z</li></ol>", width: 40).lines,
            ["II. x", "I. y", "0. z"])
        XCTAssertEqual(
            HTMLText.render("<ol type=i start=3><li>x</li><li>y</li></ol><ol type=A start=26><li>z</li><li>aa</li></ol>", width: 40).lines,
            ["iii. x", "iv. y", "", "Z. z", "AA. aa"])
    }

    /// The text follows the sanitizer's rules: what follows a removed void element stays, and the
    /// fallback of plugin containers is shown.
    func testRemovedElementsTakeNothingAlong() {
        let html = "Example <b>Atom</b> <embed src=\"x\"> after <i>it</i><object data=y><param name=a>fallback</object>"
        XCTAssertEqual(HTMLText.render(html, width: 60).lines, ["Example Atom after itfallback"])
        XCTAssertEqual(HTMLText.plainText(html), "Example Atom after it fallback")
        XCTAssertEqual(HTMLText.plainText("a <iframe src=x>fb <script>s()</script></iframe> b"), "a fb b")
    }

    func testWideCharactersImagesAndDefinitionLists() {
        let html = """
            Text with 日本語の文章が長く続きますのでここで折り返されるべきです and emoji 👩‍💻🇳🇴 end \
            <img src=a.png alt='A cat'> <img src=b.png>
            """
        XCTAssertEqual(
            HTMLText.render(html, width: 30).lines,
            [
                "Text with", "日本語の文章が長く続きますので", "ここで折り返されるべきです and",
                "emoji 👩‍💻🇳🇴 end [image: A cat]", "[image]",
            ])
        XCTAssertEqual(
            HTMLText.render("<h2>Sub</h2><dl><dt>Term</dt><dd>Definition</dd></dl>", width: 30).lines,
            ["Sub", "---", "", "Term", "    Definition"])
    }

    func testLinksAreDedupedAndUnsafeOnesNotNumbered() {
        let html = """
            <p><a href="https://a.example/">A</a> <a href="javascript:alert(1)">J</a> <a href="#top">T</a> \
            <a href="https://a.example/">again</a> <a href="b.html">B</a></p>
            """
        let result = HTMLText.render(html, width: 80, baseURL: base)
        XCTAssertEqual(result.lines, ["A[1] J T again[1] B[2]"])
        XCTAssertEqual(result.links, ["https://a.example/", "https://example.com/dir/b.html"])
    }

    func testScriptsStylesAndControlCharactersAreRemoved() {
        let html = "<style>p{}</style><p>after \u{1B}[31m esc\u{7}</p><script>evil()</script>"
        XCTAssertEqual(HTMLText.render(html, width: 40).lines, ["after [31m esc"])
        XCTAssertEqual(HTMLText.plainText(html), "after [31m esc")
    }

    func testEveryLineFitsTheWidth() {
        let words = ["alpha", "βήτα", "гамма", "デルタ", "😀", "epsilon-with-a-very-long-hyphenated-name", "\u{5D0}\u{5D1}"]
        var html = "<ul>"
        for index in 0..<60 { html += "<li><p>\(words[index % words.count]) \(words[(index * 3) % words.count]) item \(index)</p></li>" }
        html += "</ul><blockquote><blockquote>" + String(repeating: "quoted words ", count: 40) + "</blockquote></blockquote>"
        for width in [8, 12, 20, 33, 80] {
            for line in HTMLText.render(html, width: width).lines {
                XCTAssertLessThanOrEqual(displayCells(line), width, "\(line) at \(width)")
            }
        }
    }

    func testPlainText() {
        XCTAssertEqual(
            HTMLText.plainText("<p>One&nbsp;two</p><p>three <b>fo</b>ur</p>\n<ul><li>x</li><li>y</li></ul>"),
            "One two three four x y")
        XCTAssertEqual(HTMLText.plainText(""), "")
        XCTAssertEqual(HTMLText.plainText("caf&eacute; &lt;tag&gt; &#x1F600;"), "café <tag> 😀")
    }

    func testHostileAndDeepInputs() {
        let deep = String(repeating: "<blockquote>", count: 5_000) + "deep" + String(repeating: "</blockquote>", count: 5_000)
        let result = HTMLText.render(deep, width: 40)
        // Prefixes stop at half the width (20 cells: ten "> ").
        XCTAssertEqual(result.lines, [String(repeating: "> ", count: 10) + "deep"])
        for input in SanitizerTests.hostile {
            let rendered = HTMLText.render(input, width: 40, baseURL: base)
            XCTAssertFalse(rendered.links.contains { $0.lowercased().hasPrefix("javascript") }, input)
            XCTAssertFalse(rendered.lines.joined().contains("alert(2)"), input)
        }
    }

    /// Cells as the tests count them: two for East Asian wide characters and emoji, else one.
    private func displayCells(_ line: String) -> Int {
        var cells = 0
        for character in line {
            guard let scalar = character.unicodeScalars.first else { continue }
            let wide = (0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
                || (0xAC00...0xD7A3).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
                || (0xFF00...0xFF60).contains(scalar.value) || scalar.value >= 0x1F300
            cells += wide ? 2 : 1
        }
        return cells
    }
}
