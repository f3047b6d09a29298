import Foundation
import TestSupport
import XCTest

/// `tidings download` and `downloads cancel` while `downloads run` runs (one download at a time from
/// a slow server): the entry being downloaded and one waiting its turn are cancelled, and a new one
/// is queued. The cancelled ones stop and leave no file, partial or whole, and no failure; the new
/// one stays queued for the next run; the rest download whole. The queue is what the commands said.
final class DownloadQueueConcurrencyTests: DownloadTestCase {
    func testCancelAndQueueWhileARunDownloads() throws {
        let nginx = try XCTUnwrap(nginx)
        try writeConfig("max_downloads = 1\n")
        let names = ["One", "Two", "Three", "Four"]
        for (index, name) in names.enumerated() {
            // At /slow/'s 2 MB a second: One (10 s) outlasts the commands run meanwhile by far, and Two
            // (1.5 s) outlasts the run's once-a-second look for entries cancelled while they wait.
            try serve("\(name).mp3", bytes: index % 2 == 0 ? 20_000_000 : 3_000_000, seed: UInt64(300 + index))
        }
        try subscribe(names.map { ($0, nginx.url("slow", "\($0).mp3")) }, queueing: false)
        let ids = try Dictionary(uniqueKeysWithValues: names.map { name in
            (name, try SQLiteShell.run(files.database, "SELECT id FROM articles WHERE title = '\(name)';"))
        })
        let queued = try tidings(["download"] + names.prefix(3).compactMap { ids[$0] })
        XCTAssertEqual(queued.stdout, "queued 3 enclosures\n", queued.stderr)

        let run = try start(["downloads", "run"], name: "run")
        let onePart = downloads + "/Casts - One.mp3.part"
        XCTAssertTrue(try wait {
            try fileSize(onePart) >= 300_000 && queue().first?["state"] as? String == "downloading" || !run.isRunning
        }, "One is downloading")
        XCTAssertTrue(run.isRunning)
        XCTAssertEqual(try queue().map { $0["state"] as? String }, ["downloading", "queued", "queued"])

        let cancel = try tidings(["downloads", "cancel", "1", "3"])
        XCTAssertEqual(cancel.status, 0, cancel.stderr)
        XCTAssertEqual(cancel.stdout, "cancelled 2 downloads\n")
        let four = try tidings(["download", try XCTUnwrap(ids["Four"])])
        XCTAssertEqual(four.stdout, "queued 1 enclosure\n", four.stderr)
        run.waitUntilExit()
        let ran = EndToEndRun(
            status: run.terminationStatus, stdout: "",
            stderr: (try? String(contentsOfFile: folder + "/run.err", encoding: .utf8)) ?? "")
        XCTAssertEqual(ran.status, 0, ran.stderr)
        XCTAssertEqual(ran.stderr, "", "a cancelled download is no failure")

        // (Four may take a freed id: the run, still holding Three's, never wrote over it.)
        let entries = try queue()
        XCTAssertEqual(entries.map { $0["title"] as? String }, ["Two", "Four"])
        XCTAssertEqual(entries.map { $0["state"] as? String }, ["done", "queued"], "Four waits for the next run")
        XCTAssertEqual(entries.last?["url"] as? String, nginx.url("slow", "Four.mp3"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: downloads), ["Casts - Two.mp3"],
                       "nothing of the cancelled downloads, partial or whole")
        XCTAssertEqual(try sha256(downloads + "/Casts - Two.mp3"), try sha256(served + "/Two.mp3"))
        let one = try nginx.requests().filter { $0.uri == "/slow/One.mp3" }
        XCTAssertEqual(one.count, 1)
        XCTAssertLessThan(one.first?.bytes ?? 0, 20_000_000, "One was stopped, not downloaded to its end")
        XCTAssertTrue(try nginx.requests().filter { $0.uri == "/slow/Three.mp3" }.isEmpty, "Three never started")

        let next = try tidings(["downloads", "run"])
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertEqual(try queue().map { $0["state"] as? String }, ["done", "done"])
        XCTAssertEqual(try sha256(downloads + "/Casts - Four.mp3"), try sha256(served + "/Four.mp3"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: downloads).sorted(),
                       ["Casts - Four.mp3", "Casts - Two.mp3"])
    }
}
