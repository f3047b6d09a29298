import Foundation
import LocalFeedServer
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The project's local feed server (Tests/FeedFetchTests/Resources/test_server.py) on 127.0.0.1, with
/// the calls the tests make to its control routes. It also exits when this process dies (its stdin
/// closes).
public final class TestFeedServer: Sendable {
    private let server: LocalFeedServer
    public var port: Int { server.port }

    /// The root of the package checkout these tests were built from.
    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// The server script in this checkout.
    public static var script: String { LocalFeedServer.script(inPackageAt: packageRoot) }

    /// Starts the server serving `feeds` numbered feeds under /feeds/N.xml.
    public init(feeds: Int = 500) throws {
        server = try LocalFeedServer(script: Self.script, feeds: feeds)
    }

    /// An absolute URL on the server.
    public func url(_ path: String) -> String { server.url(path) }

    /// Makes /m/KEY answer with `body` (or `status` and `location`) from now on. A cut-off response:
    /// `coding` ("gzip") compresses the body, `cut` keeps its first bytes (after the coding), `extra`
    /// announces that many bytes more in Content-Length than are sent.
    public func set(
        _ key: String, body: String = "", status: Int = 200, type: String? = nil, location: String? = nil,
        coding: String? = nil, cut: Int? = nil, extra: Int = 0
    ) async throws {
        var components = URLComponents(string: url("/set/\(key)"))
        var items = [URLQueryItem(name: "status", value: String(status))]
        if let type { items.append(URLQueryItem(name: "type", value: type)) }
        if let location { items.append(URLQueryItem(name: "location", value: location)) }
        if let coding { items.append(URLQueryItem(name: "coding", value: coding)) }
        if let cut { items.append(URLQueryItem(name: "cut", value: String(cut))) }
        if extra > 0 { items.append(URLQueryItem(name: "extra", value: String(extra))) }
        components?.queryItems = items
        guard let target = components?.url else { throw TestSupportError.badURL(url("/set/\(key)")) }
        var request = URLRequest(url: target)
        request.httpMethod = "POST"
        request.httpBody = Data(body.utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 204)
    }

    /// Lets the requests for `/feeds/K.xml?gate=NAME` answer (those waiting and later ones).
    public func open(gate name: String) async throws {
        var request = URLRequest(url: try XCTUnwrap(URL(string: url("/open/\(name)"))))
        request.httpMethod = "POST"
        let (_, response) = try await URLSession.shared.data(for: request)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 204)
    }

    /// Requests served for /m/KEY (or /count/KEY) so far.
    public func hits(_ key: String) async throws -> Int {
        let (data, _) = try await URLSession.shared.data(from: try XCTUnwrap(URL(string: url("/stats/\(key)"))))
        let text = String(decoding: data, as: UTF8.self)
        return Int(text.split(separator: "=").last ?? "") ?? -1
    }

    public func stop() { server.stop() }
}

/// A test case with one local feed server per class (started before its first test, stopped after
/// its last) and a fresh folder per test for a feed list and a database.
open class FeedServerTestCase: XCTestCase {
    nonisolated(unsafe) private static var shared: TestFeedServer?
    public private(set) var folder = ""

    override open class func setUp() {
        super.setUp()
        shared = try? TestFeedServer()
    }

    override open class func tearDown() {
        shared?.stop()
        shared = nil
        super.tearDown()
    }

    override open func setUpWithError() throws {
        try super.setUpWithError()
        folder = try TemporaryFolder.make(self, prefix: "tidings-server-test")
    }

    public var server: TestFeedServer {
        get throws { try XCTUnwrap(Self.shared, "the local feed server did not start (python3 \(TestFeedServer.script))") }
    }

    /// The feed list, database and config in this test's folder.
    public var files: TestFiles { TestFiles(folder: folder) }

    /// Writes the feed list: one outline per feed, in the folder named by its tag when it has one.
    public func writeFeedList(_ feeds: [(url: String, title: String?, tag: String?)]) throws {
        try FeedListText.opml(feeds).write(toFile: files.feedList, atomically: true, encoding: .utf8)
    }

    public func feedListText() throws -> String {
        try String(contentsOfFile: files.feedList, encoding: .utf8)
    }
}
