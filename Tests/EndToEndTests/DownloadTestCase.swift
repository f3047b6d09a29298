import Foundation
import TestSupport
import XCTest

/// A download test: a private nginx on 127.0.0.1 serving a folder of files (`DownloadNginx`), a
/// test folder with config.toml naming `downloads` as download_path, and the helpers that serve
/// files, subscribe to a feed of episodes and read the queue as `tidings downloads --json` gives it.
class DownloadTestCase: XCTestCase {
    private(set) var folder = ""
    var files: TestFiles { TestFiles(folder: folder) }
    var served: String { folder + "/served" }
    var downloads: String { folder + "/downloads" }
    private(set) var nginx: DownloadNginx?

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

    /// A feed with one item per episode (title, enclosure URL), added and refreshed, and (unless
    /// `queueing` is false) every episode queued.
    func subscribe(_ episodes: [(title: String, url: String)], queueing: Bool = true) throws {
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
        guard queueing else { return }
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
}
