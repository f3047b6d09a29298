import FeedFetch
import Foundation
import XCTest

final class FetchLocalAndAuthTests: ServerTestCase {
    private func temporaryFeed(named name: String) throws -> (path: String, bytes: [UInt8]) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tidings-fetch-\(ProcessInfo.processInfo.processIdentifier) dir")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let bytes = Array("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>local é</title></channel></rss>".utf8)
        let file = directory.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return (file.path, bytes)
    }

    func testPlainPathAndFileURLReadTheSameBytes() async throws {
        let (path, bytes) = try temporaryFeed(named: "local feed.xml")
        let plain = await fetch(path)
        XCTAssertNil(plain.error)
        XCTAssertEqual(plain.body, bytes)
        XCTAssertTrue(plain.url.hasPrefix("file://"))
        XCTAssertTrue(plain.url.hasSuffix("local%20feed.xml"))

        let viaURL = await fetch(plain.url)
        XCTAssertNil(viaURL.error)
        XCTAssertEqual(viaURL.body, bytes)
    }

    func testMissingFileIsUnreadable() async throws {
        let result = await fetch("/nonexistent/tidings/feed.xml")
        XCTAssertEqual(result.error, .fileUnreadable)
    }

    func testLocalFileObeysTheBodyLimit() async throws {
        let (path, _) = try temporaryFeed(named: "big.xml")
        var configuration = FetchConfiguration()
        configuration.maxBodyBytes = 10
        let result = await fetch(path, configuration: configuration)
        XCTAssertEqual(result.error, .tooLarge(limit: 10))
    }

    func testBasicAuthFromTheURLAndFromTheRequest() async throws {
        let port = try server.port
        let inURL = await fetch("http://reader:s3cret%3Ax@127.0.0.1:\(port)/auth")
        XCTAssertNil(inURL.error)
        XCTAssertEqual(inURL.status, 200)
        XCTAssertFalse(inURL.body.isEmpty)
        XCTAssertEqual(inURL.url, "http://127.0.0.1:\(port)/auth")
        XCTAssertFalse(inURL.finalURL.contains("s3cret"))

        let explicit = await fetch(try server.url("/auth"), credentials: FetchCredentials(user: "reader", password: "s3cret:x"))
        XCTAssertEqual(explicit.status, 200)

        let wrong = await fetch(try server.url("/auth"), credentials: FetchCredentials(user: "reader", password: "nope"))
        XCTAssertEqual(wrong.error, .httpStatus(401))
        let missing = try await fetchPath("/auth")
        XCTAssertEqual(missing.error, .httpStatus(401))
    }

    func testCredentialsNeverShowInDescriptions() throws {
        let request = FetchRequest(
            id: 1, url: "https://reader:s3cret@example.org/feed",
            credentials: FetchCredentials(user: "other", password: "hunter2"))
        for text in [String(describing: request), String(reflecting: request), "\(request.credentials!)"] {
            XCTAssertFalse(text.contains("s3cret"), text)
            XCTAssertFalse(text.contains("hunter2"), text)
        }
    }
}
