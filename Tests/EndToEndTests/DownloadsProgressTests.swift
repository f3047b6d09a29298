import Foundation
import TestSupport
import XCTest

/// Bytes reach the partial file as they arrive, even though the downloader writes them in large
/// blocks: a slow download's partial file and the queue's bytes grow while it runs, and when a
/// download ends its bytes, total and state are exact.
final class DownloadsProgressTests: DownloadTestCase {
    func testFastDownloadEndsWithExactBytesTotalAndState() throws {
        // Not a multiple of the write buffer: the last, short block must reach the file too.
        try serve("odd.mp3", bytes: 5_000_003, seed: 31)
        try subscribe([("Odd", try XCTUnwrap(nginx).url("files", "odd.mp3"))])
        let run = try tidings(["downloads", "run"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let final = downloads + "/Casts - Odd.mp3"
        let entry = try XCTUnwrap(try queue().first)
        XCTAssertEqual(entry["state"] as? String, "done")
        XCTAssertEqual(entry["bytes"] as? Int, 5_000_003)
        XCTAssertEqual(entry["total"] as? Int, 5_000_003)
        XCTAssertEqual(fileSize(final), 5_000_003)
        XCTAssertEqual(try sha256(final), try sha256(served + "/odd.mp3"))
    }

    func testSlowDownloadReachesTheFileAndTheQueueAsItGoes() throws {
        // 6 KB a second for a 24 KB file: all of it fits in the downloader's 32 KB write buffer, which
        // must still reach the file as the download goes.
        let slow = try DownloadNginx(root: served, folder: folder + "/slow-nginx", slowRate: 6_000)
        defer { slow.stop() }
        try serve("slow.mp3", bytes: 24_000, seed: 32)
        try subscribe([("Slow", slow.url("slow", "slow.mp3"))])
        let final = downloads + "/Casts - Slow.mp3"
        let process = try start(["downloads", "run"], name: "slow")
        var seen = -1
        XCTAssertTrue(wait {
            seen = fileSize(final + ".part")
            return seen > 0 || !process.isRunning
        }, "the partial file grew")
        XCTAssertTrue(seen > 0 && seen < 24_000, "bytes in the partial file before the end: \(seen)")
        var recorded = 0
        XCTAssertTrue(try wait {
            recorded = try queue().first?["bytes"] as? Int ?? 0
            return recorded > 0 || !process.isRunning
        }, "the queue's bytes grew")
        XCTAssertTrue(recorded > 0 && recorded < 24_000, "bytes in the queue before the end: \(recorded)")
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let entry = try XCTUnwrap(try queue().first)
        XCTAssertEqual(entry["state"] as? String, "done")
        XCTAssertEqual(entry["bytes"] as? Int, 24_000)
        XCTAssertEqual(entry["total"] as? Int, 24_000)
        XCTAssertEqual(try sha256(final), try sha256(served + "/slow.mp3"))
    }
}
