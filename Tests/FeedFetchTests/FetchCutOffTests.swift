import FeedFetch
import Foundation
import TestSupport
import XCTest

/// A response cut short is never handed on as a whole body: a body shorter than its Content-Length
/// is `.truncated` (what arrived kept when it is in no content coding), and a coded stream that stops
/// before its end is `.incompleteEncoding`; both are `isIncomplete`. A body that is only cut (its
/// Content-Length matching) cannot be told at this layer: the parser tells it.
final class FetchCutOffTests: ServerTestCase {
    private static let document = Array(rssDocument(
        title: "Cut", items: (0..<40).map { (guid: "guid-\($0)", title: "Item \($0) with a title long enough to compress") }).utf8)

    private func fetchCut(coding: String? = nil, cut: Int? = nil, extra: Int = 0) async throws -> FetchResult {
        let key = "fetchcut-\(UUID().uuidString.prefix(8))"
        try await server.set(
            key, body: String(decoding: Self.document, as: UTF8.self), coding: coding, cut: cut, extra: extra)
        return try await fetchPath("/m/\(key)")
    }

    func testABodyShorterThanItsContentLengthIsTruncatedWithWhatArrived() async throws {
        let result = try await fetchCut(cut: 1_000, extra: 300)
        XCTAssertEqual(result.error, .truncated)
        XCTAssertEqual(result.error?.isIncomplete, true)
        XCTAssertEqual(result.status, 200)
        XCTAssertEqual(result.body, Array(Self.document.prefix(1_000)))
        XCTAssertFalse(result.notModified)
    }

    func testAWholeBodyUnderALargerContentLengthIsStillTruncated() async throws {
        let result = try await fetchCut(extra: 1)
        XCTAssertEqual(result.error, .truncated)
        XCTAssertEqual(result.body, Self.document)
    }

    func testAGzipStreamCutShortIsIncompleteAndHandsNothingOn() async throws {
        for cut in [-1, -8, -30, 40] {
            let result = try await fetchCut(coding: "gzip", cut: cut)
            XCTAssertEqual(result.error, .incompleteEncoding(coding: "gzip"), "cut \(cut)")
            XCTAssertEqual(result.error?.isIncomplete, true)
            XCTAssertEqual(result.error?.description, "the body is not a whole gzip stream (cut short or damaged)")
            XCTAssertTrue(result.body.isEmpty, "cut \(cut)")
        }
    }

    func testAGzipStreamUnderALargerContentLengthIsTruncatedAndHandsNothingOn() async throws {
        for cut in [nil, -30] {
            let result = try await fetchCut(coding: "gzip", cut: cut, extra: 100)
            XCTAssertEqual(result.error, .truncated, "cut \(cut.map(String.init) ?? "none")")
            XCTAssertTrue(result.body.isEmpty, "a part of a coded stream cannot be read")
        }
    }

    func testTheWholeGzipStreamDecodes() async throws {
        let result = try await fetchCut(coding: "gzip")
        XCTAssertNil(result.error)
        XCTAssertEqual(result.body, Self.document)
    }

    /// Only cut (Content-Length matching what is sent): the transfer is whole as far as HTTP can say.
    func testABodyCutWithAMatchingContentLengthArrivesAsSent() async throws {
        let result = try await fetchCut(cut: 700)
        XCTAssertNil(result.error)
        XCTAssertEqual(result.body, Array(Self.document.prefix(700)))
    }

    func testOtherErrorsAreNotIncomplete() {
        XCTAssertFalse(FetchError.timeout.isIncomplete)
        XCTAssertFalse(FetchError.httpStatus(500).isIncomplete)
        XCTAssertFalse(FetchError.other("x").isIncomplete)
    }
}
