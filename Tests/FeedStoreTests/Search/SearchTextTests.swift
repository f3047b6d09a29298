import GRDB
import XCTest

@testable import FeedStore

final class SearchTextTests: XCTestCase {
    func testBodyIsTheReadersPlainText() {
        XCTAssertEqual(
            SearchText.body(
                content: "<p class='a>b'>Fish &amp; chips</p><style>p{}</style>\n\t<b>caf&#233; &#x263A;</b>",
                contentIsText: false, summary: nil),
            "Fish & chips café ☺")
        XCTAssertEqual(
            SearchText.body(content: "<p>caf&eacute; &hellip; na&iuml;ve &rsquo;</p>", contentIsText: false, summary: nil),
            "café … naïve ’", "every HTML entity, not six")
        XCTAssertEqual(
            SearchText.body(content: "<script>never</script>after", contentIsText: false, summary: nil), "after")
        XCTAssertEqual(SearchText.body(content: "  two\n\nlines &amp; <b>  ", contentIsText: true, summary: nil),
                       "two lines &amp; <b>", "plain text is not read as markup")
        XCTAssertEqual(SearchText.body(content: nil, contentIsText: false, summary: "<p>the summary</p>"), "the summary")
        XCTAssertEqual(SearchText.body(content: "", contentIsText: false, summary: nil), "")
    }

    func testBoundsLengthAtACharacterBoundary() {
        let text = SearchText.body(
            content: String(repeating: "é", count: SearchText.maximumLength), contentIsText: true, summary: nil)
        XCTAssertEqual(text.utf8.count, SearchText.maximumLength)
        XCTAssertTrue(text.allSatisfy { $0 == "é" })
        let odd = SearchText.body(
            content: "a" + String(repeating: "語", count: SearchText.maximumLength), contentIsText: true, summary: nil)
        XCTAssertLessThanOrEqual(odd.utf8.count, SearchText.maximumLength)
        XCTAssertEqual(odd.utf8.count % 3, 1, "no character is cut in half")
    }

    func testIdentityTextKeepsLettersAndDigits() {
        XCTAssertEqual(SearchText.identityText("café, au lait — 2 cups!"), "caféaulait2cups")
        XCTAssertEqual(SearchText.identityText("日本語 のタイトル"), "日本語のタイトル")
    }

    func testCJKRunsBecomeBigramsInTheIndex() {
        XCTAssertEqual(CJKBigrams.document("日本語のタイトル"), "日本 本語 語の のタ タイ イト トル ル")
        XCTAssertEqual(CJKBigrams.document("Swift日本語 news"), "Swift 日本 本語 語 news")
        XCTAssertEqual(CJKBigrams.document("中文，标题"), "中文 文 ， 标题 题")
        XCTAssertEqual(CJKBigrams.document("한국어 뉴스"), "한국 국어 어 뉴스 스")
        XCTAssertEqual(CJKBigrams.document("plain café text"), "plain café text")
        XCTAssertEqual(CJKBigrams.document("日"), "日")
    }

    /// The rewrite, on bytes, equals the rule written out scalar by scalar, on texts mixing CJK runs of
    /// every length with ASCII, spaces, accented and other three- and four-byte characters.
    func testCJKRewriteEqualsTheRuleScalarByScalar() {
        func reference(_ text: String, endsWord: Bool) -> (String, Int) {
            var output = String.UnicodeScalarView()
            var run: [Unicode.Scalar] = []
            func flush(_ endingWord: Bool) {
                if run.count == 1 {
                    output.append(run[0])
                    return
                }
                for index in 0..<(run.count - 1) {
                    if index > 0 { output.append(" ") }
                    output.append(run[index])
                    output.append(run[index + 1])
                }
                if !endingWord, let last = run.last {
                    output.append(" ")
                    output.append(last)
                }
            }
            for scalar in text.unicodeScalars {
                if CJKBigrams.isCJK(scalar) {
                    if run.isEmpty, let last = output.last, last != " " { output.append(" ") }
                    run.append(scalar)
                } else {
                    if !run.isEmpty {
                        flush(false)
                        run = []
                        if scalar != " " { output.append(" ") }
                    }
                    output.append(scalar)
                }
            }
            if !run.isEmpty { flush(endsWord) }
            return (String(output), run.count)
        }
        let pieces = ["日", "本語", "のタイトル", "한국어", "𠀋𡈽", "中文，标题", " ", "  ", "a", "Swift", "café", "—", "Москва", "😀",
                      "ｶﾀｶﾅ", "\n", "x y"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<Int(state % 9) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int(state >> 33) % pieces.count]
            }
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            XCTAssertEqual(CJKBigrams.document(text), reference(text, endsWord: false).0, text.debugDescription)
            let query = CJKBigrams.query(text[...])
            let expected = reference(text, endsWord: true)
            if text.unicodeScalars.contains(where: CJKBigrams.isCJK) {
                XCTAssertEqual(query.phrase, expected.0, text.debugDescription)
                XCTAssertEqual(query.prefix, expected.1 == 1, text.debugDescription)
            }
        }
    }

    func testCJKQueriesBecomeBigramPhrases() {
        XCTAssertEqual(CJKBigrams.query("日本語").phrase, "日本 本語")
        XCTAssertFalse(CJKBigrams.query("日本語").prefix)
        XCTAssertEqual(CJKBigrams.query("日").phrase, "日")
        XCTAssertTrue(CJKBigrams.query("日").prefix, "one character is found as the start of a bigram")
        XCTAssertEqual(CJKBigrams.query("Swift日本").phrase, "Swift 日本")
        XCTAssertEqual(CJKBigrams.query("本語b").phrase, "本語 語 b", "a run inside the word ends in its last character")
        XCTAssertEqual(CJKBigrams.query("swift").phrase, "swift")
    }

    func testSearchExpressionQuotesEveryWord() {
        XCTAssertEqual(SearchExpression.match("say \"hi\" OR col:x* *"), "\"say\" \"\"\"hi\"\"\" \"OR\" \"col:x\"*")
        XCTAssertNil(SearchExpression.match(" -- () * "))
        XCTAssertEqual(SearchExpression.match("日本語 新聞*"), "\"日本 本語\" \"新聞\"*")
        XCTAssertEqual(SearchExpression.match("語"), "\"語\"*")
    }

    func testIdentityNormalisesHTTPSchemesAndHosts() {
        XCTAssertEqual(ArticleIdentity.normalized("HTTP://Example.ORG/Path?Q=1"), "//example.org/Path?Q=1")
        XCTAssertEqual(ArticleIdentity.normalized("https://example.org"), "//example.org")
        XCTAssertEqual(ArticleIdentity.normalized(" tag:Example,2024:1 "), "tag:Example,2024:1")
    }
}
