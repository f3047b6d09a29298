import Foundation
import TestSupport
import XCTest

/// A missing feed list is not an empty one (the built binary): no command that fails or only reads
/// creates it, every command says it is missing while the database holds feeds and how to recreate
/// it (`feeds export --all`), `feeds add`/`import` refuse to create it then, and `feeds prune` refuses.
final class MissingFeedListTests: XCTestCase {
    private var files = TestFiles(folder: "")
    private let urls = (0..<3).map { "http://127.0.0.1:9/kept\($0).xml" }

    override func setUpWithError() throws {
        files = TestFiles(folder: try TemporaryFolder.make(self, prefix: "tidings-missing-list"))
        for (index, url) in urls.enumerated() {
            try run(["feeds", "add", "--no-check", url, "--title", "Kept \(index)", "--tag", "t\(index)"]).assertStatus(0)
        }
        XCTAssertEqual(unlink(files.feedList), 0)
        XCTAssertEqual(unlink(files.feedList + ".bak"), 0)
    }

    private func run(_ arguments: [String]) throws -> EndToEndRun {
        try EndToEndRun.tidings(arguments + files.arguments, testCase: self)
    }

    private var notice: String {
        "tidings: the feed list \(files.feedList) is missing, so all 3 feeds of the database are in use: "
            + "recreate it with `tidings feeds export --all > \(files.feedList).new && mv \(files.feedList).new \(files.feedList)`\n"
    }

