import FeedModel
import FeedStore
import Foundation
import XCTest

/// Search finds what the reader shows: every entity decoded, and Chinese, Japanese and Korean words
/// inside longer runs, while English words and prefixes work as before.
final class SearchCJKTests: XCTestCase {
    private var store: FeedStore!

    override func setUpWithError() throws {
        store = try makeStore(self)
        let feedID = try store.addFeed(url: "https://example.org/feed").id
        try store.apply(feedID: feedID, feed: document([
            Article(id: "1", title: "日本語のタイトル", contentHTML: "<p>東京で新しいカフェが開店しました</p>"),
            Article(id: "2", title: "中文新闻标题", contentHTML: "<p>今天北京的天气很好，我们去公园散步。</p>"),
            Article(id: "3", title: "Menu", contentHTML: "<p>caf&eacute; au lait &amp; cr&egrave;me br&ucirc;l&eacute;e</p>"),
            Article(id: "4", title: "한국어 뉴스", contentText: "서울에서 열린 회의에 참석했습니다"),
            Article(id: "5", title: "Swift日本語 mixed", contentHTML: "<p>Programming in Swift</p>",
                    authors: [Author(name: "山田太郎")]),
        ]), fetch: fetch())
    }

    private func found(_ text: String) throws -> [String] {
        try store.titles(ArticleQuery(search: text, sort: .oldestFirst)).sorted()
    }

    func testNamedEntitiesAreSearchableDecoded() throws {
        XCTAssertEqual(try found("café"), ["Menu"])
        XCTAssertEqual(try found("cafe creme brulee"), ["Menu"], "diacritics folded")
        XCTAssertEqual(try found("eacute"), [], "the entity's name is not text")
    }

    func testJapaneseWordsInsideLongerRuns() throws {
        XCTAssertEqual(try found("日本語"), ["Swift日本語 mixed", "日本語のタイトル"])
        XCTAssertEqual(try found("タイトル"), ["日本語のタイトル"])
        XCTAssertEqual(try found("東京"), ["日本語のタイトル"], "a word in the body")
        XCTAssertEqual(try found("カフェ"), ["日本語のタイトル"])
        XCTAssertEqual(try found("開店"), ["日本語のタイトル"])
        XCTAssertEqual(try found("本語の"), ["日本語のタイトル"], "any substring")
        XCTAssertEqual(try found("日本人"), [], "bigrams must be adjacent, in order")
        XCTAssertEqual(try found("山田"), ["Swift日本語 mixed"], "author names")
    }

    func testChineseAndKorean() throws {
        XCTAssertEqual(try found("新闻"), ["中文新闻标题"])
        XCTAssertEqual(try found("北京"), ["中文新闻标题"])
        XCTAssertEqual(try found("公园散步"), ["中文新闻标题"])
        XCTAssertEqual(try found("天气 公园"), ["中文新闻标题"], "words are combined with AND")
        XCTAssertEqual(try found("서울"), ["한국어 뉴스"])
        XCTAssertEqual(try found("회의"), ["한국어 뉴스"])
    }

    func testSingleCharactersFindEveryPosition() throws {
        XCTAssertEqual(try found("ル"), ["日本語のタイトル"], "the last character of a run")
        XCTAssertEqual(try found("店"), ["日本語のタイトル"], "inside a run")
        XCTAssertEqual(try found("京"), ["中文新闻标题", "日本語のタイトル"], "東京 and 北京")
        XCTAssertEqual(try found("题"), ["中文新闻标题"])
    }

    func testEnglishWordsAndPrefixesStillWork() throws {
        XCTAssertEqual(try found("swift"), ["Swift日本語 mixed"], "a Latin word next to CJK text")
        XCTAssertEqual(try found("program*"), ["Swift日本語 mixed"])
        XCTAssertEqual(try found("progra"), [], "a word is not a prefix unless asked")
        XCTAssertEqual(try found("Swift日本"), ["Swift日本語 mixed"], "a mixed word")
        XCTAssertEqual(try found("mixed"), ["Swift日本語 mixed"])
    }
}
