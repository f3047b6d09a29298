import Foundation
import TestSupport
import XCTest

/// A full disk under download_path (a 16 MB tmpfs, mounted as root): the download is paused with a
/// line that says so, the partial file is kept, and after space is freed the next run resumes it
/// (`Range: bytes=N-`) to a whole, correct file.
final class DownloadsDiskFullTests: XCTestCase {
    func testFullDiskPausesKeepsThePartialFileAndResumes() throws {
        guard geteuid() == 0 else { throw XCTSkip("mounting a tmpfs needs root") }
        let folder = try TemporaryFolder.make(self, prefix: "tidings-disk-full")
        let files = TestFiles(folder: folder)
        let served = folder + "/served"
        let downloads = folder + "/downloads"
        try FileManager.default.createDirectory(atPath: served, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: downloads, withIntermediateDirectories: true)
        guard try SafetyWorkspace.shell("mount -t tmpfs -o size=16m tmpfs '\(downloads)'", check: false) == 0 else {
            throw XCTSkip("cannot mount a tmpfs here")
        }
        addTeardownBlock { _ = try? SafetyWorkspace.shell("umount '\(downloads)'", check: false) }
        let nginx = try DownloadNginx(root: served, folder: folder + "/nginx")
        defer { nginx.stop() }

        var generator = SplitMix(seed: 21)
        var source = Data(count: 12_000_000)
        source.withUnsafeMutableBytes { raw in
            for index in raw.bindMemory(to: UInt64.self).indices { raw.bindMemory(to: UInt64.self)[index] = generator.next() }
        }
        try source.write(to: URL(fileURLWithPath: served + "/ep.mp3"))
        try Data(count: 10_000_000).write(to: URL(fileURLWithPath: downloads + "/filler"))
        try "download_path = \"\(downloads)\"\n".write(toFile: files.config, atomically: true, encoding: .utf8)
        let feed = folder + "/feed.xml"
        try """
            <?xml version="1.0"?><rss version="2.0"><channel><title>Casts</title><link>http://x/</link><description>d</description>
            <item><guid>1</guid><title>Ep</title><enclosure url="\(nginx.url("files", "ep.mp3"))" type="audio/mpeg" length="1"/></item>
            </channel></rss>
            """.write(toFile: feed, atomically: true, encoding: .utf8)
        func tidings(_ arguments: [String]) throws -> EndToEndRun {
            try EndToEndRun.tidings(arguments + files.arguments, testCase: self, environment: ["HOME": folder])
        }
        XCTAssertEqual(try tidings(["feeds", "add", feed]).status, 0)
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        XCTAssertEqual(try tidings(["download", "--query", "unread"]).status, 0)

        let full = try tidings(["downloads", "run"])
        XCTAssertEqual(full.status, 1)
        let part = downloads + "/Casts - Ep.mp3.part"
        XCTAssertEqual(full.stderr, "tidings: Ep: disk full: \(Self.size(part)) bytes kept in \(part); free space, then run 'tidings downloads run'\n")
        XCTAssertGreaterThan(Self.size(part), 1_000_000, "the partial file is kept")
        XCTAssertTrue(try tidings(["downloads"]).stdout.hasPrefix("1\tpaused\tEp\t"))

        let kept = Self.size(part)
        try FileManager.default.removeItem(atPath: downloads + "/filler")
        let resumed = try tidings(["downloads", "run"])
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertEqual(try nginx.requests().last?.range, "bytes=\(kept)-")
        XCTAssertEqual(try nginx.requests().last?.status, 206, "resumed, not restarted")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: downloads + "/Casts - Ep.mp3")), source)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: downloads), ["Casts - Ep.mp3"])
    }

    private static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}
