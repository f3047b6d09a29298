import FeedFetch
import TestSupport
import XCTest

/// Requests beyond a feed's GET: extra headers (sent, cleaned, replacing Accept), POST bodies, and
/// no validators unless asked; against the project's local server.
final class FetchRequestBodyTests: FeedServerTestCase {
    func testExtraHeadersAreSentCleanAndReplaceAccept() async throws {
        let request = FetchRequest(
            id: 1, url: try server.url("/echo-headers"),
            headers: [
                FetchHeader(name: "Authorization", value: "GoogleLogin auth=me/abc"),
                FetchHeader(name: "Accept", value: "application/json"),
                FetchHeader(name: "X-Injected", value: "a\r\nX-Evil: 1"),
                FetchHeader(name: "Bad Name", value: "dropped"),
            ])
        let results = await FeedFetcher().fetchAll([request])
        let result = try XCTUnwrap(results.first)
        XCTAssertNil(result.error)
        let lines = String(decoding: result.body, as: UTF8.self).split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("Authorization: GoogleLogin auth=me/abc"), "\(lines)")
        XCTAssertTrue(lines.contains("Accept: application/json"), "\(lines)")
        XCTAssertEqual(lines.filter { $0.hasPrefix("Accept:") }.count, 1, "\(lines)")
        XCTAssertTrue(lines.contains("X-Injected: aX-Evil: 1"), "\(lines)")
        XCTAssertFalse(lines.contains { $0.hasPrefix("X-Evil") || $0.hasPrefix("Bad Name") }, "\(lines)")
        XCTAssertFalse(lines.contains { $0.hasPrefix("If-None-Match") || $0.hasPrefix("If-Modified-Since") })
    }

    /// A POST carries its form and its Content-Type: /set/KEY stores the body it gets, and /m/KEY
    /// gives it back.
    func testAPostSendsItsBody() async throws {
        let key = "post-\(UUID().uuidString.prefix(8))"
        let form = FetchBody.form([(name: "i", value: "1"), (name: "i", value: "2 & 3")])
        let post = FetchRequest(id: 1, url: try server.url("/set/\(key)"), method: .post, body: form)
        let postResults = await FeedFetcher().fetchAll([post])
        let posted = try XCTUnwrap(postResults.first)
        XCTAssertNil(posted.error)
        XCTAssertEqual(posted.status, 204)
        let backResults = await FeedFetcher().fetchAll([FetchRequest(id: 2, url: try server.url("/m/\(key)"))])
        let back = try XCTUnwrap(backResults.first)
        XCTAssertEqual(String(decoding: back.body, as: UTF8.self), "i=1&i=2%20%26%203")

        let empty = FetchRequest(id: 3, url: try server.url("/set/\(key)-empty"), method: .post)
        let emptyResults = await FeedFetcher().fetchAll([empty])
        let emptyResult = try XCTUnwrap(emptyResults.first)
        XCTAssertEqual(emptyResult.status, 204)
    }
}
