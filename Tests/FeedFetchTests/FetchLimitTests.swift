import FeedFetch
import XCTest

final class FetchLimitTests: ServerTestCase {
    func testEveryCompressedEncodingDecodesToTheSameBytes() async throws {
        let plain = try await plainFeed()
        XCTAssertFalse(plain.isEmpty)
        // br and zstd are supported by this libcurl build (curl-config --features lists brotli and zstd).
        for encoding in ["gzip", "deflate", "br", "zstd"] {
            let result = try await fetchPath("/\(encoding)")
            XCTAssertNil(result.error, encoding)
            XCTAssertEqual(result.status, 200, "\(encoding): the server answers 406 unless asked for it")
            XCTAssertEqual(result.body, plain, encoding)
        }
    }

    /// Tidings decodes bodies itself (`ContentDecoding`): codings applied one after another are undone
    /// last first, a raw deflate stream sent as deflate and gzip members one after another read whole.
    func testChainedRawAndMultiMemberEncodingsDecodeToTheSameBytes() async throws {
        let plain = try await plainFeed()
        for codings in ["gzip,br", "deflate,gzip", "zstd,gzip", "br,zstd,deflate", "raw-deflate", "members",
                        "members,zstd"] {
            let result = try await fetchPath("/encoded?as=\(codings)")
            XCTAssertNil(result.error, codings)
            XCTAssertEqual(result.body, plain, codings)
        }
    }

    /// A body that is not a whole stream of its coding is an incomplete response, and one in a coding
    /// Tidings does not read an error naming it; no bytes are handed on.
    func testDamagedAndUnknownEncodingsAreErrors() async throws {
        let damaged = try await fetchPath("/damaged-gzip")
        XCTAssertEqual(damaged.error, .incompleteEncoding(coding: "gzip"))
        XCTAssertEqual(damaged.error?.isIncomplete, true)
        XCTAssertTrue(damaged.body.isEmpty)
        let unknown = try await fetchPath("/unknown-encoding")
        XCTAssertEqual(unknown.error, .other("unrecognized content encoding compress (Tidings reads deflate, gzip, br, zstd)"))
        XCTAssertTrue(unknown.body.isEmpty)
    }

    func testDeflateBombStopsAtTheDecompressedLimit() async throws {
        var configuration = FetchConfiguration()
        configuration.maxBodyBytes = 1024 * 1024
        let result = try await fetchPath("/bomb?mb=10&as=deflate", configuration: configuration)
        XCTAssertEqual(result.error, .tooLarge(limit: 1024 * 1024))
        let exact = try await fetchPath("/bomb?mb=1&as=deflate", configuration: configuration)
        XCTAssertNil(exact.error)
        XCTAssertEqual(exact.body, [UInt8](repeating: 0, count: 1024 * 1024))
    }

    func testGzipBombStopsAtTheDecompressedLimit() async throws {
        var configuration = FetchConfiguration()
        configuration.maxBodyBytes = 1024 * 1024
        let result = try await fetchPath("/bomb?mb=10", configuration: configuration)
        XCTAssertEqual(result.error, .tooLarge(limit: 1024 * 1024))
        XCTAssertTrue(result.body.isEmpty)

        let allowed = try await fetchPath("/bomb?mb=1", configuration: FetchConfiguration())
        XCTAssertNil(allowed.error)
        XCTAssertEqual(allowed.body.count, 1024 * 1024)
    }

    func testBodyLargerThanTheLimit() async throws {
        var configuration = FetchConfiguration()
        configuration.maxBodyBytes = 100_000
        let over = try await fetchPath("/large?bytes=100001", configuration: configuration)
        XCTAssertEqual(over.error, .tooLarge(limit: 100_000))
        let exact = try await fetchPath("/large?bytes=100000", configuration: configuration)
        XCTAssertNil(exact.error)
        XCTAssertEqual(exact.body.count, 100_000)
    }

    func testHeadersLargerThanTheLimit() async throws {
        var configuration = FetchConfiguration()
        configuration.maxHeaderBytes = 64
        let result = try await fetchPath("/feed.xml", configuration: configuration)
        XCTAssertEqual(result.error, .headersTooLarge(limit: 64))
    }

    func testHeadersThenStallHitsTheTotalTimeout() async throws {
        var configuration = FetchConfiguration()
        configuration.totalTimeout = 1
        configuration.lowSpeedTime = 0
        // The server stalls for 30 s and then closes: only the 1 s total timeout gives `.timeout`.
        let result = try await fetchPath("/stall", configuration: configuration)
        XCTAssertEqual(result.error, .timeout)
        XCTAssertEqual(result.status, 200)
    }

    func testTricklingServerHitsTheLowSpeedLimit() async throws {
        var configuration = FetchConfiguration()
        configuration.lowSpeedLimit = 100
        configuration.lowSpeedTime = 1
        // The trickle ends by itself after 30 s, inside the 60 s total timeout: only the low-speed
        // limit gives `.timeout`.
        let result = try await fetchPath("/trickle", configuration: configuration)
        XCTAssertEqual(result.error, .timeout)
    }

    func testConnectionClosedMidBodyIsTruncated() async throws {
        let result = try await fetchPath("/close-mid-body")
        XCTAssertEqual(result.error, .truncated)
        XCTAssertEqual(result.error?.isIncomplete, true)
        // What arrived is kept for a caller that can use a part; the error says it is not the whole.
        XCTAssertEqual(result.body, Array(repeating: UInt8(ascii: "y"), count: 1000))
    }

    func testWrongContentLength() async throws {
        let short = try await fetchPath("/wrong-length/short")
        XCTAssertEqual(short.error, .truncated)
        // A body longer than Content-Length is cut at the declared length; the extra bytes are dropped.
        let long = try await fetchPath("/wrong-length/long")
        XCTAssertNil(long.error)
        XCTAssertEqual(long.body, Array(repeating: UInt8(ascii: "y"), count: 10))
        let next = try await fetchPath("/feed.xml")
        XCTAssertNil(next.error, "the connection with stray bytes is not reused")
    }
}
