import FeedFetch
import XCTest

final class FetchRedirectTests: ServerTestCase {
    func testPermanentChainReportsTheNewAddress() async throws {
        for codes in ["301", "308", "301,308", "308,301,301"] {
            let result = try await fetchPath("/redirect/\(codes)/feed.xml")
            XCTAssertNil(result.error, codes)
            XCTAssertEqual(result.status, 200)
            XCTAssertEqual(result.redirectCount, codes.split(separator: ",").count)
            XCTAssertEqual(result.finalURL, try server.url("/feed.xml"))
            XCTAssertEqual(result.permanentRedirect, try server.url("/feed.xml"), codes)
            XCTAssertFalse(result.body.isEmpty)
        }
    }

    func testChainWithATemporaryHopIsNotPermanent() async throws {
        for codes in ["302", "307", "301,302", "308,307", "302,301"] {
            let result = try await fetchPath("/redirect/\(codes)/feed.xml")
            XCTAssertNil(result.error, codes)
            XCTAssertEqual(result.finalURL, try server.url("/feed.xml"))
            XCTAssertNil(result.permanentRedirect, codes)
        }
    }

    func testRedirectToAFailureKeepsTheFinalStatus() async throws {
        let result = try await fetchPath("/redirect/301/status/410")
        XCTAssertEqual(result.error, .gone)
        XCTAssertEqual(result.redirectCount, 1)
    }

    func testLoopIsDetectedBeforeTheRedirectLimit() async throws {
        var configuration = FetchConfiguration()
        configuration.maxRedirects = 50
        let result = try await fetchPath("/loop/a", configuration: configuration)
        XCTAssertEqual(result.error, .redirectLoop(url: try server.url("/loop/a")))
        XCTAssertLessThanOrEqual(result.redirectCount, 2)
        XCTAssertTrue(result.body.isEmpty)
    }

    func testTooManyRedirects() async throws {
        var configuration = FetchConfiguration()
        configuration.maxRedirects = 3
        let result = try await fetchPath("/redirect/301,302,301,302,301/feed.xml", configuration: configuration)
        XCTAssertEqual(result.error, .tooManyRedirects(limit: 3))
        XCTAssertEqual(result.error?.description, "more than 3 redirects")
    }

    func testRedirectToAFileIsRefused() async throws {
        let result = try await fetchPath("/to?url=file:///etc/hostname")
        XCTAssertEqual(result.error, .protocolNotAllowed)
        XCTAssertTrue(result.body.isEmpty)
    }
}
