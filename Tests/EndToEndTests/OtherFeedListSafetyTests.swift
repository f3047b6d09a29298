import Foundation
import TestSupport
import XCTest

/// Data safety against another feed list: a database with read, unread and starred articles in
/// several feeds, then every command (and the reader under tmux) pointed at another feed list with
/// `--feeds`. After each one every article is still there with its marks; switching back to the first
/// list shows everything as it was. Real files, real SQLite, the built binary.
final class OtherFeedListSafetyTests: XCTestCase {
    private var folder = ""
    private var sessions: [TmuxSession] = []
    /// (feed path | article identity) -> (read, starred), as stored before the other list is used.
    private var before: [String: (read: Int, starred: Int)] = [:]
    private var cases = 0

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "tidings-safety-e2e-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        for session in sessions { session.stop() }
        sessions = []
        try? FileManager.default.removeItem(atPath: folder)
        super.tearDown()
    }

    private var database: String { folder + "/tidings.db" }
    private var mainList: String { folder + "/main.opml" }
    private var otherList: String { folder + "/other.opml" }
    private func feed(_ name: String) -> String { folder + "/\(name).xml" }

    private func tidings(_ arguments: [String], list: String) throws -> EndToEndRun {
        try EndToEndRun.tidings(
            arguments + ["--feeds", list, "--db", database, "--config", folder + "/config.toml"], testCase: self)
    }

    func testEveryCommandAgainstAnotherFeedListKeepsEveryArticleAndMark() throws {
        try makeStore()
        let a = feed("alpha"), b = feed("beta"), d = feed("delta")
        try writeFeed("epsilon", title: "Epsilon Feed", items: 1)
        try "\(feed("epsilon"))\n\(a) \"~Alpha again\"\n".write(
            toFile: folder + "/urls", atomically: true, encoding: .utf8)

        // (arguments, what else must hold for that run)
        let runs: [([String], (EndToEndRun) -> Void)] = [
            (["feeds", "list"], { run in
                XCTAssertEqual(run.status, 0, run.stderr)
                let lines = run.stdout.split(separator: "\n")
                XCTAssertEqual(lines.count, 2, run.stdout)
                XCTAssertTrue(lines.contains { $0.hasPrefix("Beta Feed\t\(b)\t2\t3\t") }, run.stdout)
                XCTAssertTrue(lines.contains { $0.hasPrefix("\t\(d)\t0\t0\tother") }, "not fetched yet")
            }),
            (["feeds", "list", "--json"], { run in
                XCTAssertEqual(run.status, 0)
                XCTAssertFalse(run.stdout.contains("Alpha"), run.stdout)
            }),
            (["feeds", "list", "--all"], { run in
                XCTAssertEqual(run.status, 0)
                XCTAssertTrue(run.stdout.contains("Alpha Feed\t\(a)\t2\t3\tnews\tnot in this list"), run.stdout)
            }),
            (["feeds", "add", feed("delta2")], { run in XCTAssertEqual(run.status, 0, run.stderr) }),
            (["feeds", "add", "--no-check", a], { run in
                XCTAssertEqual(run.status, 0, run.stderr)
                XCTAssertTrue(run.stdout.contains("kept in the database: 3 articles, 2 unread"), run.stdout)
            }),
            (["feeds", "add", b], { run in XCTAssertEqual(run.status, 1, "already listed") }),
            (["feeds", "remove", d], { run in XCTAssertEqual(run.stdout, "removed \(d)\n") }),
            (["feeds", "remove", "No Such Feed"], { run in
                XCTAssertEqual(run.status, 1)
                XCTAssertEqual(run.stderr, "tidings: no feed No Such Feed in the feed list\n")
            }),
            (["feeds", "import", folder + "/urls"], { run in
                XCTAssertEqual(run.stdout, "imported 2 feeds, 0 already listed, 0 not imported\n", run.stderr)
            }),
            (["feeds", "export"], { run in XCTAssertFalse(run.stdout.contains(a), run.stdout) }),
            (["feeds", "export", "--format", "urls"], { run in XCTAssertEqual(run.status, 0) }),
            (["feeds", "prune", "--dry-run"], { run in XCTAssertEqual(run.stdout, "", "listed a moment ago") }),
            (["feeds", "prune"], { run in XCTAssertEqual(run.stdout, "") }),
            (["refresh"], { run in XCTAssertEqual(run.status, 0, run.stderr) }),
            (["refresh", "--all", "--json"], { run in
                XCTAssertEqual(run.status, 0, run.stderr)
                XCTAssertFalse(run.stdout.contains("Alpha"), "an unlisted feed is not refreshed: \(run.stdout)")
            }),
            (["refresh", b], { run in XCTAssertEqual(run.status, 0, run.stderr) }),
            (["refresh", a], { run in
                XCTAssertEqual(run.status, 2)
                XCTAssertEqual(run.stderr, "tidings: no feed named \(a) in the feed list\n")
            }),
            (["export"], { run in
                XCTAssertEqual(run.status, 0)
                XCTAssertFalse(run.stdout.contains("Alpha"), run.stdout)
                XCTAssertTrue(run.stdout.contains("Beta item 0"), run.stdout)
            }),
            (["export", "--format", "json"], { run in XCTAssertEqual(run.status, 0) }),
            (["export", "--starred", "--format", "csv"], { run in
                XCTAssertEqual(run.stdout.split(separator: "\r\n").count, 4, "header and every starred article")
            }),
            (["export", "--feed", a], { run in
                XCTAssertEqual(run.stdout.split(separator: "\n").count, 3, "--feed reaches an unlisted feed")
            }),
            (["export", "--feed", "Alpha Feed", "--unread"], { run in
                XCTAssertEqual(run.stdout.split(separator: "\n").count, 2)
            }),
            (["export", "--new", "--mark-read"], { run in XCTAssertEqual(run.status, 0) }),
            (["count"], { run in XCTAssertEqual(run.stdout, "5 articles in 2 feeds (0 unread, 3 starred)\n") }),
            (["count", "--unread", "--format", "json"], { run in
                XCTAssertEqual(run.stdout, "{\"unread\":0,\"feeds_with_unread\":0}\n")
            }),
        ]
        for (arguments, check) in runs {
            try resetOtherList()
            let run = try tidings(arguments, list: otherList)
            check(run)
            try assertNothingLost(after: arguments.joined(separator: " "))
        }

        // The issue's own examples: the starter list (nothing fetched) and the bundled demo list.
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let starter = try tidings(["feeds", "list"], list: repository + "/Feeds/starter.opml")
        XCTAssertEqual(starter.status, 0, starter.stderr)
        try assertNothingLost(after: "feeds list --feeds Feeds/starter.opml")
        try assertNothingLost(after: "count --feeds Feeds/starter.opml") {
            XCTAssertEqual(
                try tidings(["count"], list: repository + "/Feeds/starter.opml").stdout,
                "0 articles in 18 feeds (0 unread, 3 starred)\n")
        }

        try resetOtherList()
        let reader = try startReader(list: otherList)
        let rows = try reader.waitFor(text: "Beta Feed")
        XCTAssertTrue(rows.contains { $0.hasPrefix("Starred") && $0.hasSuffix("3") }, rows.joined(separator: "\n"))
        XCTAssertFalse(rows.contains { $0.contains("Alpha Feed") }, rows.joined(separator: "\n"))
        try reader.send("j", "Enter")
        try reader.waitFor(text: "Alpha item 1")
        try reader.send("Q")
        try reader.waitFor(text: "READER-EXITED-0")
        try assertNothingLost(after: "the reader on another list")

        let demo = try startReader(list: repository + "/Feeds/demo.opml")
        try demo.waitFor(text: "All unread")
        try demo.send("Q")
        try demo.waitFor(text: "READER-EXITED-0")
        try assertNothingLost(after: "the reader on Feeds/demo.opml")

        // Back on the first list: every feed with every article; read marks only ever added.
        let back = try tidings(["feeds", "list"], list: mainList)
        XCTAssertEqual(back.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") },
                       ["Alpha Feed", "Beta Feed", "Gamma Feed"], back.stdout)
        let count = try tidings(["count"], list: mainList)
        XCTAssertTrue(count.stdout.hasPrefix("8 articles in 3 feeds ("), count.stdout)
        XCTAssertTrue(count.stdout.hasSuffix(", 3 starred)\n"), count.stdout)
        print("data-safety: \(cases) (command × another feed list) cases, nothing lost")
    }

    /// The issue's own session: two bundled feeds, then `feeds list` on the starter list.
    func testTheIssueExampleLosesNothing() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        for name in ["rss20.xml", "atom10.xml"] {
            let added = try tidings(["feeds", "add", "--no-check", "file://\(repository)/Feeds/\(name)"], list: mainList)
            XCTAssertEqual(added.status, 0, added.stderr)
        }
        XCTAssertEqual(try tidings(["refresh"], list: mainList).status, 0)
        let expected = "15 articles in 2 feeds (15 unread, 0 starred)\n"
        XCTAssertEqual(try tidings(["count"], list: mainList).stdout, expected)
        XCTAssertEqual(try tidings(["feeds", "list"], list: repository + "/Feeds/starter.opml").status, 0)
        XCTAssertEqual(try tidings(["count"], list: mainList).stdout, expected)
        XCTAssertEqual(try tidings(["refresh"], list: mainList).status, 0)
        XCTAssertEqual(try tidings(["count"], list: mainList).stdout, expected)
    }

    func testPruneDeletesOnlyLongUnlistedFeedsAndKeepsStarredArticles() throws {
        try makeStore()
        try writeFeed("epsilon", title: "Epsilon Feed", items: 1)
        XCTAssertEqual(try tidings(["feeds", "add", feed("epsilon")], list: mainList).status, 0)
        XCTAssertEqual(try tidings(["refresh"], list: mainList).status, 0)
        try resetOtherList()
        let dry = try tidings(["feeds", "prune", "--older-than", "0s", "--dry-run"], list: otherList)
        XCTAssertEqual(dry.stdout, """
            would delete Alpha Feed <\(feed("alpha"))>: 2 articles, kept 1 starred
            would delete Epsilon Feed <\(feed("epsilon"))>: 1 article, and the feed
            would delete Gamma Feed <\(feed("gamma"))>: 1 article, kept 1 starred

            """)
        try assertNothingLost(after: "feeds prune --dry-run")
        let bad = try tidings(["feeds", "prune", "--older-than", "soon"], list: otherList)
        XCTAssertEqual(bad.status, 2, bad.stderr)
        XCTAssertEqual(try tidings(["feeds", "prune"], list: otherList).stdout, "", "90 days by default")
        let pruned = try tidings(["feeds", "prune", "--older-than", "0s"], list: otherList)
        XCTAssertEqual(pruned.status, 0, pruned.stderr)
        XCTAssertEqual(try sqlite(database, "SELECT identity FROM articles WHERE starred = 1 ORDER BY 1;"),
                       "g:alpha-1\ng:beta-2\ng:gamma-0", "starred articles are never pruned")
        XCTAssertEqual(try sqlite(database, "SELECT count(*) FROM articles;"), "5")
        XCTAssertEqual(try sqlite(database, "SELECT count(*) FROM feeds WHERE url LIKE '%epsilon%';"), "0")

        // An unlisted feed is removed for good only when asked by name: with its starred articles.
        let removed = try tidings(["feeds", "remove", "Gamma Feed"], list: otherList)
        XCTAssertEqual(removed.stdout, "removed \(feed("gamma"))\n", removed.stderr)
        XCTAssertEqual(try sqlite(database, "SELECT count(*) FROM articles WHERE starred = 1;"), "2")
    }

    func testAnOldDatabaseIsUpgradedWithACopyAndAFailedUpgradeChangesNothing() throws {
        try makeStore()
        // A column the upgrade adds is there already: the upgrade fails part-way.
        _ = try sqlite(database, StoreDowngrades.toVersion2 + "ALTER TABLE feeds ADD COLUMN last_listed_at REAL;")
        let original = try Data(contentsOf: URL(fileURLWithPath: database))
        let failed = try tidings(["count"], list: mainList)
        XCTAssertEqual(failed.status, 73)
        XCTAssertEqual(failed.stdout, "")
        XCTAssertEqual(failed.stderr, """
            tidings: cannot open the database \(database): upgrading its schema from version 2 failed \
            (duplicate column name: last_listed_at); the database was left as it was, and a copy is at \
            \(database).bak-v2

            """)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: database)), original, "byte for byte")

        _ = try sqlite(database, "ALTER TABLE feeds DROP COLUMN last_listed_at;")
        let upgraded = try tidings(["count"], list: mainList)
        XCTAssertEqual(upgraded.stdout, "8 articles in 3 feeds (5 unread, 3 starred)\n", upgraded.stderr)
        XCTAssertEqual(try sqlite(database + ".bak-v2", "SELECT count(*), sum(starred) FROM articles;"), "8|3")
        XCTAssertEqual(try sqlite(database, "SELECT identifier FROM grdb_migrations ORDER BY 1;"),
                       "v1\nv10-body-dictionaries\nv11-article-url-hash\nv12-compact-store\nv13-feed-counts\nv14-search-merge-16\nv15-sync\nv16-downloads\nv17-full-text\nv18-canonical-link\nv2\nv20-played\nv21-podcast\nv3-feed-subscription\nv4-ignored-articles\nv5-search-text\nv6-compact-search\n"
                        + "v7-title-sort\nv8-feed-list-scopes\nv9-search-body-first")
        try assertNothingLost(after: "the upgrade")
    }

    // MARK: Support

    /// Four local feeds; the first list names alpha, beta, gamma, which are refreshed and marked:
    /// read alpha-0, beta-1, gamma-1; starred alpha-1, beta-2, gamma-0.
    private func makeStore() throws {
        try writeFeed("alpha", title: "Alpha Feed", items: 3)
        try writeFeed("beta", title: "Beta Feed", items: 3)
        try writeFeed("gamma", title: "Gamma Feed", items: 2)
        try writeFeed("delta", title: "Delta Feed", items: 2)
        try writeFeed("delta2", title: "Delta Two", items: 1)
        try writeList(mainList, [("alpha", "news"), ("beta", "news"), ("gamma", nil)])
        let refresh = try tidings(["refresh", "--all"], list: mainList)
        XCTAssertEqual(refresh.status, 0, refresh.stderr)
        _ = try sqlite(database, """
            UPDATE articles SET read = 1 WHERE identity IN ('g:alpha-0', 'g:beta-1', 'g:gamma-1');
            UPDATE articles SET starred = 1 WHERE identity IN ('g:alpha-1', 'g:beta-2', 'g:gamma-0');
            """)
        before = try marks()
        XCTAssertEqual(before.count, 8)
        XCTAssertEqual(before.values.filter { $0.starred == 1 }.count, 3)
        XCTAssertEqual(try tidings(["count"], list: mainList).stdout, "8 articles in 3 feeds (5 unread, 3 starred)\n")
    }

    /// The other list: beta (shared with the first list) and delta (its own).
    private func resetOtherList() throws {
        try writeList(otherList, [("beta", nil), ("delta", "other")])
    }

    private func writeList(_ path: String, _ feeds: [(name: String, folder: String?)]) throws {
        var body = ""
        for (name, folder) in feeds {
            let outline = "<outline type=\"rss\" text=\"\(feed(name))\" xmlUrl=\"\(feed(name))\"/>"
            body += folder.map { "<outline text=\"\($0)\">\(outline)</outline>\n" } ?? outline + "\n"
        }
        try "<?xml version=\"1.0\"?>\n<opml version=\"2.0\"><head><title>T</title></head><body>\n\(body)</body></opml>\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
    }

    private func writeFeed(_ name: String, title: String, items: Int) throws {
        let short = title.replacingOccurrences(of: " Feed", with: "")
        var text = "<rss version=\"2.0\"><channel><title>\(title)</title><link>https://x.example/</link>"
        for i in 0..<items {
            text += "<item><guid>\(name)-\(i)</guid><title>\(short) item \(i)</title>"
                + "<pubDate>Mon, 0\(i + 1) Jan 2024 10:00:00 GMT</pubDate></item>"
        }
        try (text + "</channel></rss>").write(toFile: feed(name), atomically: true, encoding: .utf8)
    }

    private func marks() throws -> [String: (read: Int, starred: Int)] {
        let rows = try sqlite(database, """
            SELECT f.url || ' ' || a.identity, a.read, a.starred FROM articles a JOIN feeds f ON f.id = a.feed_id;
            """)
        var marks: [String: (read: Int, starred: Int)] = [:]
        for row in rows.split(separator: "\n") {
            let fields = row.split(separator: "|").map(String.init)
            guard fields.count == 3 else { continue }
            marks[fields[0]] = (Int(fields[1]) ?? -1, Int(fields[2]) ?? -1)
        }
        return marks
    }

    /// Every article stored before the other list was used is still there, and no read or starred
    /// mark it had is gone.
    private func assertNothingLost(
        after what: String, _ body: () throws -> Void = {}, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try body()
        cases += 1
        let now = try marks()
        for (key, mark) in before {
            guard let current = now[key] else {
                XCTFail("after \(what): article \(key) is gone", file: file, line: line)
                continue
            }
            XCTAssertGreaterThanOrEqual(current.read, mark.read, "after \(what): \(key) lost its read mark",
                                        file: file, line: line)
            XCTAssertEqual(current.starred, mark.starred, "after \(what): \(key) lost its star", file: file, line: line)
        }
    }

    private func startReader(list: String) throws -> TmuxSession {
        let binary = try EndToEndRun.binary(testCase: self).path
        let command = "'\(binary)' --feeds '\(list)' --db '\(database)' --config '\(folder)/config.toml';"
            + " echo READER-EXITED-$?; sleep 600"
        let session = try TmuxSession(command: command, width: 100, height: 30)
        sessions.append(session)
        try session.waitFor(text: "All unread")
        return session
    }

    private func sqlite(_ path: String, _ sql: String) throws -> String {
        try SQLiteShell.run(path, sql)
    }
}