    private func assertNoList(_ label: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(FileManager.default.fileExists(atPath: files.feedList), "\(label) created the list", file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: files.feedList + ".bak"), label, file: file, line: line)
    }

    func testFailingAndReadingCommandsLeaveTheListMissingAndSaySoOnce() throws {
        let remove = try run(["feeds", "remove", "nosuch"])
        XCTAssertEqual(remove.status, 1)
        XCTAssertEqual(remove.stderr, notice + "tidings: no feed nosuch in the feed list\n")
        assertNoList("feeds remove nosuch")

        for arguments in [["feeds", "export"], ["feeds", "list"], ["count"], ["export", "--format", "csv"]] {
            let outcome = try run(arguments)
            XCTAssertEqual(outcome.status, 0, "\(arguments): \(outcome.stderr)")
            XCTAssertEqual(outcome.stderr, notice, "\(arguments)")
            assertNoList("\(arguments)")
        }
        let count = try run(["count"])
        XCTAssertTrue(count.stdout.contains("in 3 feeds"), count.stdout)
        let list = try run(["feeds", "list"])
        XCTAssertEqual(list.stdout.split(separator: "\n").count, 3, list.stdout)
        let refresh = try run(["refresh"])
        XCTAssertEqual(refresh.status, 1)
        XCTAssertTrue(refresh.stderr.hasPrefix(notice), refresh.stderr)
        assertNoList("refresh")
    }

    func testAddAndImportRefuseToCreateTheListUntilTold() throws {
        let refusal = "tidings: the feed list \(files.feedList) is missing and the database holds 3 feeds; nothing was changed: "
            + "recreate the list with `tidings feeds export --all > \(files.feedList).new && mv \(files.feedList).new \(files.feedList)`, "
            + "or add --new-list to start a list without them\n"
        // Unreachable and unchecked alike: refused before the network, and nothing created.
        for arguments in [["feeds", "add", "http://127.0.0.1:9/unreachable.xml"], ["feeds", "add", "--no-check", "http://127.0.0.1:9/new.xml"]] {
            let add = try run(arguments)
            XCTAssertEqual(add.status, 66, add.stderr)
            XCTAssertEqual(add.stderr, refusal)
            XCTAssertEqual(add.stdout, "")
            assertNoList("\(arguments)")
        }
        let urlsFile = files.folder + "/import.urls"
        try Data("http://127.0.0.1:9/imported.xml\n".utf8).write(to: URL(fileURLWithPath: urlsFile))
        let refused = try run(["feeds", "import", urlsFile])
        XCTAssertEqual(refused.status, 66)
        XCTAssertEqual(refused.stderr, refusal)
        assertNoList("feeds import")

        let started = try run(["feeds", "add", "--no-check", "--new-list", "http://127.0.0.1:9/new.xml"])
        XCTAssertEqual(started.status, 0, started.stderr)
        XCTAssertEqual(started.stderr, "")
        let listed = try run(["feeds", "export", "--format", "urls"])
        XCTAssertEqual(listed.stdout, "http://127.0.0.1:9/new.xml\n")
        XCTAssertEqual(listed.stderr, "")
    }

    func testExportAllRecreatesTheListWithEveryStoredFeed() throws {
        let all = try run(["feeds", "export", "--all"])
        XCTAssertEqual(all.status, 0, all.stderr)
        for (index, url) in urls.enumerated() {
            XCTAssertTrue(all.stdout.contains("xmlUrl=\"\(url)\""), all.stdout)
            XCTAssertTrue(all.stdout.contains("title=\"Kept \(index)\""), all.stdout)
        }
        assertNoList("feeds export --all")
        // The advice, followed as written.
        let list = files.feedList
        let status = try SafetyWorkspace.shell(
            "'\(try TidingsBinary.url().path)' feeds export --all --feeds '\(list)' --db '\(files.database)' "
                + "--config '\(files.config)' > '\(list).new' 2>/dev/null && mv '\(list).new' '\(list)'")
        XCTAssertEqual(status, 0)
        let count = try run(["count"])
        XCTAssertEqual(count.stderr, "")
        XCTAssertTrue(count.stdout.contains("in 3 feeds"), count.stdout)
        let feeds = try run(["feeds", "list", "--json"])
        let items = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(feeds.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(items.compactMap { $0["url"] as? String }.sorted(), urls)
        XCTAssertEqual(items.compactMap { ($0["tags"] as? [String])?.first }.sorted(), ["t0", "t1", "t2"])
        // With a list that names one feed, --all adds the two it leaves out, after it.
        try run(["feeds", "remove", urls[0]]).assertStatus(0)
        try run(["feeds", "add", "--no-check", "http://127.0.0.1:9/listed.xml"]).assertStatus(0)
        let partial = try run(["feeds", "export", "--all", "--format", "urls"])
        XCTAssertEqual(partial.stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) },
                       [urls[1], urls[2], "http://127.0.0.1:9/listed.xml"])
    }

    func testPruneRefusesAMissingOrEmptyList() throws {
        let missing = try run(["feeds", "prune", "--older-than", "1s", "--dry-run"])
        XCTAssertEqual(missing.status, 66)
        XCTAssertEqual(missing.stdout, "")
        XCTAssertEqual(missing.stderr,
            "tidings: feeds prune refused: the feed list \(files.feedList) is missing; nothing was deleted: recreate the list with "
                + "`tidings feeds export --all > \(files.feedList).new && mv \(files.feedList).new \(files.feedList)`\n")
        XCTAssertEqual(try run(["feeds", "prune", "--older-than", "1s"]).status, 66)
        assertNoList("feeds prune")

        let empty = "<?xml version=\"1.0\"?><opml version=\"2.0\"><head/><body></body></opml>\n"
        try Data(empty.utf8).write(to: URL(fileURLWithPath: files.feedList))
        let nothing = try run(["feeds", "prune", "--older-than", "1s"])
        XCTAssertEqual(nothing.status, 65)
        XCTAssertEqual(nothing.stderr,
            "tidings: feeds prune refused: the feed list \(files.feedList) names no feed; nothing was deleted\n")
        XCTAssertEqual(try String(contentsOfFile: files.feedList, encoding: .utf8), empty)
        XCTAssertEqual(try run(["count"]).stdout.contains("in 0 feeds"), true)
        let stored = try run(["feeds", "list", "--all"])
        XCTAssertEqual(stored.stdout.split(separator: "\n").count, 3, stored.stdout)
    }

    func testPruneStillWorksWithAListAndAFreshInstallCreatesItsList() throws {
        let list = files.feedList
        _ = try SafetyWorkspace.shell(
            "'\(try TidingsBinary.url().path)' feeds export --all --feeds '\(list)' --db '\(files.database)' "
                + "--config '\(files.config)' > '\(list).new' 2>/dev/null && mv '\(list).new' '\(list)'")
        try run(["feeds", "remove", urls[0]]).assertStatus(0)
        try run(["feeds", "add", "--no-check", urls[0]]).assertStatus(0)
        // Unlisted by hand (not removed): prune may take it, and only it.
        let text = try String(contentsOfFile: list, encoding: .utf8)
        let kept = text.split(separator: "\n").filter { !$0.contains(urls[1]) }.joined(separator: "\n")
        try Data(kept.utf8).write(to: URL(fileURLWithPath: list))
        // A cut-off date to come: every feed out of the list is old enough, without waiting.
        let prune = try run(["feeds", "prune", "--older-than", "2999-01-01", "--dry-run"])
        XCTAssertEqual(prune.status, 0, prune.stderr)
        XCTAssertEqual(prune.stdout, "would delete Kept 1 <\(urls[1])>: 0 articles, and the feed\n")

        let fresh = TestFiles(folder: try TemporaryFolder.make(self, prefix: "tidings-fresh"))
        let added = try EndToEndRun.tidings(["feeds", "add", "--no-check", "http://127.0.0.1:9/first.xml"] + fresh.arguments, testCase: self)
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertEqual(added.stderr, "")
        XCTAssertTrue(FileManager.default.fileExists(atPath: fresh.feedList))
    }
}

extension EndToEndRun {
    fileprivate func assertStatus(_ expected: Int32, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(status, expected, stderr, file: file, line: line)
    }
}
