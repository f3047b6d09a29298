import FeedModel
import FeedStore
import Foundation
import XCTest

/// Ignore rules mark articles when they are stored and again when the rules change; nothing is
/// deleted, starred articles are never hidden, and lists and counts leave the marked ones out.
final class IgnoreRulesTests: XCTestCase {
    private var store: FeedStore!
    private var path = ""
    private var feedID: Int64 = 0
    private var otherID: Int64 = 0

    override func setUpWithError() throws {
        path = try temporaryDatabasePath(self)
        store = try FeedStore(path: path)
        feedID = try store.addFeed(url: "https://example.org/feed", title: "Example", tags: ["tech"]).id
        otherID = try store.addFeed(url: "https://other.example/feed", title: "Other").id
    }

    private func rules(_ list: [(String, String?, String?)]) throws -> IgnoreRules {
        IgnoreRules(try list.map { try IgnoreRule(query: $0.0, feed: $0.1, tag: $0.2) })
    }

    func testRulesMarkArticlesAsTheyAreStored() throws {
        let rules = try rules([("title =~ \"(?i)sponsored\"", nil, nil), ("content contains crypto", "Other", nil)])
        XCTAssertEqual(try store.applyIgnoreRules(rules), 0)
        try store.apply(feedID: feedID, feed: document([
            item(1, title: "Sponsored: buy now"), item(2, title: "Real news"),
            item(3, title: "About crypto", content: "<p>crypto crypto</p>"),
        ]), fetch: fetch(), ignoring: rules)
        try store.apply(feedID: otherID, feed: document([
            item(4, guid: "o4", url: "https://other.example/4", title: "Other crypto", content: "<p>crypto again</p>"),
            item(5, guid: "o5", url: "https://other.example/5", title: "Other news"),
        ]), fetch: fetch(), ignoring: rules)
        XCTAssertEqual(try store.titles(.all).sorted(), ["About crypto", "Other news", "Real news"],
                       "the crypto rule is for the feed Other only")
        XCTAssertEqual(try store.titles(ArticleQuery(includeIgnored: true)).count, 5, "marked, not deleted")
        XCTAssertEqual(try store.countArticles(.allUnread), 3)
        XCTAssertEqual(try store.counts().articles, 3)
        XCTAssertEqual(try store.counts().unread, 3)
        XCTAssertEqual(try store.counts(includeIgnored: true).articles, 5)
        let feeds = try store.feeds()
        XCTAssertEqual(feeds.map(\.totalCount), [2, 1], "feed counts leave ignored articles out")
        XCTAssertEqual(feeds.map(\.unreadCount), [2, 1])
        XCTAssertEqual(try store.countArticles(.search("crypto")), 1)
    }

    func testChangedRulesApplyToStoredArticlesAndAWrongRuleLosesNothing() throws {
        try store.apply(feedID: feedID, feed: document([item(1, title: "Keep me"), item(2, title: "Noise")]),
                        fetch: fetch())
        let all = try store.articleSummaries(.all, offset: 0, limit: 10)
        try store.setRead(true, articleIDs: all.filter { $0.title == "Keep me" }.map(\.id))
        let wrong = try rules([("title =~ \"e\"", nil, nil)])
        XCTAssertEqual(try store.applyIgnoreRules(wrong), 2)
        XCTAssertNil(try store.applyIgnoreRules(wrong), "the same rules are not applied twice")
        XCTAssertEqual(try store.titles(.all), [])
        XCTAssertEqual(try store.counts().feedsWithUnread, 0, "a feed whose unread articles are all ignored has none")
        XCTAssertEqual(try store.counts(includeIgnored: true).feedsWithUnread, 1)
        let fixed = try rules([("title = noise", nil, "tech")])
        XCTAssertEqual(try store.applyIgnoreRules(fixed), 1)
        XCTAssertEqual(try store.titles(.all), ["Keep me"])
        XCTAssertEqual(try store.counts().feedsWithUnread, 0, "its one unread article is ignored, the other read")
        XCTAssertEqual(try store.articleSummaries(.all, offset: 0, limit: 1).first?.read, true, "marks kept")
        XCTAssertEqual(try store.applyIgnoreRules(.none), 0)
        XCTAssertEqual(try store.titles(.all).count, 2)
    }

