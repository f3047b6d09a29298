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

    func testHashedIdentityIsPinned() {
        let article = Article(title: "Café", published: Date(timeIntervalSince1970: 1.0e9))
        XCTAssertEqual(ArticleIdentity.key(for: article, text: "ignored when there is a title"), "h:6fffea1a2586a947")
    }
}
