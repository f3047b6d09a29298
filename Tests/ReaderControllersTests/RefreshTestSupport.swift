import FeedFetch
import Foundation
import LocalFeedServer
import ReaderControllers
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The fetch tests' Python server (Tests/FeedFetchTests/Resources/test_server.py, found from this
/// file's path since it is a resource of FeedFetchTests only), run on 127.0.0.1 as a child process that
/// also exits when this process dies (its stdin closes).
final class RefreshTestServer: @unchecked Sendable {
    private let server: LocalFeedServer
    var port: Int { server.port }

    static var script: String {
        LocalFeedServer.script(
            inPackageAt: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent())
    }

    init(feeds: Int = 500) throws {
        server = try LocalFeedServer(script: Self.script, feeds: feeds)
    }

    func url(_ path: String) -> String { server.url(path) }

    /// Makes /m/KEY answer with `body` (or `status` and `location`) from now on.
    func set(_ key: String, body: String = "", status: Int = 200, type: String? = nil, location: String? = nil)
        async throws
    {
        var components = URLComponents(string: url("/set/\(key)"))
        var items = [URLQueryItem(name: "status", value: String(status))]
        if let type { items.append(URLQueryItem(name: "type", value: type)) }
        if let location { items.append(URLQueryItem(name: "location", value: location)) }
        components?.queryItems = items
        guard let target = components?.url else { throw RefreshTestError.badURL }
        var request = URLRequest(url: target)
        request.httpMethod = "POST"
        request.httpBody = Data(body.utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 204)
    }

    /// Requests served for /m/KEY (or /count/KEY) so far.
    func hits(_ key: String) async throws -> Int {
        let (data, _) = try await URLSession.shared.data(from: try XCTUnwrap(URL(string: url("/stats/\(key)"))))
        let text = String(decoding: data, as: UTF8.self)
        return Int(text.split(separator: "=").last ?? "") ?? -1
    }

    func stop() { server.stop() }
}

enum RefreshTestError: Error {
    case badURL, binaryNotFound
}

/// A test case with one server per class and a fresh folder (feed list + database) per test.
class RefreshServerTestCase: XCTestCase {
    nonisolated(unsafe) private static var shared: RefreshTestServer?
    private(set) var folder = ""

    override class func setUp() {
        super.setUp()
        ProcessSetup.run()
        shared = try? RefreshTestServer()
    }

    override class func tearDown() {
        shared?.stop()
        shared = nil
        super.tearDown()
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = NSTemporaryDirectory() + "tidings-refresh-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
        try super.tearDownWithError()
    }

    var server: RefreshTestServer {
        get throws { try XCTUnwrap(Self.shared, "the test server did not start") }
    }

    var paths: TidingsPaths {
        TidingsPaths(feedList: folder + "/feeds.opml", database: folder + "/tidings.db", config: folder + "/config.toml")
    }

    func environment() throws -> AppEnvironment {
        try AppEnvironment(paths: paths)
    }

    /// Writes the feed list: one outline per feed, in the folder named by its tag when it has one.
    func writeFeedList(_ feeds: [(url: String, title: String?, tag: String?)]) throws {
        var body = ""
        for feed in feeds {
            let title = feed.title.map { " title=\"\(xmlEscaped($0))\"" } ?? ""
            let outline = "<outline type=\"rss\" text=\"\(xmlEscaped(feed.title ?? feed.url))\"\(title) xmlUrl=\"\(xmlEscaped(feed.url))\"/>\n"
            if let tag = feed.tag { body += "<outline text=\"\(xmlEscaped(tag))\">\(outline)</outline>\n" } else { body += outline }
        }
        let opml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\"><head><title>Test</title></head><body>\n\(body)</body></opml>\n"
        try opml.write(toFile: paths.feedList, atomically: true, encoding: .utf8)
    }

    func feedListText() throws -> String {
        try String(contentsOfFile: paths.feedList, encoding: .utf8)
    }
}

func xmlEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: "\"", with: "&quot;")
}

/// An RSS 2.0 document with the given items (guid, title), for the mutable routes of the server.
func rssDocument(title: String, items: [(guid: String, title: String)]) -> String {
    var text = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\"><channel><title>\(xmlEscaped(title))</title>"
        + "<link>http://127.0.0.1/</link><description>test</description>"
    for (index, item) in items.enumerated() {
        text += "<item><guid>\(xmlEscaped(item.guid))</guid><title>\(xmlEscaped(item.title))</title>"
            + "<link>http://127.0.0.1/\(xmlEscaped(item.guid))</link>"
            + "<pubDate>Sat, 21 Nov 2026 10:\(String(format: "%02d", index % 60)):00 GMT</pubDate>"
            + "<description>Body of \(xmlEscaped(item.title))</description></item>"
    }
    return text + "</channel></rss>\n"
}

/// The built `tidings` executable beside this test bundle (same .build/<configuration> folder).
enum TidingsBinary {
    static func url() throws -> URL {
        var candidates = [Bundle(for: RefreshServerTestCase.self).bundleURL.deletingLastPathComponent()
            .appendingPathComponent("tidings")]
        if let first = CommandLine.arguments.first {
            var directory = URL(fileURLWithPath: first).deletingLastPathComponent()
            for _ in 0..<4 {
                candidates.append(directory.appendingPathComponent("tidings"))
                directory = directory.deletingLastPathComponent()
            }
        }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw RefreshTestError.binaryNotFound
        }
        return found
    }

    /// Starts `tidings ARGS` with its output going to files in `folder`; returns the process.
    static func start(_ arguments: [String], folder: String, name: String) throws -> Process {
        let process = Process()
        process.executableURL = try url()
        process.arguments = arguments
        _ = FileManager.default.createFile(atPath: folder + "/\(name).out", contents: nil)
        _ = FileManager.default.createFile(atPath: folder + "/\(name).err", contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: folder + "/\(name).out")
        process.standardError = FileHandle(forWritingAtPath: folder + "/\(name).err")
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs `tidings ARGS` to the end; returns its status, standard output and standard error.
    static func run(_ arguments: [String], folder: String, name: String = "run") throws
        -> (status: Int32, stdout: String, stderr: String)
    {
        let process = try start(arguments, folder: folder, name: name)
        process.waitUntilExit()
        let out = (try? String(contentsOfFile: folder + "/\(name).out", encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: folder + "/\(name).err", encoding: .utf8)) ?? ""
        return (process.terminationStatus, out, err)
    }
}
