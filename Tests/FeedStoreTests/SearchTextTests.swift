import FeedModel
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

final class JSONColumnTests: XCTestCase {
    func testHandWrittenJSONDecodesBackToTheSameValues() throws {
        let authors = [
            Author(name: "Quote \" back\\slash \n\t\u{1} \u{2028} émoji 😀", url: "https://a.example/", email: "a@b.c"),
            Author(avatar: "https://a.example/x.png"),
        ]
        let enclosures = [
            Enclosure(url: "https://e.example/a.mp3", mimeType: "audio/mpeg", title: "T", sizeInBytes: 12_345_678_901,
                      durationInSeconds: 61.5),
            Enclosure(url: "https://e.example/b", durationInSeconds: .infinity),
        ]
        XCTAssertEqual(JSONColumn.decode([Author].self, from: JSONColumn.encode(authors)), authors)
        var expected = enclosures
        expected[1].durationInSeconds = nil
        XCTAssertEqual(JSONColumn.decode([Enclosure].self, from: JSONColumn.encode(enclosures)), expected)
        XCTAssertNil(JSONColumn.encode([Author]()))
        XCTAssertEqual(TagColumn.decode(TagColumn.encode(["a", "b\u{1F}c", ""])), ["a", "b c", ""])
    }
}
