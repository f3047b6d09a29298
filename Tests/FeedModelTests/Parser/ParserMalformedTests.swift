import XCTest

@testable import FeedModel

/// Malformed documents: recovered where libxml2 can, "not a feed" where nothing is a feed.
final class ParserMalformedTests: XCTestCase {
    func testUnclosedTagsAreRecovered() throws {
        let feed = try ParserFixtures.parse(
            "<rss version=\"2.0\"><channel><title>T</title><item><title>one</title><item><title>two</title></item></channel></rss>")
        XCTAssertFalse(feed.wellformed)
        XCTAssertNotNil(feed.error)
        XCTAssertEqual(feed.items.map(\.title), ["one", "two"])
    }

    func testStrayAmpersand() throws {
        let feed = try ParserFixtures.parse("<rss version=\"2.0\"><channel><item><title>Fish & Chips</title></item></channel></rss>")
        XCTAssertFalse(feed.wellformed)
        XCTAssertEqual(feed.items.count, 1)
        XCTAssertNotNil(feed.items[0].title)
    }

    /// The items that closed are kept; the one open at the cut is not (`CutOffDocumentTests`).
    func testTruncatedDocumentKeepsWhatWasRead() throws {
        let feed = try ParserFixtures.parse(
            "<rss version=\"2.0\"><channel><title>T</title><item><title>whole</title></item><item><title>cut")
        XCTAssertFalse(feed.wellformed)
        XCTAssertFalse(feed.isComplete)
        XCTAssertEqual(feed.items.first?.title, "whole")
        XCTAssertEqual(feed.items.count, 1)
    }

    func testLeadingWhitespaceAndJunkBeforeDeclaration() throws {
        let spaced = try ParserFixtures.parse("\n\n   <?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>S</title></channel></rss>")
        XCTAssertEqual(spaced.title, "S")
        XCTAssertTrue(spaced.wellformed)
        let junk = try ParserFixtures.parse("garbage\u{1}<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>J</title></channel></rss>")
        XCTAssertEqual(junk.title, "J")
        XCTAssertFalse(junk.wellformed)
    }

    func testNotAFeed() {
        let cases: [(String, String)] = [
            ("", "empty document"),
            ("   \n ", "empty document"),
            ("<!DOCTYPE html><html><head><title>x</title></head><body>hi</body></html>", "HTML"),
            ("<?xml version=\"1.0\"?><note><to>x</to></note>", "<note>"),
            ("just some text", "no markup"),
            ("{\"hello\": 1}", "JSON"),
            ("{not json", "invalid JSON"),
        ]
        for (input, reason) in cases {
            XCTAssertThrowsError(try ParserFixtures.parse(input), input) { error in
                guard case .notAFeed(let why) = error as? FeedParseError else { return XCTFail("\(error)") }
                XCTAssertTrue(why.contains(reason), "\(input): \(why)")
            }
        }
    }

    func testUndeclaredNamespacePrefixesStillCount() throws {
        let feed = try ParserFixtures.parse(
            "<rss version=\"2.0\"><channel><item><title>t</title><dc:creator>Ann</dc:creator><content:encoded>&lt;p&gt;x&lt;/p&gt;</content:encoded></item></channel></rss>")
        XCTAssertEqual(feed.items[0].authors, [Author(name: "Ann")])
        XCTAssertEqual(feed.items[0].contentHTML, "<p>x</p>")
    }

    func testNakedMarkupInDescriptionIsKept() throws {
        let feed = try ParserFixtures.parse(
            "<rss version=\"2.0\"><channel><item><description>Hello <b class=\"x\">bold</b> <br/>end</description></item></channel></rss>")
        XCTAssertEqual(feed.items[0].contentHTML, "Hello <b class=\"x\">bold</b> <br></br>end")
    }

    func testUnparseableDateLeavesFieldEmpty() throws {
        let feed = try ParserFixtures.parse("<rss version=\"2.0\"><channel><item><title>t</title><pubDate>someday</pubDate></item></channel></rss>")
        XCTAssertNil(feed.items[0].published)
        XCTAssertTrue(feed.wellformed)
    }

    func testMalformedJSONIsNotAFeedButMissingFieldsAreFine() throws {
        let feed = try ParserFixtures.parse("{\"version\":\"https://jsonfeed.org/version/1.1\",\"items\":[{}]}")
        XCTAssertEqual(feed.items.count, 1)
        XCTAssertNil(feed.title)
    }
}
