import Foundation
import TestSupport
import XCTest

/// The download queue end to end: the built `tidings` against a private nginx on 127.0.0.1 (Range,
/// ETag, `limit_rate`), a killed run resumed with `Range: bytes=N-`, a server ignoring Range and a
/// changed file restarting from zero, failures with reasons and retry, safe file names, and the
/// concurrency limits as nginx's log shows them. The full-disk case is `DownloadsDiskFullTests`.
final class DownloadsCommandTests: XCTestCase {
    private var folder = ""
    private var files: TestFiles { TestFiles(folder: folder) }
    private var served: String { folder + "/served" }
    private var downloads: String { folder + "/downloads" }
    private var nginx: DownloadNginx?

    override func setUpWithError() throws {
        folder = try TemporaryFolder.make(self, prefix: "tidings-downloads")
        try FileManager.default.createDirectory(atPath: served, withIntermediateDirectories: true)
        nginx = try DownloadNginx(root: served, folder: folder + "/nginx")
        try writeConfig()
    }

    override func tearDown() {
        nginx?.stop()
        nginx = nil
    }

    // MARK: Support

    func writeConfig(_ extra: String = "") throws {
        try "download_path = \"\(downloads)\"\n\(extra)".write(toFile: files.config, atomically: true, encoding: .utf8)
    }

    func tidings(_ arguments: [String]) throws -> EndToEndRun {
        try EndToEndRun.tidings(arguments + files.arguments, testCase: self, environment: ["HOME": folder])
    }

    func start(_ arguments: [String], name: String) throws -> Process {
        try TidingsBinary.start(arguments + files.arguments, folder: folder, name: name)
    }

