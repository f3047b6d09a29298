import Foundation
import TestSupport
import XCTest

/// `tidings feeds import cache.db` on a cache written by the real newsboat (Debian's package) after
/// refreshing feeds served on loopback: articles, read states and flags of listed feeds come along,
/// the cache is never changed, a second import changes nothing, and a refresh adds no copies.
final class NewsboatHistoryImportTests: FeedServerTestCase {
    private func tidings(_ arguments: [String]) throws -> EndToEndRun {
        try EndToEndRun.tidings(arguments + files.arguments, testCase: self)
    }

    private func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) throws -> EndToEndRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        return try EndToEndRun.run(process)
    }

    private func sqlite(_ database: String, _ sql: String) throws -> String {
        let result = try run("sqlite3", [database, sql])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// newsboat's cache after `newsboat -x reload` of `urls`.
    private func newsboatCache(_ urls: [String]) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/newsboat") else {
            throw XCTSkip("newsboat is not installed (make deps-test installs it)")
        }
        let home = folder + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try (urls.joined(separator: "\n") + "\n").write(toFile: home + "/urls", atomically: true, encoding: .utf8)
        try "".write(toFile: home + "/config", atomically: true, encoding: .utf8)
        let cache = home + "/cache.db"
        let reload = try run(
            "newsboat", ["-u", home + "/urls", "-c", cache, "-C", home + "/config", "-x", "reload"],
            environment: ["HOME": home, "XDG_CONFIG_HOME": home, "XDG_DATA_HOME": home])
        XCTAssertEqual(reload.status, 0, reload.stderr)
        return cache
    }

    func testCacheBringsArticlesAndMarksOnceAndIsNeverChanged() throws {
        let listed = [try server.url("/feeds/0.xml"), try server.url("/feeds/1.xml")]
        let unlisted = try server.url("/feeds/2.xml")
        let cache = try newsboatCache(listed + [unlisted])
        XCTAssertEqual(try sqlite(cache, "SELECT count(*) FROM rss_item"), "150")
        // Marks as a newsboat user leaves them: some read, some flagged s (stars), some other letters.
        _ = try sqlite(cache, """
            UPDATE rss_item SET unread = 0 WHERE id % 3 = 0;
            UPDATE rss_item SET flags = 's' WHERE id % 10 = 1;
            UPDATE rss_item SET flags = 'ab' WHERE id % 10 = 2;
            """)
        let inList = "feedurl IN ('\(listed[0])', '\(listed[1])')"
        let read = try sqlite(cache, "SELECT count(*) FROM rss_item WHERE unread = 0 AND \(inList)")
        let starred = try sqlite(cache, "SELECT count(*) FROM rss_item WHERE flags = 's' AND \(inList)")
        let tagged = try XCTUnwrap(Int(try sqlite(cache, "SELECT count(*) FROM rss_item WHERE flags = 'ab' AND \(inList)")))
        let cacheBytes = try Data(contentsOf: URL(fileURLWithPath: cache))

        try writeFeedList(listed.map { ($0, nil, nil) })
        let first = try tidings(["feeds", "import", cache])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout, "imported 100 articles of 2 feeds, \(read) marked read, \(starred) starred, 1 feeds not in the list\n")
        XCTAssertTrue(first.stderr.contains("\(unlisted) is not in the feed list; its 50 articles were not imported"), first.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: cache)), cacheBytes, "the cache is only read")

        let unread = 100 - (Int(read) ?? 0)
        let counted = "100 articles in 2 feeds (\(unread) unread, \(starred) starred)\n"
        XCTAssertEqual(try tidings(["count"]).stdout, counted)
        let export = try tidings(["export", "--format", "json"])
        XCTAssertEqual(export.status, 0, export.stderr)
        let feed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
        let items = try XCTUnwrap(feed["items"] as? [[String: Any]])
        let flagged = items.filter { ($0["tags"] as? [String]) == ["newsboat-flag-a", "newsboat-flag-b"] }
        XCTAssertEqual(flagged.count, tagged, "flag letters other than s become article tags")

        let second = try tidings(["feeds", "import", cache])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(second.stdout, "imported 0 articles of 2 feeds, 0 marked read, 0 starred, 1 feeds not in the list\n")
        XCTAssertEqual(try tidings(["count"]).stdout, counted, "a second import changes nothing")

        let refresh = try tidings(["refresh"])
        XCTAssertEqual(refresh.status, 0, refresh.stderr)
        XCTAssertEqual(try tidings(["count"]).stdout, counted, "a refresh finds the imported articles, adds no copies")
    }

    func testArticlesRefreshedBeforeGetTheMarksAndNoMarkIsTakenAway() throws {
        let listed = [try server.url("/feeds/0.xml"), try server.url("/feeds/1.xml")]
        let cache = try newsboatCache(listed)
        _ = try sqlite(cache, "UPDATE rss_item SET unread = 0 WHERE id <= 30; UPDATE rss_item SET flags = 's' WHERE id > 90;")
        try writeFeedList(listed.map { ($0, nil, nil) })
        let refresh = try tidings(["refresh"])
        XCTAssertEqual(refresh.status, 0, refresh.stderr)
        XCTAssertEqual(try tidings(["count"]).stdout, "100 articles in 2 feeds (100 unread, 0 starred)\n")

        let imported = try tidings(["feeds", "import", cache])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(imported.stdout, "imported 0 articles of 2 feeds, 30 marked read, 10 starred, 0 feeds not in the list\n")
        XCTAssertEqual(try tidings(["count"]).stdout, "100 articles in 2 feeds (70 unread, 10 starred)\n")

        // Read everything here: newsboat's unread articles never make them unread again.
        let marked = try tidings(["export", "--unread", "--mark-read", "--format", "json"])
        XCTAssertEqual(marked.status, 0, marked.stderr)
        let again = try tidings(["feeds", "import", cache])
        XCTAssertEqual(again.stdout, "imported 0 articles of 2 feeds, 0 marked read, 0 starred, 0 feeds not in the list\n")
        XCTAssertEqual(try tidings(["count"]).stdout, "100 articles in 2 feeds (0 unread, 10 starred)\n")
    }

    func testAnSQLiteFileThatIsNotNewsboatsCacheIsRefusedAndNothingChanges() throws {
        let other = folder + "/other.db"
        _ = try sqlite(other, "CREATE TABLE notes (x TEXT); INSERT INTO notes VALUES ('keep');")
        try writeFeedList([(try server.url("/feeds/0.xml"), nil, nil)])
        let list = try Data(contentsOf: URL(fileURLWithPath: files.feedList))
        let refused = try tidings(["feeds", "import", other])
        XCTAssertEqual(refused.status, 65, refused.stderr)
        XCTAssertTrue(refused.stderr.hasPrefix("tidings: cannot import \(other): it is an SQLite database but not newsboat's cache"), refused.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: files.feedList)), list)

        let damaged = folder + "/damaged.db"
        var bytes = Array("SQLite format 3\u{0}".utf8)
        var random = SplitMix(seed: 32)
        bytes += (0..<8192).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        let broken = try tidings(["feeds", "import", damaged])
        XCTAssertEqual(broken.status, 65, "random bytes of seed 32: " + broken.stderr)
        XCTAssertTrue(broken.stderr.hasPrefix("tidings: cannot import \(damaged): it cannot be read as newsboat's cache"), broken.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: damaged)), Data(bytes), "the file is only read")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: files.feedList)), list)
    }
}
