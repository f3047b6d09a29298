import FeedHTML
import FeedModel
import Foundation
import XCTest

/// ArticleExtractor on pages written to show one rule each (Tests/FeedHTMLTests/Resources/extraction).
final class ArticleExtractorTests: XCTestCase {
    private func page(_ name: String) throws -> [UInt8] {
        let folder = try XCTUnwrap(Bundle.module.url(forResource: "Resources", withExtension: nil))
        return try [UInt8](Data(contentsOf: folder.appendingPathComponent("extraction/\(name).html")))
    }

    private func extract(_ name: String, url: String? = "https://news.example/section/story.html") throws
        -> ExtractedArticle
    {
        try XCTUnwrap(ArticleExtractor.extract(page: try page(name), url: url), "\(name): no article")
    }

    /// The paragraphs of the text (blank-line separated).
    private func paragraphs(_ article: ExtractedArticle) -> [String] {
        article.text.components(separatedBy: "\n\n")
    }

    func testNavigationSidebarsAndFooterStayOut() throws {
        let article = try extract("nav-heavy")
        XCTAssertEqual(article.title, "Harbour cranes return to the old port")
        XCTAssertEqual(paragraphs(article).count, 5, article.text)
        XCTAssertTrue(article.text.hasPrefix("After eleven years standing idle"), article.text)
        XCTAssertTrue(article.text.hasSuffix("and fewer in the winter months."), article.text)
        for furniture in ["Obituaries", "Most read", "Tide tables", "Privacy", "All rights reserved", "Home"] {
            XCTAssertFalse(article.text.contains(furniture), "\(furniture) kept:\n\(article.text)")
        }
        XCTAssertEqual(article.lang, "en")
    }

    func testCommentsStayOutAndTheMetaAuthorIsTheByline() throws {
        let article = try extract("comments")
        XCTAssertEqual(article.title, "Why my sourdough stopped rising, and how I fixed it")
        XCTAssertEqual(article.byline, "Mira Osei")
        XCTAssertEqual(paragraphs(article).count, 5, article.text)
        for comment in ["Jonas", "top of the fridge", "hydration", "Leave a reply", "thoughts on this post"] {
            XCTAssertFalse(article.text.contains(comment), "\(comment) kept:\n\(article.text)")
        }
        XCTAssertFalse(article.contentHTML.contains("textarea"))
    }

    func testMultiPageArticleKeepsPageOneAndNotItsPageLinks() throws {
        let article = try extract("multipage")
        XCTAssertEqual(paragraphs(article).count, 3, article.text)
        XCTAssertTrue(article.text.contains("hand-drawn map"))
        XCTAssertTrue(article.text.hasSuffix("checked the map again."), article.text)
        XCTAssertFalse(article.text.contains("Next page"), article.text)
        XCTAssertFalse(article.contentHTML.contains("page=2"), article.contentHTML)
    }

    func testBreakSeparatedTextBecomesParagraphs() throws {
        let article = try extract("br-text")
        let found = paragraphs(article)
        XCTAssertEqual(found.count, 4, article.text)
        XCTAssertTrue(found[0].hasPrefix("The broad beans"), article.text)
        XCTAssertTrue(found[1].hasPrefix("Rhubarb is showing"), article.text)
        XCTAssertTrue(found[3].hasPrefix("Next week: onion sets"), article.text)
        XCTAssertFalse(article.text.contains("Older notes"), article.text)
        XCTAssertFalse(article.text.contains("Links"), article.text)
    }

    func testPageOfScriptsHasNoArticle() throws {
        XCTAssertNil(ArticleExtractor.extract(page: try page("scripts-only"), url: nil))
        XCTAssertNil(ArticleExtractor.extract(page: "", url: nil))
        XCTAssertNil(ArticleExtractor.extract(page: "<html><body><nav><a href=/>Home</a></nav></body></html>", url: nil))
    }

    func testRightToLeftPageKeepsItsDirectionAndLanguage() throws {
        let article = try extract("rtl")
        XCTAssertEqual(article.title, "افتتاح مكتبة جديدة في وسط المدينة")
        XCTAssertEqual(article.lang, "ar")
        XCTAssertTrue(article.contentHTML.hasPrefix("<div dir=\"rtl\">"), article.contentHTML)
        XCTAssertEqual(paragraphs(article).count, 4, article.text)
        XCTAssertFalse(article.text.contains("أخبار ذات صلة"), article.text)
        XCTAssertFalse(article.text.contains("الرئيسية"), article.text)
        XCTAssertEqual(article.excerpt, "افتتحت المدينة مكتبة عامة جديدة تضم أكثر من خمسين ألف كتاب.")
    }

    func testCJKPageKeepsItsHeadlineAndCountsCharactersAsWords() throws {
        let article = try extract("cjk")
        XCTAssertEqual(article.title, "山あいの村に小さな図書館が開館")
        XCTAssertEqual(article.lang, "ja")
        XCTAssertEqual(paragraphs(article).count, 4, article.text)
        XCTAssertTrue(article.text.hasPrefix("人口およそ八百人"), article.text)
        XCTAssertFalse(article.text.contains("トップ"), article.text)
        XCTAssertFalse(article.text.contains("Copyright"), article.text)
        XCTAssertGreaterThan(article.wordCount, 250)
    }

