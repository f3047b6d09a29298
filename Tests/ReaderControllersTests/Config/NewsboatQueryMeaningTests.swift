import FeedStore
@testable import ReaderControllers
import XCTest

/// A newsboat query keeps its meaning: `rssurl` is the feed's URL, `=` is exact and `=~` ignores case
/// as in newsboat, `age` counts whole days; what has no exact equivalent is refused, naming it.
final class NewsboatQueryMeaningTests: XCTestCase {
    private func translated(_ source: String) -> String? {
        try? NewsboatQuery.translate(source).get().query
    }

    private func refused(_ source: String) -> String? {
        if case .failure(.untranslatable(_, let part)) = NewsboatQuery.translate(source) { return part }
        return nil
    }

    func testFeedURLStaysTheFeedURL() {
        XCTAssertEqual(translated("query:ByURL:rssurl =~ \"rss-00\""), "feedurl =~ \"(?i)rss-00\"")
        XCTAssertEqual(translated("query:One:rssurl = \"http://h/a.xml\""), "feedurl =~ \"^http://h/a\\\\.xml$\"")
        XCTAssertEqual(translated("query:T:feedtitle = \"C++ (weekly)\""), "feed =~ \"^C\\\\+\\\\+ \\\\(weekly\\\\)$\"")
    }

    func testAgeCountsWholeDays() {
        XCTAssertEqual(translated("query:a:age > 7"), "age >= 8d")
        XCTAssertEqual(translated("query:a:age <= 7"), "age < 8d")
        XCTAssertEqual(translated("query:a:age between 5:2"), "(age >= 2d and age < 6d)")
    }

    func testWhatHasNoExactEquivalentIsRefused() {
        XCTAssertEqual(refused("query:C:content =~ \"swift\""), "content =~ swift")
        XCTAssertEqual(refused("query:F:feed_title =~ \"x\""), "feed_title =~ x")
        XCTAssertEqual(refused("query:G:guid = \"x\" and unread = \"yes\""), "guid = x")
        XCTAssertEqual(refused("query:U:unread = \"Yes\""), "unread = Yes")
        XCTAssertEqual(refused("query:E:enclosure_type = \"\""), "enclosure_type = ")
    }

    func testEveryTranslationParses() throws {
        for source in ["query:a:rssurl !~ \"x\" or feedtitle != \"y\"", "query:b:tags # \"a.b\" and age >= 3",
                       "query:c:title = \"say \\\"hi\\\"\" and author =~ \"^Ann\""] {
            let query = try XCTUnwrap(translated(source), source)
            XCTAssertNoThrow(try QueryExpression(parsing: query), query)
        }
    }
}
