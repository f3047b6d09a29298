import FeedModel
@testable import FeedStore
import Foundation
import XCTest

/// `feedurl` compares with the feed's URL only (newsboat's `rssurl`), where `feed =~` reads titles.
final class FeedURLFieldTests: XCTestCase {
    private var store: FeedStore!

    override func setUpWithError() throws {
        store = try FeedStore(path: try temporaryDatabasePath(self))
        let first = try store.addFeed(url: "http://127.0.0.1:8080/rss-001.xml", title: "Morning", tags: []).id
        let second = try store.addFeed(url: "http://127.0.0.1:8080/RSS-002.xml", title: "Evening", tags: []).id
        let other = try store.addFeed(url: "http://127.0.0.1:8080/atom.xml", title: "rss-00 fans", tags: []).id
        for (feed, name) in [(first, "a"), (second, "b"), (other, "c")] {
            try store.apply(
                feedID: feed, feed: document([Article(id: name, url: "https://x.example/\(name)", title: "Article \(name)")]),
                fetch: fetch())
        }
    }

    private func titles(_ query: String) throws -> [String] {
        try store.titles(ArticleQuery(expression: try QueryExpression(parsing: query), sort: .oldestFirst)).sorted()
    }

    func testFeedURLMatchesTheURLNeverTheTitle() throws {
        XCTAssertEqual(try titles("feedurl =~ \"rss-00\""), ["Article a"])
        XCTAssertEqual(try titles("feedurl =~ \"(?i)rss-00\""), ["Article a", "Article b"])
        XCTAssertEqual(try titles("feed =~ \"rss-00\""), ["Article c"], "feed =~ reads titles")
        XCTAssertEqual(try titles("feedurl = \"http://127.0.0.1:8080/atom.xml\""), ["Article c"])
        XCTAssertEqual(try titles("feedurl !~ \"(?i)rss\""), ["Article c"])
    }
}
