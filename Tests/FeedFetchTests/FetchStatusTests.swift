import FeedFetch
import XCTest

final class FetchStatusTests: ServerTestCase {
    func testFeedArrivesWithItsHeaders() async throws {
        let result = try await fetchPath("/feed.xml")
        XCTAssertNil(result.error)
        XCTAssertEqual(result.status, 200)
        XCTAssertEqual(result.contentType, "application/rss+xml")
        XCTAssertEqual(result.charset, "utf-8")
        XCTAssertEqual(result.cacheMaxAge, 600)
        XCTAssertFalse(result.notModified)
        XCTAssertEqual(result.redirectCount, 0)
        XCTAssertEqual(result.finalURL, try server.url("/feed.xml"))
        XCTAssertTrue(String(decoding: result.body, as: UTF8.self).hasPrefix("<?xml"))
        XCTAssertTrue(String(decoding: result.body, as: UTF8.self).contains("</rss>"))
        XCTAssertGreaterThan(result.totalSeconds, 0)
    }

    func testValidatorsComeBackAndEachOneAloneGivesNotModified() async throws {
        let url = try server.url("/conditional")
        let first = await fetch(url)
        XCTAssertEqual(first.status, 200)
        let etag = try XCTUnwrap(first.etag)
        let lastModified = try XCTUnwrap(first.lastModified)
        XCTAssertEqual(etag, "\"v1\"")
        XCTAssertEqual(lastModified, "Sat, 21 Nov 2026 10:00:00 GMT")

        for (tag, date) in [(etag, lastModified), (etag, nil), (nil, lastModified)] as [(String?, String?)] {
            let again = await fetch(url, etag: tag, lastModified: date)
            XCTAssertNil(again.error)
            XCTAssertEqual(again.status, 304)
            XCTAssertTrue(again.notModified)
            XCTAssertTrue(again.body.isEmpty)
            XCTAssertEqual(again.etag, etag)
        }
        let stale = await fetch(url, etag: "\"v0\"", lastModified: lastModified)
        XCTAssertEqual(stale.status, 200)
        XCTAssertFalse(stale.notModified)
        XCTAssertFalse(stale.body.isEmpty)
    }

    func testRequestHeadersNameTidingsAskForEveryEncodingAndCarryValidators() async throws {
        let result = await fetch(try server.url("/echo-headers"), etag: "\"abc\"\r\nX-Injected: 1",
                                 lastModified: "Sat, 21 Nov 2026 10:00:00 GMT")
        let lines = String(decoding: result.body, as: UTF8.self).split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("User-Agent: Tidings/0.1 (+https://github.com/tidings-reader/tidings)"), "\(lines)")
        XCTAssertTrue(lines.contains("If-Modified-Since: Sat, 21 Nov 2026 10:00:00 GMT"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("If-None-Match: \"abc\"") })
        XCTAssertFalse(lines.contains { $0.hasPrefix("X-Injected") }, "a stored validator must not add header lines")
        let encodings = try XCTUnwrap(lines.first { $0.hasPrefix("Accept-Encoding: ") })
        for name in ["gzip", "deflate", "br", "zstd"] {
            XCTAssertTrue(encodings.contains(name), encodings)
        }
    }

    func testErrorStatusesAreTyped() async throws {
        let notFound = try await fetchPath("/status/404")
        XCTAssertEqual(notFound.error, .httpStatus(404))
        XCTAssertEqual(notFound.status, 404)
        let gone = try await fetchPath("/status/410")
        XCTAssertEqual(gone.error, .gone)
        let broken = try await fetchPath("/status/500")
        XCTAssertEqual(broken.error, .httpStatus(500))
        let unavailable = try await fetchPath("/status/503")
        XCTAssertEqual(unavailable.error, .httpStatus(503))
        XCTAssertEqual(FetchError.gone.description, "gone (HTTP 410): the feed was removed")
    }

    func testRetryAfterAsDeltaAndAsHTTPDate() async throws {
        let limited = try await fetchPath("/status/429?retry-after=120")
        XCTAssertEqual(limited.error, .rateLimited(retryAfter: 120))
        XCTAssertEqual(limited.retryAfter, 120)

        let dated = try await fetchPath("/status/503?retry-after-date=300")
        let seconds = try XCTUnwrap(dated.retryAfter)
        XCTAssertTrue((295...301).contains(seconds), "\(seconds)")
        XCTAssertEqual(dated.error, .rateLimited(retryAfter: seconds))

        let unknown = try await fetchPath("/status/429?retry-after=soon")
        XCTAssertEqual(unknown.error, .rateLimited(retryAfter: nil))
    }

    func testNonUTF8CharsetIsReportedAndBytesAreUntouched() async throws {
        let result = try await fetchPath("/latin1")
        XCTAssertNil(result.error)
        XCTAssertEqual(result.contentType, "text/xml")
        XCTAssertEqual(result.charset, "ISO-8859-1")
        XCTAssertTrue(result.body.contains(0xE9), "é stays one ISO-8859-1 byte")
        XCTAssertNil(String(bytes: result.body, encoding: .utf8))
    }

    func testConnectionRefusedIsConnectFailed() async throws {
        let result = await fetch("http://127.0.0.1:1/feed.xml")
        XCTAssertEqual(result.error, .connectFailed)
        XCTAssertEqual(result.status, 0)
    }

    func testHTTPSToAPlainHTTPServerFailsAsTLS() async throws {
        let result = await fetch("https://127.0.0.1:\(try server.port)/feed.xml")
        XCTAssertEqual(result.error, .tls)
        XCTAssertTrue(result.body.isEmpty)
    }

    func testUnreadableCABundleFailsAsTLS() async throws {
        var configuration = FetchConfiguration()
        configuration.caBundlePath = "/nonexistent/tidings/ca.pem"
        let result = await fetch("https://127.0.0.1:\(try server.port)/feed.xml", configuration: configuration)
        XCTAssertEqual(result.error, .tls)
    }

    func testOtherSchemesAreRefused() async throws {
        let result = await fetch("ftp://127.0.0.1:1/feed.xml")
        XCTAssertEqual(result.error, .protocolNotAllowed)
    }
}