    /// `count` deterministic bytes from `seed`, written to the served folder as `name`.
    @discardableResult
    func serve(_ name: String, bytes count: Int, seed: UInt64) throws -> Data {
        var generator = SplitMix(seed: seed)
        var data = Data(count: count)
        data.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt64.self)
            for index in words.indices { words[index] = generator.next() }
        }
        try data.write(to: URL(fileURLWithPath: served + "/" + name))
        return data
    }

    /// A feed with one item per episode (title, enclosure URL), added and refreshed; returns nothing.
    func subscribe(_ episodes: [(title: String, url: String)]) throws {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: "\"", with: "&quot;")
        }
        var text = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\"><channel><title>Casts</title>"
            + "<link>http://127.0.0.1/</link><description>d</description>\n"
        for (index, episode) in episodes.enumerated() {
            text += "<item><guid>e\(index)</guid><title>\(escaped(episode.title))</title>"
                + "<pubDate>Sat, 21 Nov 2026 10:\(String(format: "%02d", index % 60)):00 GMT</pubDate>"
                + "<enclosure url=\"\(escaped(episode.url))\" type=\"audio/mpeg\" length=\"1\"/></item>\n"
        }
        text += "</channel></rss>\n"
        let path = folder + "/casts.xml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try tidings(["feeds", "add", path]).status, 0)
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        let queued = try tidings(["download", "--query", "unread"])
        XCTAssertEqual(queued.status, 0, queued.stderr)
    }

    /// The queue as `downloads --json` gives it.
    func queue() throws -> [[String: Any]] {
        let run = try tidings(["downloads", "--json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        return try run.stdout.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? -1
    }

    /// Waits (up to `seconds`) until `condition` holds.
    func wait(_ seconds: Double = 30, for condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(20_000)
        }
        return try condition()
    }

    func sha256(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [path]
        let run = try EndToEndRun.run(process)
        return String(run.stdout.prefix(64))
    }

    /// Starts `downloads run`, waits until the partial file holds at least `bytes`, and SIGKILLs it.
    func killHalfway(part: String, bytes: Int) throws {
        let process = try start(["downloads", "run"], name: "killed")
        XCTAssertTrue(wait { fileSize(part) >= bytes }, "the partial file grew")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    // MARK: Tests

    func testKilledHalfwayResumesWithRangeAndEndsWhole() throws {
        let source = try serve("big.mp3", bytes: 20_000_000, seed: 1)
        _ = source
        try subscribe([("Big Episode", try XCTUnwrap(nginx).url("slow", "big.mp3"))])
        let final = downloads + "/Casts - Big Episode.mp3"
        try killHalfway(part: final + ".part", bytes: 6_000_000)
        let killed = try XCTUnwrap(try queue().first)
        XCTAssertEqual(killed["state"] as? String, "downloading")
        let kept = fileSize(final + ".part")
        let recorded = try XCTUnwrap(killed["bytes"] as? Int)
        XCTAssertTrue(recorded > 0 && recorded <= kept, "progress recorded as it went: \(recorded) of \(kept)")
        XCTAssertEqual(killed["total"] as? Int, 20_000_000)

        let resumed = try tidings(["downloads", "run"])
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertEqual(resumed.stderr, "", "quiet off a terminal")
        let last = try XCTUnwrap(try XCTUnwrap(nginx).requests().last { !$0.range.isEmpty }, "Range sent")
        let offset = try XCTUnwrap(Int(last.range.dropFirst("bytes=".count).dropLast()), last.range)
        XCTAssertEqual(last.status, 206)
        XCTAssertGreaterThanOrEqual(offset, 6_000_000)
        XCTAssertLessThanOrEqual(offset, kept)
        XCTAssertFalse(last.ifRange.isEmpty, "If-Range sent with the validator")
        XCTAssertEqual(try sha256(final), try sha256(served + "/big.mp3"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: final + ".part"))
        let entry = try XCTUnwrap(try queue().first)
        XCTAssertEqual(entry["state"] as? String, "done")
        XCTAssertEqual(entry["file"] as? String, final)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: downloads), ["Casts - Big Episode.mp3"])
    }

    func testServerIgnoringRangeRestartsFromZero() throws {
        try serve("plain.mp3", bytes: 8_000_000, seed: 2)
        try subscribe([("Plain", try XCTUnwrap(nginx).url("norange", "plain.mp3"))])
        let final = downloads + "/Casts - Plain.mp3"
        try killHalfway(part: final + ".part", bytes: 2_000_000)
        let resumed = try tidings(["downloads", "run"])
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        let last = try XCTUnwrap(try XCTUnwrap(nginx).requests().last { !$0.range.isEmpty }, "asked for the rest")
        XCTAssertEqual(last.status, 200, "the server sent the whole file")
        XCTAssertEqual(try sha256(final), try sha256(served + "/plain.mp3"), "restarted cleanly, no doubled bytes")
    }

    func testChangedFileRestartsFromZero() throws {
        try serve("changing.mp3", bytes: 8_000_000, seed: 3)
        try subscribe([("Changing", try XCTUnwrap(nginx).url("slow", "changing.mp3"))])
        let final = downloads + "/Casts - Changing.mp3"
        try killHalfway(part: final + ".part", bytes: 2_000_000)
        try serve("changing.mp3", bytes: 7_000_000, seed: 4)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: served + "/changing.mp3")
        let resumed = try tidings(["downloads", "run"])
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        let last = try XCTUnwrap(try XCTUnwrap(nginx).requests().last { !$0.ifRange.isEmpty }, "If-Range sent")
        XCTAssertEqual(last.status, 200, "If-Range failed: the whole new file")
        XCTAssertEqual(try sha256(final), try sha256(served + "/changing.mp3"))
    }

    func testStopSignalKeepsThePartialFileAndTheNextRunResumes() throws {
        try serve("stop.mp3", bytes: 8_000_000, seed: 5)
        try subscribe([("Stop", try XCTUnwrap(nginx).url("slow", "stop.mp3"))])
        let final = downloads + "/Casts - Stop.mp3"
        let process = try start(["downloads", "run"], name: "stopped")
        XCTAssertTrue(wait { fileSize(final + ".part") >= 1_000_000 })
        let signalled = Date()
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertLessThan(Date().timeIntervalSince(signalled), 3, "stops within a second (3 s margin)")
        XCTAssertEqual(process.terminationStatus, 143)
        XCTAssertGreaterThan(fileSize(final + ".part"), 0, "the partial file is kept")
        XCTAssertEqual(try queue().first?["state"] as? String, "queued")
        XCTAssertEqual(try tidings(["downloads", "run"]).status, 0)
        XCTAssertEqual(try sha256(final), try sha256(served + "/stop.mp3"))
    }

    func testFailuresGiveReasonsAndRetryWorks() throws {
        let server = try TestFeedServer(feeds: 1)
        try awaitSet(server)
        let silent = try SilentListener()
        try writeConfig("download_stall_seconds = 2\n")
        let nginx = try XCTUnwrap(nginx)
        try subscribe([
            ("Missing", nginx.url("files", "missing.mp3")),
            ("Stalled", "http://127.0.0.1:\(silent.port)/stall.mp3"),
            ("Cut", server.url("/m/cut")),
        ])
        let run = try tidings(["downloads", "run"])
        XCTAssertEqual(run.status, 1)
        let entries = try queue()
        let reasons = Dictionary(uniqueKeysWithValues: entries.map { ($0["title"] as? String ?? "", $0["reason"] as? String ?? "") })
        XCTAssertEqual(entries.map { $0["state"] as? String }, ["failed", "failed", "failed"])
        XCTAssertEqual(reasons["Missing"], "HTTP status 404")
        XCTAssertEqual(reasons["Stalled"], "stalled: no data for 2 s")
        XCTAssertEqual(reasons["Cut"], "connection closed before the whole body arrived")
        for title in ["Missing", "Stalled", "Cut"] {
            XCTAssertTrue(run.stderr.contains("tidings: \(title): \(reasons[title] ?? "?")"), run.stderr)
        }
        let lines = try tidings(["downloads"]).stdout.split(separator: "\n")
        XCTAssertEqual(lines.first, "1\tfailed\tMissing\t\(nginx.url("files", "missing.mp3"))\t\(downloads)/Casts - Missing.mp3\tHTTP status 404")

        try serve("missing.mp3", bytes: 100_000, seed: 6)
        let id = try XCTUnwrap(entries.first?["id"] as? Int)
        XCTAssertEqual(try tidings(["downloads", "retry", String(id)]).stdout, "queued 1 download again\n")
        _ = try tidings(["downloads", "cancel", "2", "3"])
        let again = try tidings(["downloads", "run"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try sha256(downloads + "/Casts - Missing.mp3"), try sha256(served + "/missing.mp3"))
        XCTAssertEqual(try queue().count, 1)
    }

    private func awaitSet(_ server: TestFeedServer) throws {
        let done = expectation(description: "set")
        Task {
            try await server.set("cut", body: String(repeating: "x", count: 50_000), type: "audio/mpeg", extra: 10_000)
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
    }

    func testHostileTitlesLandInsideTheDownloadFolder() throws {
        try serve("s.mp3", bytes: 1_000, seed: 7)
        let nginx = try XCTUnwrap(nginx)
        let titles = [
            "../../etc/x", "a\u{1}b\u{7}c\u{1B}[31m", String(repeating: "é", count: 1_000), "Episode", "EPISODE",
            "episode", "-rf", ".hidden", "/", "",
        ]
        try subscribe(titles.enumerated().map { ($1, nginx.url("files", "s.mp3") + "?\($0)") })
        try "existing".write(toFile: {
            try? FileManager.default.createDirectory(atPath: downloads, withIntermediateDirectories: true)
            return downloads + "/Casts - Episode.mp3"
        }(), atomically: false, encoding: .utf8)
        let run = try tidings(["downloads", "run"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let entries = try queue()
        XCTAssertEqual(entries.count, titles.count)
        var names = Set<String>()
        for entry in entries {
            XCTAssertEqual(entry["state"] as? String, "done", "\(entry)")
            let path = try XCTUnwrap(entry["file"] as? String)
            let name = (path as NSString).lastPathComponent
            XCTAssertEqual(path, downloads + "/" + name, "inside download_path: \(path)")
            XCTAssertLessThanOrEqual(name.utf8.count, 255)
            XCTAssertFalse(name.hasPrefix(".") || name.hasPrefix("-"), name)
            XCTAssertFalse(name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, name)
            XCTAssertTrue(name.hasSuffix(".mp3"), name)
            XCTAssertTrue(names.insert(name.lowercased()).inserted, "distinct even without case: \(name)")
            XCTAssertEqual(fileSize(path), 1_000)
        }
        XCTAssertEqual(try String(contentsOfFile: downloads + "/Casts - Episode.mp3", encoding: .utf8), "existing",
                       "an existing file is never overwritten")
        let listed = try FileManager.default.contentsOfDirectory(atPath: downloads)
        XCTAssertEqual(listed.count, titles.count + 1, "nothing else in the folder: \(listed)")
        XCTAssertFalse(listed.contains { $0.hasPrefix(".") || $0.hasSuffix(".part") })
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/etc"))
    }

    func testMaxDownloadsAndThePerHostLimitHold() throws {
        let nginx = try XCTUnwrap(nginx)
        var episodes: [(String, String)] = []
        for index in 0..<6 {
            try serve("l\(index).mp3", bytes: 1_500_000, seed: UInt64(10 + index))
            episodes.append(("L\(index)", nginx.url("slow", "l\(index).mp3", port: nginx.ports[index % 2])))
        }
        try subscribe(episodes)
        let run = try tidings(["downloads", "run"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let requests = try nginx.requests().filter { $0.uri.hasPrefix("/slow/") }
        XCTAssertEqual(requests.count, 6)
        XCTAssertEqual(DownloadNginx.peakOverlap(requests), 2, "max_downloads = 2 (the default), reached")
        for port in nginx.ports {
            XCTAssertEqual(DownloadNginx.peakOverlap(requests.filter { $0.port == port }), 1, "one per host")
        }
    }
}

/// A TCP socket on 127.0.0.1 that accepts connections (the kernel's backlog does) and never answers.
final class SilentListener {
    let port: Int
    private let socket: Int32

    init() throws {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = listen(fd, 16)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        socket = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(socket) }
}
