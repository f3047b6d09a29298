import Foundation
import TestSupport
import XCTest

/// Runs the built `tidings refresh` on local feed files: quiet success off a terminal, one stderr line
/// per failed feed, exit statuses 0, 1, 2 and 75, and the JSON summary.
final class RefreshCommandTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "tidings-refresh-e2e-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var feed = "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>Good</title><id>urn:good</id>"
        for i in 0..<4 { feed += "<entry><id>urn:good:\(i)</id><title>Entry \(i)</title></entry>" }
        try (feed + "</feed>").write(toFile: folder + "/good.xml", atomically: true, encoding: .utf8)
        let opml = """
            <?xml version="1.0"?><opml version="2.0"><head/><body>
            <outline text="Good feed" xmlUrl="good.xml"/>
            <outline text="Missing feed" xmlUrl="missing.xml"/>
            </body></opml>
            """
        try opml.write(toFile: folder + "/feeds.opml", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func refresh(_ arguments: [String] = []) throws -> EndToEndRun {
        try EndToEndRun.tidings(
            ["refresh"] + arguments + ["--feeds", folder + "/feeds.opml", "--db", folder + "/t.db"], testCase: self)
    }

    func testFailedFeedsGetOneLineEachAndExit1WhileTheRestIsStored() throws {
        let first = try refresh()
        XCTAssertEqual(first.status, 1)
        XCTAssertEqual(first.stdout, "")
        XCTAssertEqual(first.stderr, "tidings: Missing feed: file not found or not readable\n")

        let json = try refresh(["--all", "--json"])
        XCTAssertEqual(json.status, 1)
        let summary = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(summary["failed"] as? Int, 1)
        XCTAssertEqual(summary["new"] as? Int, 0)
        let feeds = try XCTUnwrap(summary["feeds"] as? [[String: Any]])
        let byTitle = Dictionary(uniqueKeysWithValues: feeds.map { ($0["title"] as? String ?? "", $0) })
        XCTAssertEqual(byTitle["Good feed"]?["status"] as? String, "unchanged")
        XCTAssertEqual(byTitle["Good feed"]?["url"] as? String, folder + "/good.xml")
        XCTAssertEqual(byTitle["Missing feed"]?["status"] as? String, "failed")
        XCTAssertEqual(byTitle["Missing feed"]?["error"] as? String, "file not found or not readable")
        XCTAssertNotNil(byTitle["Missing feed"]?["seconds"] as? Double)

        try FileManager.default.copyItem(atPath: folder + "/good.xml", toPath: folder + "/missing.xml")
        let named = try refresh(["Missing feed"])
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertEqual(named.stdout, "")
        XCTAssertEqual(named.stderr, "")
    }

    func testOnATerminalAProgressLineIsClearedAndASummaryFollows() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            throw XCTSkip("util-linux script(1) is needed for a pseudo-terminal")
        }
        try FileManager.default.copyItem(atPath: folder + "/good.xml", toPath: folder + "/missing.xml")
        let binary = try EndToEndRun.binary(testCase: self).path
        let command = [binary, "refresh", "--feeds", folder + "/feeds.opml", "--db", folder + "/t.db"]
            .map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertTrue(text.contains("\rrefreshing 2/2 feeds, 8 new, 0 errors"), text.debugDescription)
        XCTAssertTrue(text.contains("\r\u{1B}[K"), text.debugDescription)
        let summary = try XCTUnwrap(text.components(separatedBy: "\u{1B}[K").last)
        XCTAssertTrue(summary.hasPrefix("refreshed 2 feeds: 8 new, 0 updated, 0 failed in "), summary.debugDescription)
    }

    func testUnknownFeedIsAUsageErrorAndAHeldLockExits75() throws {
        let unknown = try refresh(["Nonexistent"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "tidings: no feed named Nonexistent in the feed list\n")

        let lockPath = folder + "/t.db.refresh-lock"
        let fd = open(lockPath, O_RDWR | O_CREAT, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        XCTAssertEqual(flock(fd, LOCK_EX | LOCK_NB), 0)
        let locked = try refresh()
        XCTAssertEqual(locked.status, 75)
        XCTAssertEqual(locked.stdout, "")
        XCTAssertEqual(locked.stderr,
            "tidings: another refresh is running (lock \(lockPath)); try later or use --wait\n")
    }
}
