import Foundation
import TestSupport
import XCTest

/// Runs the built `tidings export --new` on the first run of a state: `--from-now` skips the backlog
/// (writes and marks nothing, later runs write only newer articles), and without it the output is
/// the whole backlog as before, with one hint on standard error when that is more than 100 articles.
final class ExportFromNowTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "tidings-from-now-e2e-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
            <?xml version="1.0"?><opml version="2.0"><head/><body>
            <outline text="News" xmlUrl="news.xml"/>
            </body></opml>
            """.write(toFile: folder + "/feeds.opml", atomically: true, encoding: .utf8)
        try writeFeed(entries: 150)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Writes the feed with `entries` entries, entry i dated i minutes after a fixed time, and stores it.
    private func writeFeed(entries: Int) throws {
        var feed = "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>News</title><id>urn:news</id>"
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        for i in 0..<entries {
            let date = ISO8601DateFormatter().string(from: start.addingTimeInterval(Double(i) * 60))
            feed += "<entry><id>urn:news:\(i)</id><title>Entry \(i)</title>"
                + "<link href=\"https://news.example/\(i)\"/><updated>\(date)</updated></entry>"
        }
        try (feed + "</feed>").write(toFile: folder + "/news.xml", atomically: true, encoding: .utf8)
        let refresh = try run(["refresh", "--all"])
        XCTAssertEqual(refresh.status, 0, refresh.stderr)
    }

    private func run(_ arguments: [String]) throws -> EndToEndRun {
        let process = Process()
        process.executableURL = try EndToEndRun.binary(testCase: self)
        process.arguments = arguments + [
            "--feeds", folder + "/feeds.opml", "--db", folder + "/t.db", "--config", folder + "/config.toml",
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(["TZ": "UTC"]) { $1 }
        return try EndToEndRun.run(process)
    }

    /// The titles of a text export, in its order.
    private func titles(_ output: String) -> [String] {
        output.split(separator: "\n").map { String($0.split(separator: "\t")[2]) }
    }

    func testFromNowSkipsTheBacklogAndMarksNothingThenExportsOnlyNewerArticles() throws {
        let first = try run(["export", "--new", "--state", "cron", "--from-now", "--mark-read"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout, "")
        XCTAssertEqual(first.stderr, "", "standard error is not a terminal: a cron run stays quiet")
        XCTAssertEqual(try run(["export", "--unread"]).stdout.split(separator: "\n").count, 150, "nothing marked read")

        let again = try run(["export", "--new", "--state", "cron", "--from-now"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stdout, "")

        try writeFeed(entries: 152)
        let next = try run(["export", "--new", "--state", "cron", "--from-now", "--mark-read"])
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertEqual(next.stderr, "")
        XCTAssertEqual(titles(next.stdout), ["Entry 151", "Entry 150"], "only the articles added after the start")
        XCTAssertEqual(titles(try run(["export", "--unread", "--limit", "3"]).stdout), ["Entry 149", "Entry 148", "Entry 147"])
        XCTAssertEqual(try run(["export", "--new", "--state", "cron", "--from-now"]).stdout, "")
    }

    func testFromNowSaysWhatItCountedWhenStandardErrorIsATerminal() throws {
        let script = "/usr/bin/script"
        guard FileManager.default.isExecutableFile(atPath: script) else { throw XCTSkip("no script(1) for a terminal") }
        let binary = try EndToEndRun.binary(testCase: self).path
        let line = [binary, "export", "--new", "--state", "cron", "--from-now", "--feeds", folder + "/feeds.opml",
                    "--db", folder + "/t.db", "--config", folder + "/config.toml"].map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = ["-qec", line, "/dev/null"]
        let onTerminal = try EndToEndRun.run(process)
        XCTAssertEqual(onTerminal.status, 0, onTerminal.stdout)
        XCTAssertEqual(onTerminal.stdout, "tidings: state cron starts now: 150 articles counted as exported\r\n")
        XCTAssertEqual(try run(["export", "--new", "--state", "cron", "--from-now"]).stdout, "")
    }

    func testFromNowChangesNothingOnceTheStateExists() throws {
        let started = try run(["export", "--new", "--state", "old", "--limit", "1"])
        XCTAssertEqual(titles(started.stdout), ["Entry 149"])
        let next = try run(["export", "--new", "--state", "old", "--from-now"])
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertEqual(next.stderr, "")
        XCTAssertEqual(titles(next.stdout), (0..<149).reversed().map { "Entry \($0)" })
    }

    func testWithoutFromNowTheFirstRunWritesTheBacklogAsBeforeAndHintsOnce() throws {
        let plain = try run(["export"])
        XCTAssertEqual(plain.stderr, "")
        let first = try run(["export", "--new", "--state", "cron"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout, plain.stdout, "standard output is byte-identical to the whole selection")
        XCTAssertEqual(
            first.stderr,
            "tidings: state cron started with the whole backlog (150 articles); a new state's first run given "
                + "--from-now exports none and counts them as exported\n")
        let second = try run(["export", "--new", "--state", "cron"])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(second.stdout, "")
        XCTAssertEqual(second.stderr, "", "the hint appears once")

        try writeFeed(entries: 152)
        let third = try run(["export", "--new", "--state", "cron"])
        XCTAssertEqual(titles(third.stdout), ["Entry 151", "Entry 150"])
        XCTAssertEqual(third.stderr, "")
    }

    func testTheHintNeedsMoreThan100Articles() throws {
        let hundred = try run(["export", "--new", "--state", "hundred", "--limit", "100"])
        XCTAssertEqual(hundred.status, 0, hundred.stderr)
        XCTAssertEqual(hundred.stdout.split(separator: "\n").count, 100)
        XCTAssertEqual(hundred.stderr, "")

        let more = try run(["export", "--new", "--state", "more", "--limit", "101", "--format", "json"])
        XCTAssertEqual(more.status, 0, more.stderr)
        XCTAssertTrue(more.stderr.hasPrefix("tidings: state more started with the whole backlog (101 articles)"), more.stderr)
        XCTAssertEqual(more.stderr.split(separator: "\n").count, 1)
    }

    func testFromNowWithoutNewIsAUsageError() throws {
        let refused = try run(["export", "--from-now"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("--from-now applies only with --new."), refused.stderr)
        XCTAssertEqual(refused.stdout, "")
    }
}
