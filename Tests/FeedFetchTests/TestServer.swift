import FeedFetch
import Foundation
import TestSupport
import XCTest

enum TestServerError: Error {
    case notRunning
}

/// A test case with one test server per class, started before its first test and stopped after its last.
class ServerTestCase: XCTestCase {
    nonisolated(unsafe) private static var shared: TestFeedServer?

    override class func setUp() {
        super.setUp()
        FeedFetcher.globalInit()
        // libcurl honours the proxy variables, as it should; the local server must never go through one.
        setenv("no_proxy", "127.0.0.1,localhost", 1)
        shared = try? TestFeedServer()
    }

    override class func tearDown() {
        shared?.stop()
        shared = nil
        super.tearDown()
    }

    var server: TestFeedServer {
        get throws {
            guard let server = Self.shared else { throw TestServerError.notRunning }
            return server
        }
    }

    /// Fetches one URL with `configuration` and returns its result.
    func fetch(
        _ url: String, configuration: FetchConfiguration = FetchConfiguration(),
        etag: String? = nil, lastModified: String? = nil, credentials: FetchCredentials? = nil
    ) async -> FetchResult {
        let fetcher = FeedFetcher(configuration: configuration)
        let request = FetchRequest(id: 7, url: url, etag: etag, lastModified: lastModified, credentials: credentials)
        let results = await fetcher.fetchAll([request])
        XCTAssertEqual(results.count, 1)
        XCTAssertEqual(results.first?.requestID, 7)
        return results.first ?? FetchResult(requestID: -1, url: url, error: .other("no result"))
    }

    /// Fetches a path of the test server.
    func fetchPath(_ path: String, configuration: FetchConfiguration = FetchConfiguration()) async throws -> FetchResult {
        await fetch(try server.url(path), configuration: configuration)
    }

    /// The bytes the server sends for /feed.xml, read with the fetcher itself.
    func plainFeed() async throws -> [UInt8] {
        let result = try await fetchPath("/feed.xml")
        XCTAssertNil(result.error)
        return result.body
    }
}

/// Open file descriptors of this process.
func openDescriptorCount() throws -> Int {
    try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
}
