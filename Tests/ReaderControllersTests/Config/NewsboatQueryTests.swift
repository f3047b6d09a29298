import FeedStore
@testable import ReaderControllers
import XCTest

/// newsboat query feeds translated into the query language, and what is refused.
final class NewsboatQueryTests: XCTestCase {
    private func translated(_ source: String) -> String? {
        try? NewsboatQuery.translate(source).get().query
    }

    private func failure(_ source: String) -> NewsboatQueryError? {
        if case .failure(let error) = NewsboatQuery.translate(source) { return error }
        return nil
    }

    func testTheCommonSubset() throws {
        let result = try NewsboatQuery.translate("query:Unread news:unread = \"yes\"").get()
        XCTAssertEqual(result.name, "Unread news")
        XCTAssertEqual(result.query, "unread")
        XCTAssertEqual(translated("query:x:unread = \"no\""), "not unread")
        XCTAssertEqual(translated("query:Swift:title =~ \"[Ss]wift\" and tags # \"dev\""),
                       "title =~ \"(?i)[Ss]wift\" and tag =~ \"^dev$\"")
        XCTAssertEqual(translated("query:Week:age < 7 or (tags !# \"old\" and unread = \"yes\")"),
                       "age < 7d or (not tag =~ \"^old$\" and unread)")
        XCTAssertEqual(translated("query:Mid:age between 2:5"), "(age >= 2d and age < 6d)")
        XCTAssertEqual(translated("query:Pods:enclosure_type = \"audio/mpeg\" and feedtitle =~ \"^Radio\""),
                       "enclosure =~ \"^audio/mpeg$\" and feed =~ \"(?i)^Radio\"")
        XCTAssertEqual(translated("query:q:title = \"say \\\"hi\\\"\""), "title =~ \"^say \\\"hi\\\"$\"")
        for source in ["query:a:unread = \"yes\"", "query:b:title =~ \"x\" and tags # \"y\""] {
            let query = try XCTUnwrap(translated(source))
            XCTAssertNoThrow(try QueryExpression(parsing: query), query)
        }
    }

    func testWhatCannotBeTranslatedIsReported() {
        XCTAssertEqual(failure("query:Flags:flags # \"s\""), .untranslatable(name: "Flags", part: "flags # s"))
        XCTAssertEqual(failure("query:Bad:unread = \"maybe\""), .untranslatable(name: "Bad", part: "unread = maybe"))
        XCTAssertEqual(failure("https://example.org/feed"), .notAQuery("https://example.org/feed"))
        XCTAssertEqual(failure("query:NoCondition"), .notAQuery("query:NoCondition"))
        if case .failure(let error) = NewsboatQuery.translate("query:Paren:(unread = \"yes\"") {
            XCTAssertEqual(error.description, "query feed \"Paren\": cannot translate (unread = \"yes\"")
        } else {
            XCTFail("an unbalanced parenthesis is refused")
        }
    }
}
