import Foundation
import TestSupport
import XCTest

/// Auto-download end to end: a feed list marks a folder `tidings:auto-download="true"
/// tidings:keep="2"`; `refresh` queues only the newest two new episodes of its feed (none of another
/// feed's), a later refresh queues only the episodes new since, `downloads run` fetches them from a
/// private nginx, and a later run deletes only Tidings' own played files beyond the newest two:
/// never a newer one, never a file the user replaced, never a file Tidings did not write.
final class AutoDownloadTests: XCTestCase {
    private var folder = ""
    private var files: TestFiles { TestFiles(folder: folder) }
    private var served: String { folder + "/served" }
    private var downloads: String { folder + "/downloads" }

    private func tidings(_ arguments: [String]) throws -> EndToEndRun {
        try EndToEndRun.tidings(arguments + files.arguments, testCase: self, environment: ["HOME": folder])
    }

    /// A feed file of episodes `numbers` of show `show`, each with its own enclosure served by `nginx`.
    private func writeFeed(_ show: String, _ numbers: ClosedRange<Int>, _ nginx: DownloadNginx) throws {
        var text = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\"><channel><title>\(show)</title>"
            + "<link>http://127.0.0.1/</link><description>d</description>\n"
        for n in numbers {
            let name = "\(show)-\(n).mp3"
            if !FileManager.default.fileExists(atPath: served + "/" + name) {
                try Data(repeating: UInt8(n), count: 10_000 + n).write(to: URL(fileURLWithPath: served + "/" + name))
            }
            text += "<item><guid>\(show)-\(n)</guid><title>\(show) \(n)</title>"
                + "<pubDate>Sat, \(10 + n) Nov 2026 10:00:00 GMT</pubDate>"
                + "<enclosure url=\"\(nginx.url("files", name))\" type=\"audio/mpeg\" length=\"1\"/></item>\n"
        }
        text += "</channel></rss>\n"
        try text.write(toFile: folder + "/\(show).xml", atomically: true, encoding: .utf8)
    }

    private func queuedTitles() throws -> [String] {
        let run = try tidings(["downloads", "--json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        return try run.stdout.split(separator: "\n").map {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            return try XCTUnwrap(object["title"] as? String)
        }.sorted()
    }

    private func downloaded() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: downloads).sorted()
    }

    func testRefreshQueuesTheNewestAndARunDeletesOnlyOwnPlayedFilesBeyondKeep() throws {
        folder = try TemporaryFolder.make(self, prefix: "tidings-autodownload")
        try FileManager.default.createDirectory(atPath: served, withIntermediateDirectories: true)
        try "download_path = \"\(downloads)\"\n".write(toFile: files.config, atomically: true, encoding: .utf8)
        let nginx = try DownloadNginx(root: served, folder: folder + "/nginx")
        defer { nginx.stop() }
        try writeFeed("Pod", 1...5, nginx)
        try writeFeed("Other", 1...3, nginx)
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0" xmlns:tidings="urn:tidings:opml:1"><head><title>Test</title></head><body>
            <outline text="casts" tidings:auto-download="true" tidings:keep="2">
            <outline type="rss" text="Pod" xmlUrl="\(folder)/Pod.xml"/>
            </outline>
            <outline type="rss" text="Other" xmlUrl="\(folder)/Other.xml"/>
            </body></opml>
            """.write(toFile: files.feedList, atomically: true, encoding: .utf8)

        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        XCTAssertEqual(try queuedTitles(), ["Pod 4", "Pod 5"], "the newest two of the first refresh, nothing of Other")

        try writeFeed("Pod", 1...7, nginx)
        XCTAssertEqual(try tidings(["refresh", "--all"]).status, 0)
        XCTAssertEqual(try queuedTitles(), ["Pod 4", "Pod 5", "Pod 6", "Pod 7"], "only the episodes new since")

        let first = try tidings(["downloads", "run"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(try downloaded(), ["Pod - Pod 4.mp3", "Pod - Pod 5.mp3", "Pod - Pod 6.mp3", "Pod - Pod 7.mp3"])

        // Pod 4 and 5 are beyond the newest two; Pod 5's file is then replaced by the user, and a file
        // Tidings never wrote sits beside them. Pod 7 is played but among the newest two.
        let foreign = Data("mine".utf8)
        try foreign.write(to: URL(fileURLWithPath: downloads + "/Pod - Pod 3.mp3"))
        let replaced = Data(repeating: 7, count: 123)
        try replaced.write(to: URL(fileURLWithPath: downloads + "/Pod - Pod 5.mp3"))
        // Played as the reader's player marks an episode (`FeedStore.markPlayed`); Pod 6 is not.
        XCTAssertEqual(try SafetyWorkspace.shell("""
            sqlite3 '\(files.database)' "INSERT INTO played_enclosures (url, article_id, played_at)
                SELECT url, article_id, 1 FROM downloads WHERE article_title IN ('Pod 4', 'Pod 5', 'Pod 7');"
            """), 0)

        let second = try tidings(["downloads", "run"])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(try downloaded(), ["Pod - Pod 3.mp3", "Pod - Pod 5.mp3", "Pod - Pod 6.mp3", "Pod - Pod 7.mp3"],
                       "only Pod 4: played, beyond the newest two, and the file Tidings wrote")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: downloads + "/Pod - Pod 3.mp3")), foreign)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: downloads + "/Pod - Pod 5.mp3")), replaced)
        XCTAssertEqual(try queuedTitles(), ["Pod 5", "Pod 6", "Pod 7"], "the deleted episode left the queue")
    }
}
