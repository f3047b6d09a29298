import FeedModel
import Foundation
import XCTest

@testable import FeedStore

/// Hashes that existing databases hold: a change here would make every stored body hash miss (one
/// needless re-parse per feed) and every hashed identity look new (duplicated articles, lost marks).
final class StoredHashTests: XCTestCase {
    func testBodyHashFormIsPinned() {
        XCTAssertEqual(BodyHash.of(Array("abc".utf8)), "e71fa2190541574b-3")
        XCTAssertEqual(BodyHash.of(Array("10".utf8)), "7f89207b4ba08a4-2", "no leading zeros")
        XCTAssertEqual(BodyHash.of([]), "cbf29ce484222325-0")
    }

    func testLongBodyHashIsPinned() {
        let body = Array(String(repeating: "<item><title>Grüße — 日本語</title></item>\n", count: 300).utf8)
        XCTAssertEqual(BodyHash.of(body), "63fef100d8d47cad-3a98")
    }

    /// The identity key, its hash, the link's hash and the content hash of an entry with long non-ASCII
    /// bodies: what `articles` stores and a later refresh compares.
    func testStoredArticleHashesArePinned() {
        let article = Article(
            id: "https://Example.COM/posts/1?x=ü", url: "http://example.com/posts/1", title: "Grüße aus Zürich",
            contentHTML: "<p>" + String(repeating: "Grüße — 日本語のタイトル &amp; more text. ", count: 40) + "</p>",
            summary: String(repeating: "Summary ü ", count: 30), published: Date(timeIntervalSince1970: 1.7e9),
            authors: [Author(name: "Ingrid Sørensen")], categories: [Category(term: "ニュース")], language: "pt-br")
        let incoming = IncomingArticle(article, fetchedAt: 1.8e9)
        XCTAssertEqual(incoming.identity, "g://example.com/posts/1?x=ü")
        XCTAssertEqual(ArticleIdentity.identityHash(incoming.identity), -7_470_248_474_500_611_920)
        XCTAssertEqual(incoming.urlKey.map(ArticleIdentity.urlHash), -3_330_969_629_088_478_772)
        XCTAssertEqual(incoming.contentHash, -5_990_596_093_694_944_546)
    }

    func testHashedIdentityIsPinned() {
        let article = Article(title: "Café", published: Date(timeIntervalSince1970: 1.0e9))
        XCTAssertEqual(ArticleIdentity.key(for: article, text: "ignored when there is a title"), "h:6fffea1a2586a947")
    }
}
