@testable import FeedStore
import XCTest

final class SearchTextTests: XCTestCase {
    func testStripsMarkupAndDecodesEntities() {
        XCTAssertEqual(
            SearchText.plain(fromHTML: "<p class='a>b'>Fish &amp; chips</p><style>p{}</style>\n\t<b>caf&#233; &#x263A;</b>"),
            "Fish & chips café ☺")
        XCTAssertEqual(SearchText.plain(fromHTML: "a &bogus; b &#0; c &"), "a &bogus; b c &")
        XCTAssertEqual(SearchText.plain(fromHTML: "<script>never</script>after<scr"), "after")
        XCTAssertEqual(SearchText.plain(fromText: "  two\n\nlines  "), "two lines")
    }

    func testBoundsLengthAtACharacterBoundary() {
        let text = SearchText.plain(fromText: String(repeating: "é", count: SearchText.maximumLength))
        XCTAssertLessThanOrEqual(text.utf8.count, SearchText.maximumLength)
        XCTAssertTrue(text.allSatisfy { $0 == "é" })
    }

    func testSearchExpressionQuotesEveryWord() {
        XCTAssertEqual(SearchExpression.match("say \"hi\" OR col:x* *"), "\"say\" \"\"\"hi\"\"\" \"OR\" \"col:x\"*")
        XCTAssertNil(SearchExpression.match(" -- () * "))
    }

    func testIdentityNormalisesHTTPSchemesAndHosts() {
        XCTAssertEqual(ArticleIdentity.normalized("HTTP://Example.ORG/Path?Q=1"), "//example.org/Path?Q=1")
        XCTAssertEqual(ArticleIdentity.normalized("https://example.org"), "//example.org")
        XCTAssertEqual(ArticleIdentity.normalized(" tag:Example,2024:1 "), "tag:Example,2024:1")
    }
}
