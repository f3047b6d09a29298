import Foundation
import TestSupport
import XCTest

/// Runs the built `tidings export` and `tidings count` on a database filled by `tidings refresh` from
/// local feed files: full output, exit statuses, one-line errors, and a closed pipe ending quietly.
final class ExportCommandTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "tidings-export-e2e-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let small = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Small Feed</title><link>https://small.example/</link>
            <item><title>First &amp; foremost</title><link>https://small.example/1</link>
            <guid>https://small.example/1</guid><pubDate>Sun, 01 Nov 2026 08:00:00 GMT</pubDate></item>
            <item><title>Second</title><link>https://small.example/2</link>
            <guid>https://small.example/2</guid><pubDate>Mon, 02 Nov 2026 09:30:00 GMT</pubDate></item>
            </channel></rss>
            """
        try small.write(toFile: folder + "/small.xml", atomically: true, encoding: .utf8)
        var big = "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>Big Feed</title><id>urn:big</id>"
        for i in 0..<3000 {
            big += "<entry><id>urn:big:\(i)</id><title>Big entry number \(i) with a longish title</title>"
                + "<link href=\"https://big.example/entries/\(i)\"/>"
                + "<updated>2026-10-\(String(format: "%02d", 1 + i % 28))T10:00:00Z</updated></entry>"
        }
        try (big + "</feed>").write(toFile: folder + "/big.xml", atomically: true, encoding: .utf8)
        try """
            <?xml version="1.0"?><opml version="2.0"><head/><body>
            <outline text="Small Feed" xmlUrl="small.xml"/>
            <outline text="Big Feed" xmlUrl="big.xml"/>
            </body></opml>
            """.write(toFile: folder + "/feeds.opml", atomically: true, encoding: .utf8)
        let refresh = try run(["refresh", "--all"])
        XCTAssertEqual(refresh.status, 0, refresh.stderr)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func run(_ arguments: [String]) throws -> EndToEndRun {
        let process = try command(arguments)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errReader = Thread.detachedRead(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return EndToEndRun(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errReader.wait(), as: UTF8.self))
    }

    private func command(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = try EndToEndRun.binary(testCase: self)
        process.arguments = arguments + [
            "--feeds", folder + "/feeds.opml", "--db", folder + "/t.db", "--config", folder + "/config.toml",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = "UTC"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        return process
    }

    func testTextOutputOfOneFeedAndNewTwice() throws {
        let text = try run(["export", "--feed", "small feed", "--new", "--state", "e2e"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertEqual(text.stderr, "")
        XCTAssertEqual(text.stdout, """
            2026-11-02 09:30\tSmall Feed\tSecond\thttps://small.example/2
            2026-11-01 08:00\tSmall Feed\tFirst & foremost\thttps://small.example/1

            """)
        let again = try run(["export", "--feed", "small feed", "--new", "--state", "e2e"])
        XCTAssertEqual(again.status, 0)
        XCTAssertEqual(again.stdout, "", "nothing new, nothing at all")
        XCTAssertEqual(again.stderr, "")
        let markdown = try run(["export", "--feed", "https://small.example/", "--format", "markdown"])
        XCTAssertEqual(markdown.status, 2, "a site URL is not the feed's URL")
        XCTAssertEqual(markdown.stderr, "tidings: no feed matches \"https://small.example/\" (give its URL or title)\n")
        let byURL = try run(["export", "--feed", folder + "/small.xml", "--format", "markdown", "--limit", "1"])
        XCTAssertEqual(byURL.stdout, "## Small Feed\n\n- [Second](<https://small.example/2>) — 2026-11-02 09:30\n")
    }

    func testClosedPipeEndsQuietlyAndRecordsNothing() throws {
        let process = try command(["export", "--new", "--state", "piped"])
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errReader = Thread.detachedRead(err.fileHandleForReading)
        let first = out.fileHandleForReading.readData(ofLength: 100)
        XCTAssertFalse(first.isEmpty)
        try out.fileHandleForReading.close()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "not killed by SIGPIPE")
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(String(decoding: errReader.wait(), as: UTF8.self), "")
        let full = try run(["export", "--new", "--state", "piped", "--format", "tsv"])
        XCTAssertEqual(full.stdout.split(separator: "\n").count, 3002, "the cut-off run advanced no state")
    }

    func testFailedWritesExitWithOneLineAndRecordNothing() throws {
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/plainfile"))
        let cannotCreate = try run(["export", "--new", "--output", folder + "/plainfile/out.txt"])
        XCTAssertEqual(cannotCreate.status, 73)
        XCTAssertEqual(cannotCreate.stdout, "")
        XCTAssertEqual(cannotCreate.stderr, "tidings: cannot create \(folder)/plainfile/out.txt: Not a directory\n")
        let full = try run(["export", "--new", "--format", "html", "--output", "/dev/full"])
        XCTAssertEqual(full.status, 74)
        XCTAssertEqual(full.stderr, "tidings: cannot write /dev/full: No space left on device\n")
        let written = try run(["export", "--new", "--format", "csv", "--output", folder + "/all.csv"])
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(written.stdout, "")
        let csv = try String(contentsOfFile: folder + "/all.csv", encoding: .utf8)
        XCTAssertEqual(csv.components(separatedBy: "\r\n").count, 1 + 3002 + 1, "header, 3002 records, final empty piece")
    }

    func testUsageErrorsAndHelp() throws {
        let since = try run(["export", "--since", "fortnight"])
        XCTAssertEqual(since.status, 2, "usage errors exit 2, as for every command")
        XCTAssertTrue(since.stderr.contains("--since takes a duration"), since.stderr)
        let state = try run(["export", "--state", "x"])
        XCTAssertEqual(state.status, 2)
        XCTAssertTrue(state.stderr.contains("--state applies only with --new"), state.stderr)
        let help = try run(["export", "--help"])
        XCTAssertEqual(help.status, 0)
        for option in ["--format", "--new", "--state", "--since", "--unread", "--starred", "--feed", "--tag", "--search",
                       "--limit", "--sort", "--output", "--template", "--refresh", "--mark-read", "Examples:", "Exit status:"] {
            XCTAssertTrue(help.stdout.contains(option), option)
        }
    }

    func testCountAndRefreshThenExport() throws {
        let count = try run(["count", "--unread"])
        XCTAssertEqual(count.status, 0)
        XCTAssertEqual(count.stdout, "3002 unread articles in 2 feeds\n")
        let marked = try run(["export", "--feed", "Small Feed", "--mark-read", "--format", "json"])
        XCTAssertEqual(marked.status, 0)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(marked.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((json["items"] as? [[String: Any]])?.compactMap { $0["title"] as? String }, ["Second", "First & foremost"])
        XCTAssertEqual(try run(["count", "--unread"]).stdout, "3000 unread articles in 1 feed\n")
        XCTAssertEqual(try run(["count", "--format", "json"]).stdout,
                       "{\"articles\":3002,\"unread\":3000,\"starred\":0,\"feeds\":2,\"feeds_with_unread\":1}\n")
        // A feed added to the list is due at once; its file is missing, so the refresh fails for it.
        let list = try String(contentsOfFile: folder + "/feeds.opml", encoding: .utf8)
        try list.replacingOccurrences(of: "</body>", with: "<outline text=\"Missing\" xmlUrl=\"missing.xml\"/></body>")
            .write(toFile: folder + "/feeds.opml", atomically: true, encoding: .utf8)
        let refreshed = try run(["export", "--refresh", "--feed", "Small Feed", "--format", "rss"])
        XCTAssertEqual(refreshed.status, 1, "a feed failed in the refresh")
        XCTAssertEqual(refreshed.stderr, "tidings: Missing: file not found or not readable\n")
        XCTAssertTrue(refreshed.stdout.contains("<title>First &amp; foremost</title>"), "the export still ran")
        XCTAssertTrue(
            refreshed.stdout.contains("<source url=\"file://\(folder)/small.xml\">Small Feed</source>"),
            "a local feed file is named by a file: URL")
    }
}
