import Foundation
import TestSupport
import XCTest

/// The download queue end to end: the built `tidings` against a private nginx on 127.0.0.1 (Range,
/// ETag, `limit_rate`), a killed run resumed with `Range: bytes=N-`, a server ignoring Range and a
/// changed file restarting from zero, failures with reasons and retry, safe file names, and the
/// concurrency limits as nginx's log shows them. The full-disk case is `DownloadsDiskFullTests`.
final class DownloadsCommandTests: DownloadTestCase {
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
