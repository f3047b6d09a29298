import Foundation
import TestSupport
import XCTest

/// The built binary with `--query`, `--include-ignored` and the config's `[[ignore]]` rules, on a
/// database filled by `tidings refresh` from local feed files.
final class QueryCommandTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "tidings-query-e2e-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Dev News</title><link>https://dev.example/</link>
            <item><title>Swift 6 released</title><link>https://dev.example/1</link><guid>https://dev.example/1</guid>
            <description>Strict concurrency</description><pubDate>Sun, 01 Nov 2026 08:00:00 GMT</pubDate></item>
            <item><title>Sponsored: buy our thing</title><link>https://dev.example/2</link><guid>https://dev.example/2</guid>
            <pubDate>Mon, 02 Nov 2026 09:30:00 GMT</pubDate></item>
            <item><title>Rust notes</title><link>https://dev.example/3</link><guid>https://dev.example/3</guid>
            <description>About crypto</description><pubDate>Tue, 03 Nov 2026 10:00:00 GMT</pubDate></item>
            </channel></rss>
            """.write(toFile: folder + "/dev.xml", atomically: true, encoding: .utf8)
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Podcast</title><link>https://cast.example/</link>
            <item><title>Episode 1</title><link>https://cast.example/1</link><guid>https://cast.example/1</guid>
            <enclosure url="https://cast.example/1.mp3" type="audio/mpeg" length="1"/>
            <pubDate>Sun, 01 Nov 2026 12:00:00 GMT</pubDate></item>
            </channel></rss>
            """.write(toFile: folder + "/cast.xml", atomically: true, encoding: .utf8)
        try """
            <?xml version="1.0"?><opml version="2.0"><head/><body>
            <outline text="dev"><outline text="Dev News" xmlUrl="dev.xml"/></outline>
            <outline text="Podcast" xmlUrl="cast.xml"/>
            </body></opml>
            """.write(toFile: folder + "/feeds.opml", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func config(_ text: String) throws {
        try text.write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
    }

    private func run(_ arguments: [String]) throws -> EndToEndRun {
        try EndToEndRun.tidings(
            arguments + ["--feeds", folder + "/feeds.opml", "--db", folder + "/t.db", "--config", folder + "/config.toml"],
            testCase: self, environment: ["TZ": "UTC"])
    }

    private func titles(_ arguments: [String]) throws -> [String] {
        let result = try run(["export", "--format", "csv"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.split(whereSeparator: \.isNewline).dropFirst().map { line in
            String(line.split(separator: ",", omittingEmptySubsequences: false)[3])
        }
    }

    func testExportAndCountWithQuery() throws {
        XCTAssertEqual(try run(["refresh", "--all"]).status, 0)
        XCTAssertEqual(try titles(["--query", "title contains swift or enclosure = \"audio/mpeg\""]),
                       ["Episode 1", "Swift 6 released"])
        XCTAssertEqual(try titles(["--query", "tag = dev and date between 2026-11-02 and 2026-11-03"]),
                       ["Rust notes", "Sponsored: buy our thing"])
        XCTAssertEqual(try titles(["--query", "feed =~ \"^Pod\"", "--unread"]), ["Episode 1"])
        let count = try run(["count", "--query", "tag = dev"])
        XCTAssertEqual(count.stdout, "3 articles match (3 unread, 0 starred)\n")
        let json = try run(["count", "--query", "tag = dev and content contains crypto", "--format", "json"])
        XCTAssertEqual(json.stdout, "{\"articles\":1,\"unread\":1,\"starred\":0}\n")
    }

    func testBadQueryIsOneLineWithTheColumn() throws {
        XCTAssertEqual(try run(["refresh", "--all"]).status, 0)
        let export = try run(["export", "--query", "unread and title = "])
        XCTAssertEqual(export.status, 2)
        XCTAssertEqual(export.stdout, "")
        XCTAssertEqual(export.stderr, "tidings: query: column 20: expected a value after \"=\"\n")
        let count = try run(["count", "--query", "title =~ \"(\""])
        XCTAssertEqual(count.status, 2)
        XCTAssertTrue(
            count.stderr.hasPrefix("tidings: query: column 10: invalid regular expression \"(\": missing closing parenthesis"),
            count.stderr)
    }

    func testInjectionAttemptsMatchNothingAndChangeNothing() throws {
        XCTAssertEqual(try run(["refresh", "--all"]).status, 0)
        for value in ["'; DROP TABLE articles; --", "\\\"; DROP TABLE articles; --", "x' OR '1'='1"] {
            XCTAssertEqual(try titles(["--query", "title = \"\(value)\" or feed = \"\(value)\""]), [], value)
            XCTAssertEqual(try run(["count", "--query", "title contains \"\(value)\""]).status, 0, value)
        }
        XCTAssertEqual(try run(["count"]).stdout, "4 articles in 2 feeds (4 unread, 0 starred)\n")
    }

    func testIgnoreRulesHideAtRefreshAndAWrongRuleCanBeFixed() throws {
        try config("""
            [[ignore]]
            query = "title =~ \\"^Sponsored\\""

            [[ignore]]
            query = "content contains crypto"
            tag = "dev"
            """)
        XCTAssertEqual(try run(["refresh", "--all"]).status, 0)
        XCTAssertEqual(try titles([]), ["Episode 1", "Swift 6 released"])
        XCTAssertEqual(try titles(["--include-ignored"]).count, 4)
        XCTAssertEqual(try run(["count"]).stdout, "2 articles in 2 feeds (2 unread, 0 starred)\n")
        XCTAssertEqual(try run(["count", "--include-ignored"]).stdout, "4 articles in 2 feeds (4 unread, 0 starred)\n")
        XCTAssertEqual(try run(["count", "--query", "tag = dev", "--include-ignored"]).stdout,
                       "3 articles match (3 unread, 0 starred)\n")

        // Fixing the rule brings the articles back without a refresh: nothing was deleted.
        try config("""
            [[ignore]]
            query = "title =~ \\"^Sponsored\\""
            """)
        XCTAssertEqual(try titles([]), ["Rust notes", "Episode 1", "Swift 6 released"])
        try config("")
        XCTAssertEqual(try titles([]).count, 4)
    }

    func testBadRuleExits78NamingFileRuleAndColumn() throws {
        try config("""
            [[ignore]]
            query = "unread"

            [[ignore]]
            query = "title =~"
            """)
        let result = try run(["count"])
        XCTAssertEqual(result.status, 78)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "tidings: config \(folder)/config.toml: [[ignore]] 2 (title =~): "
            + "query: column 9: expected a value after \"=~\"\n")
        let export = try run(["export"])
        XCTAssertEqual(export.status, 78)
        try config("""
            [[query]]
            name = "Bad"
            query = "age < soon"
            """)
        let query = try run(["refresh"])
        XCTAssertEqual(query.status, 78)
        XCTAssertTrue(query.stderr.contains("[[query]] 1 \"Bad\" (age < soon): query: column 7:"), query.stderr)
    }
}