    func testMetadataFromJSONLDWinsOverOpenGraphAndRelativeURLsResolveAgainstBase() throws {
        let article = try extract("metadata", url: "https://bench.example/home/index.html")
        XCTAssertEqual(article.title, "Measuring a bridge with a piece of string")
        XCTAssertEqual(article.byline, "Ada Rowe, Tom Ives")
        XCTAssertEqual(article.published, Date(timeIntervalSince1970: 1_709_627_400))
        XCTAssertEqual(article.lang, "en-GB")
        XCTAssertEqual(article.excerpt, "How an old surveying trick still works.")
        XCTAssertEqual(article.leadImage, "https://bench.example/blog/2024/images/lead.jpg")
        XCTAssertTrue(
            article.contentHTML.contains("src=\"https://bench.example/blog/2024/images/string.jpg\""), article.contentHTML)
        XCTAssertTrue(
            article.contentHTML.contains("href=\"https://bench.example/archive/drawings.html\""), article.contentHTML)
    }

    func testFiguresCodeAndDataTablesStay() throws {
        let article = try extract("metadata")
        let html = article.contentHTML
        XCTAssertTrue(html.contains("<figcaption>The cord, pulled tight"), html)
        XCTAssertTrue(html.contains("<pre><code>sag = span * span"), html)
        XCTAssertTrue(html.contains("<caption>Gap between cord and deck</caption>"), html)
        XCTAssertTrue(article.text.contains("Post | Drawing (mm) | Measured (mm)"), article.text)
        XCTAssertFalse(article.text.contains("Measuring a bridge with a piece of string"), "headline repeated in the body")
    }

    func testOpenGraphAndTitleWithoutJSONLD() throws {
        let html = """
            <html><head><title>Tram line reopens after repairs - Metro Daily</title>
            <meta property="og:image" content="/img/tram.jpg"><meta name="author" content="Lee Park">
            </head><body><div class="post"><p>\(String(repeating: "The tram line through the old town reopened on Monday, with new rails and a quieter track bed. ", count: 4))</p>
            <p><time datetime="2023-11-02T07:15:00Z">2 November</time> update: \(String(repeating: "Services run every ten minutes at peak times, and every twenty in the evening. ", count: 3))</p></div></body></html>
            """
        let article = try XCTUnwrap(ArticleExtractor.extract(page: html, url: "https://metro.example/news/tram"))
        XCTAssertEqual(article.title, "Tram line reopens after repairs")
        XCTAssertEqual(article.byline, "Lee Park")
        XCTAssertEqual(article.leadImage, "https://metro.example/img/tram.jpg")
        XCTAssertEqual(article.published, Date(timeIntervalSince1970: 1_698_909_300))
        XCTAssertTrue(article.excerpt?.hasPrefix("The tram line through the old town") == true)
    }

    func testBodyIsSanitizedAndLegacyCharsetDecoded() throws {
        let page = """
            <html><head><meta charset="windows-1252"><title>Café</title></head><body><div class="article">
            <p onclick="x()">Une terrasse ensoleillée, un café noir et deux croissants, voilà le matin idéal pour lire le journal.<script>alert(1)</script></p>
            </div></body></html>
            """
        let bytes = page.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        let article = try XCTUnwrap(ArticleExtractor.extract(page: bytes, url: nil))
        XCTAssertEqual(article.title, "Café")
        XCTAssertTrue(article.text.contains("Une terrasse ensoleillée, un café noir"), article.text)
        XCTAssertFalse(article.contentHTML.contains("onclick"))
        XCTAssertFalse(article.contentHTML.contains("script"))
        XCTAssertFalse(article.contentHTML.contains("alert"))
    }

    func testLazyImagesGetTheirAddress() throws {
        let prose = String(repeating: "A photograph of the new bridge at dusk, taken from the river bank. ", count: 5)
        let html = """
            <html><body><article><p>\(prose)</p>
            <figure><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/photos/bridge.jpg" alt="Bridge">
            <figcaption>The bridge at dusk.</figcaption></figure><p>\(prose)</p></article></body></html>
            """
        let article = try XCTUnwrap(ArticleExtractor.extract(page: html, url: "https://photos.example/story"))
        XCTAssertTrue(
            article.contentHTML.contains("<img src=\"https://photos.example/photos/bridge.jpg\" alt=\"Bridge\">"),
            article.contentHTML)
        XCTAssertEqual(article.leadImage, "https://photos.example/photos/bridge.jpg")
    }

    func testJSONHasEveryKeyWithNullForWhatThePageDoesNotSay() throws {
        let article = try extract("br-text")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(article.json())) as? [String: Any])
        XCTAssertEqual(
            Set(object.keys),
            ["title", "byline", "published", "lang", "excerpt", "lead_image", "content_html", "text", "word_count"])
        XCTAssertTrue(object["byline"] is NSNull)
        XCTAssertTrue(object["published"] is NSNull)
        XCTAssertEqual(object["word_count"] as? Int, article.wordCount)
        XCTAssertEqual(object["text"] as? String, article.text)
    }
}
