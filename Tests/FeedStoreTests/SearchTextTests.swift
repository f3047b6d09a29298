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
