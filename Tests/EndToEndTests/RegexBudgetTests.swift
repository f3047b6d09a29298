import FeedStore
import Foundation
import TestSupport
import XCTest

/// Regular expressions with catastrophic backtracking, and regexes or queries too large to compile,
/// in `[[ignore]]` rules and `--query`, over 1,050 stored articles: each command ends promptly with one
/// line naming the rule (78) or the query (2), the refresh lock is free and nothing stored changed.
final class RegexBudgetTests: XCTestCase {
    private var folder = ""
    private var files: TestFiles { TestFiles(folder: folder) }
    private let catastrophic = "(?i)^(([a-z ]+)+)+[0-9]$"

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = try TemporaryFolder.make(self, prefix: "tidings-regex")
        // A local feed of 1,050 articles whose titles make the pattern backtrack: letters and spaces,
        // no digit at the end.
        let items = (0..<1_050).map { index in
            let letter = String(UnicodeScalar(UInt8(97 + index % 26)))
            return ("id-\(index)", "the quick brown fox jumps over the lazy dog again and again \(letter)x")
        }
        let feed = folder + "/feed.xml"
        try rssDocument(title: "Slow titles", items: items).write(toFile: feed, atomically: true, encoding: .utf8)
        try FeedListText.opml([(feed, "slow", nil)]).write(toFile: files.feedList, atomically: true, encoding: .utf8)
        let first = try run(["refresh"], name: "first")
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(try FeedStore(path: files.database).counts().articles, 1_050)
    }

    private func run(_ arguments: [String], name: String, file: StaticString = #filePath, line: UInt = #line)
        throws -> EndToEndRun
    {
        let start = Date()
        let result = try TidingsBinary.run(arguments + files.arguments, folder: folder, name: name)
        XCTAssertLessThanOrEqual(Date().timeIntervalSince(start), 10, "\(arguments) finished promptly", file: file, line: line)
        return result
    }

    private func writeConfig(_ text: String) throws {
        try text.write(toFile: files.config, atomically: true, encoding: .utf8)
    }

    private func assertNothingHidden(file: StaticString = #filePath, line: UInt = #line) throws {
        try? FileManager.default.removeItem(atPath: files.config)
        let count = try run(["count"], name: "count-after", file: file, line: line)
        XCTAssertEqual(count.stdout, "1050 articles in 1 feed (1050 unread, 0 starred)\n", count.stderr, file: file, line: line)
        let lock = open(files.refreshLock, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        defer { close(lock) }
        XCTAssertEqual(flock(lock, LOCK_EX | LOCK_NB), 0, "the refresh lock is free", file: file, line: line)
    }

    func testABacktrackingIgnoreRuleIsAConfigErrorNamingTheRule() throws {
        try writeConfig("""
            [[ignore]]
            query = 'title =~ "sponsored"'

            [[ignore]]
            query = 'title =~ "\(catastrophic)"'
            """)
        for command in [["refresh", "--all"], ["count"], ["export"]] {
            let result = try run(command, name: command.joined(separator: "-"))
            XCTAssertEqual(result.status, 78, "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("tidings: config \(files.config): [[ignore]] 2 ("), result.stderr)
            XCTAssertTrue(result.stderr.contains("needs too much backtracking"), result.stderr)
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line")
        }
        try assertNothingHidden()
    }

    func testABacktrackingQueryIsAUsageErrorNamingThePattern() throws {
        for command in [["count"], ["export"]] {
            let result = try run(command + ["--query", "title =~ \"\(catastrophic)\""], name: command[0])
            XCTAssertEqual(result.status, 2, "\(command): \(result.stderr)")
            XCTAssertEqual(
                result.stderr,
                "tidings: query: the regular expression \"\(catastrophic)\" needs too much backtracking "
                    + "(nested quantifiers such as (a+)+); simplify it\n")
            XCTAssertEqual(result.stdout, "")
        }
        try assertNothingHidden()
    }

    func testARegexTooLargeToCompileIsAConfigErrorNamingTheRuleInOneShortLine() throws {
        let huge = (0..<135_000).map { "w\($0)" }.joined(separator: "|")
        XCTAssertGreaterThan(huge.utf8.count, 900_000)
        try writeConfig("[[ignore]]\nquery = 'title =~ \"(\(huge))x\"'\n")
        let result = try run(["refresh", "--all"], name: "huge")
        XCTAssertEqual(result.status, 78, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("tidings: config \(files.config): [[ignore]] 1 ("), result.stderr)
        XCTAssertTrue(result.stderr.contains("invalid regular expression"), result.stderr)
        XCTAssertLessThan(result.stderr.count, 600, "the pattern is not quoted whole")
        try assertNothingHidden()
    }

    func testAQueryTooLargeForSQLiteIsRefusedNamingTheRule() throws {
        let query = (0..<2_000).map { "title = \"t\($0)\"" }.joined(separator: " or ")
        try writeConfig("[[ignore]]\nquery = '\(query)'\n")
        let result = try run(["count"], name: "deep")
        XCTAssertEqual(result.status, 78, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("tidings: config \(files.config): [[ignore]] 1 ("), result.stderr)
        XCTAssertTrue(result.stderr.contains("the query is too large"), result.stderr)
        XCTAssertFalse(result.stderr.contains("Expression tree"), result.stderr)
        try assertNothingHidden()
    }

    func testALiteralPatternOfManyAlternativesStillWorks() throws {
        let words = (0..<2_000).map { "word\($0)" } + ["lazy dog"]
        try writeConfig("[[ignore]]\nquery = 'title =~ \"\(words.joined(separator: "|"))\"'\n")
        let result = try run(["count"], name: "many")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "0 articles in 1 feed (0 unread, 0 starred)\n")
    }
}
