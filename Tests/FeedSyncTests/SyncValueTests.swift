import FeedFetch
import TestSupport
@testable import FeedSync
import Foundation
import XCTest

/// The value types: item ids in both forms, the kept state, and secrets hidden from descriptions.
final class SyncValueTests: XCTestCase {
    func testItemIDsReadBothFormsAlike() throws {
        let long = try XCTUnwrap(SyncItemID("tag:google.com,2005:reader/item/0005f2c1a2b3c4d5"))
        let decimal = try XCTUnwrap(SyncItemID(String(Int64(0x0005_f2c1_a2b3_c4d5))))
        XCTAssertEqual(long, decimal)
        XCTAssertEqual(long.longForm, "tag:google.com,2005:reader/item/0005f2c1a2b3c4d5")
        XCTAssertEqual(SyncItemID("tag:google.com,2005:reader/item/ffffffffffffffff"), SyncItemID(-1))
        XCTAssertEqual(SyncItemID("18446744073709551615"), SyncItemID(-1))
        XCTAssertEqual(SyncItemID(-1).longForm, "tag:google.com,2005:reader/item/ffffffffffffffff")
        for bad in ["", "x", "tag:google.com,2005:reader/item/", "tag:google.com,2005:reader/item/12345678901234567",
            "1.5", String(repeating: "9", count: 100)]
        {
            XCTAssertNil(SyncItemID(bad), bad)
        }
    }

    func testLabelsAreReadWhateverTheUserPart() {
        XCTAssertEqual(GoogleReaderClient.labelName("user/-/label/News"), "News")
        XCTAssertEqual(GoogleReaderClient.labelName("user/1/label/My Test"), "My Test")
        XCTAssertNil(GoogleReaderClient.labelName("user/-/state/com.google/read"))
        XCTAssertNil(GoogleReaderClient.labelName("user/-/label/"))
        XCTAssertNil(GoogleReaderClient.labelName("feed/1"))
    }

    func testStateSurvivesItsText() throws {
        let state = SyncState(
            newestCrawlSeconds: 1_700_000_000, recent: [.init(id: SyncItemID(42), crawledSeconds: 1_700_000_000)],
            maxItemID: SyncItemID(99))
        XCTAssertEqual(SyncState(text: state.text), state)
        XCTAssertNil(SyncState(text: "not json"))
        XCTAssertEqual(SyncState(text: SyncState().text), SyncState())
    }

    func testSecretsAreHiddenFromDescriptions() {
        let credentials = SyncCredentials(user: "me", password: "hunter2")
        let token = SyncToken("me/abcdef")
        let request = FetchRequest(
            id: 1, url: "https://u:pw@rss.example.org/api/greader.php", method: .post,
            body: .form([(name: "Passwd", value: "hunter2")]),
            headers: [FetchHeader(name: "Authorization", value: "GoogleLogin auth=me/abcdef")])
        for text in [
            "\(credentials)", String(reflecting: credentials), "\(token)", String(reflecting: token), "\(request)",
            String(reflecting: request), "\(request.body!)", "\(request.headers)",
        ] {
            XCTAssertFalse(text.contains("hunter2"), text)
            XCTAssertFalse(text.contains("abcdef"), text)
            XCTAssertFalse(text.contains("pw@"), text)
        }
    }

    func testFormBodiesEncodeEverythingButUnreservedCharacters() {
        let body = FetchBody.form([(name: "i", value: "1"), (name: "i", value: "a b&c=d/é"), (name: "T", value: "x~_.-")])
        XCTAssertEqual(String(decoding: body.bytes, as: UTF8.self), "i=1&i=a%20b%26c%3Dd%2F%C3%A9&T=x~_.-")
        XCTAssertEqual(body.contentType, "application/x-www-form-urlencoded")
    }
}
