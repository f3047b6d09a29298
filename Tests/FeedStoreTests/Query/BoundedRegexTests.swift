import FeedModel
@testable import FeedStore
import Foundation
import XCTest

/// The regular-expression engine behind `=~` and `[[ignore]]` rules (PCRE2 with a match and a depth
/// limit): the dialect users write, Unicode, invalid and huge patterns, and catastrophic backtracking
/// that ends with `RegexBudgetError` on a real store instead of running for minutes.
final class BoundedRegexTests: XCTestCase {
    func testCommonPatternsMatchAsBefore() throws {
        XCTAssertTrue(try BoundedRegex("^Episode [0-9]").matches("Episode 1: It's"))
        XCTAssertFalse(try BoundedRegex("^Episode [0-9]").matches("An Episode 1"))
        XCTAssertTrue(try BoundedRegex("(?i)swift").matches("Taylor SWIFT"))
        XCTAssertTrue(try BoundedRegex("\\d").matches("Swift 6"))
        XCTAssertTrue(try BoundedRegex("rust$").matches("https://news.example/rust"))
        XCTAssertTrue(try BoundedRegex("back\\\\slash").matches("back\\slash"))
        XCTAssertTrue(try BoundedRegex("a|b").matches("xbx"))
        XCTAssertFalse(try BoundedRegex("x").matches(""))
        XCTAssertTrue(try BoundedRegex("^$").matches(""))
    }

    func testUnicodeLettersAndCaseFolding() throws {
        XCTAssertTrue(try BoundedRegex("(?i)élan").matches("ÉLAN vital"), "case folding beyond ASCII")
        XCTAssertTrue(try BoundedRegex("^\\p{L}+$").matches("Ünïcödé"))
        XCTAssertTrue(try BoundedRegex("^\\w+$").matches("naïve"), "\\w covers Unicode letters")
        XCTAssertTrue(try BoundedRegex("^.$").matches("日"), "one character, not one byte")
        XCTAssertTrue(try BoundedRegex("東京").matches("東京の天気"))
    }

    func testAnInvalidPatternIsRefusedWithPCRE2sReason() {
        XCTAssertThrowsError(try BoundedRegex("(")) { error in
            guard case .invalid(let message, _) = error as? BoundedRegex.Failure else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("parenthesis"), message)
        }
    }

    func testCatastrophicBacktrackingRunsOutOfItsBudgetPromptly() throws {
        let regex = try BoundedRegex("(?i)^(([a-z ]+)+)+[0-9]$")
        let start = ContinuousClock.now
        XCTAssertThrowsError(try regex.matches("the quick brown fox jumps over the lazy dog again x")) { error in
            XCTAssertEqual(error as? BoundedRegex.Failure, .budgetExceeded)
        }
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(3))
        XCTAssertTrue(try regex.matches("short 1"), "the same pattern still matches what it can decide")
    }

    func testAPatternTooLargeToCompileIsASyntaxErrorThatDoesNotQuoteItAll() {
        let huge = (0..<135_000).map { "w\($0)" }.joined(separator: "|")
        XCTAssertGreaterThan(huge.utf8.count, 900_000)
        do {
            _ = try QueryExpression(parsing: "title =~ \"(\(huge))+x\"")
            XCTFail("a 900 KB pattern compiled")
        } catch {
            XCTAssertTrue(error.message.hasPrefix("invalid regular expression"), error.message)
            XCTAssertLessThan(error.message.count, 300, "the message names the pattern without quoting all of it")
        }
    }

    func testAQueryTooDeepForSQLiteIsRefusedWhenParsed() {
        let query = (0..<600).map { "title = \"t\($0)\"" }.joined(separator: " or ")
        XCTAssertThrowsError(try QueryExpression(parsing: query)) { error in
            XCTAssertTrue((error as? QuerySyntaxError)?.message.hasPrefix("the query is too large") ?? false, "\(error)")
        }
    }

    func testManyLiteralAlternativesStillMatchInTheStore() throws {
        let store = try FeedStore(path: try temporaryDatabasePath(self))
        let feed = try store.addFeed(url: "https://example.org/feed", title: "Example").id
        try store.apply(feedID: feed, feed: document([
            Article(id: "1", url: "https://example.org/1", title: "word 999 here"),
            Article(id: "2", url: "https://example.org/2", title: "nothing"),
        ]), fetch: fetch())
        let pattern = (0..<1_000).map { "word \($0) " }.joined(separator: "|")
        let query = ArticleQuery(expression: try QueryExpression(parsing: "title =~ \"\(pattern)\""))
        XCTAssertEqual(try store.countArticles(query), 1, "1,000 alternatives: no SQL expression too deep")
    }

    func testABudgetOverrunInTheStoreFailsTheStatementWithTheRegexNamed() throws {
        let store = try FeedStore(path: try temporaryDatabasePath(self))
        let feed = try store.addFeed(url: "https://example.org/feed", title: "Example").id
        try store.apply(feedID: feed, feed: document((0..<1_050).map {
            Article(id: "\($0)", url: "https://example.org/\($0)", title: "the quick brown fox jumps over the lazy dog \($0)x")
        }), fetch: fetch())
        let pattern = "(?i)^(([a-z ]+)+)+[0-9]$"
        let query = ArticleQuery(expression: try QueryExpression(parsing: "title =~ \"\(pattern)\""))
        let start = ContinuousClock.now
        XCTAssertThrowsError(try store.countArticles(query)) { error in
            XCTAssertEqual(RegexBudgetError(error)?.pattern, pattern, "\(error)")
        }
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(3))

        let rules = IgnoreRules([try IgnoreRule(query: "title =~ \"\(pattern)\"")])
        XCTAssertThrowsError(try store.applyIgnoreRules(rules)) { error in
            XCTAssertNotNil(RegexBudgetError(error), "\(error)")
        }
        XCTAssertEqual(try store.countArticles(ArticleQuery()), 1_050, "nothing was hidden by the failed rule")
    }
}