    func testStarredArticlesAreNeverHidden() throws {
        try store.apply(feedID: feedID, feed: document([item(1, title: "Starred noise"), item(2, title: "Noise")]),
                        fetch: fetch())
        let starred = try store.articleSummaries(.all, offset: 0, limit: 10).filter { $0.title == "Starred noise" }
        try store.setStarred(true, articleIDs: starred.map(\.id))
        XCTAssertEqual(try store.applyIgnoreRules(try rules([("title contains noise", nil, nil)])), 1)
        XCTAssertEqual(try store.titles(.starred), ["Starred noise"])
        let hidden = try store.articleSummaries(ArticleQuery(includeIgnored: true), offset: 0, limit: 10)
            .filter { $0.title == "Noise" }
        try store.setStarred(true, articleIDs: hidden.map(\.id))
        XCTAssertEqual(try store.titles(.starred).sorted(), ["Noise", "Starred noise"], "starring shows it again")
    }

    func testAnUpdatedArticleIsJudgedAgain() throws {
        let rules = try rules([("title contains draft", nil, nil)])
        try store.applyIgnoreRules(rules)
        try store.apply(feedID: feedID, feed: document([item(1, title: "Draft post")]), fetch: fetch(), ignoring: rules)
        XCTAssertEqual(try store.titles(.all), [])
        try store.apply(feedID: feedID, feed: document([item(1, title: "Final post")]), fetch: fetch(), ignoring: rules)
        XCTAssertEqual(try store.titles(.all), ["Final post"])
    }

    func testContainsJudgesTheStoredArticlesOnlyAnOlderOneChangedAmongThem() throws {
        try store.apply(feedID: feedID, feed: document([item(1, title: "Calm"), item(2, title: "Quiet")]), fetch: fetch())
        try store.apply(feedID: otherID, feed: document([
            item(3, guid: "o3", url: "https://other.example/3", title: "Old crypto", content: "<p>crypto</p>"),
        ]), fetch: fetch())
        // Rules that did not change are not applied to what is stored: "Old crypto" stays, as before.
        let rules = try rules([("content contains crypto or title contains crypto", nil, nil)])
        try store.applyIgnoreRules(rules)
        XCTAssertEqual(try store.applyIgnoreRules(rules), nil)
        _ = try sqlite3(path, "UPDATE articles SET ignored = 0;")
        // Article 1 (the oldest id) changes to mention crypto, beside a new article that does not.
        try store.apply(feedID: feedID, feed: document([
            item(1, title: "Calm", content: "<p>now about crypto</p>"), item(2, title: "Quiet"), item(4, title: "New"),
        ]), fetch: fetch(), ignoring: rules)
        XCTAssertEqual(try store.titles(.all).sorted(), ["New", "Old crypto", "Quiet"],
                       "the changed article is hidden; the article not stored now is not judged")
    }

    func testRegexOnContentAtStoreTime() throws {
        let rules = try rules([("content =~ \"(?i)limited offer\"", nil, nil)])
        try store.applyIgnoreRules(rules)
        try store.apply(feedID: feedID, feed: document([
            item(1, title: "Ad", content: "<p>A <b>LIMITED</b> offer</p>"), item(2, title: "Plain", content: "<p>limited</p>"),
            item(3, title: "Ad again", content: "<p>Limited offer!</p>"),
        ]), fetch: fetch(), ignoring: rules)
        XCTAssertEqual(try store.titles(.all), ["Plain"], "the text without markup is matched")
        try store.apply(feedID: otherID, feed: document([item(4, guid: "o4", url: "https://other.example/4", title: "Later",
                                                              content: "<p>limited offer</p>")]),
                        fetch: fetch(), ignoring: rules)
        XCTAssertEqual(try store.titles(.all), ["Plain"], "the temporary tables were emptied in between")
    }

    func testMigrationAddsTheColumnToAnExistingStore() throws {
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM pragma_table_info('articles') WHERE name = 'ignored';"), "1")
        XCTAssertEqual(
            try sqlite3(path, "SELECT count(*) FROM grdb_migrations WHERE identifier = 'v4-ignored-articles';"), "1")
    }
}
