import Foundation
import TestSupport
import XCTest

/// Concurrent writers of one feed list (the built binary, many processes at once): each takes the
/// list's lock, reads the list again and applies its one change, so that every change lands and every
/// command says the truth about it.
final class FeedListLockTests: XCTestCase {
    /// Starts every command at once (each `tidings ARGS` plus the files' arguments, but `--feeds` when
    /// ARGS has its own) and waits for all.
    private func runTogether(_ commands: [[String]], files: TestFiles) throws -> [EndToEndRun] {
        let processes = try commands.enumerated().map { index, arguments in
            let own = arguments.contains("--feeds") ? Array(files.arguments.dropFirst(2)) : files.arguments
            return try TidingsBinary.start(arguments + own, folder: files.folder, name: "run-\(index)")
        }
        return processes.enumerated().map { index, process in
            process.waitUntilExit()
            let read = { (suffix: String) in
                (try? String(contentsOfFile: files.folder + "/run-\(index).\(suffix)", encoding: .utf8)) ?? ""
            }
            return EndToEndRun(status: process.terminationStatus, stdout: read("out"), stderr: read("err"))
        }
    }

    /// The feed URLs the list names now, as `feeds export --format urls` prints them.
    private func listed(_ files: TestFiles) throws -> [String] {
        let export = try EndToEndRun.tidings(["feeds", "export", "--format", "urls"] + files.arguments, testCase: self)
        XCTAssertEqual(export.status, 0, export.stderr)
        return export.stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
    }

    private func start(_ round: Int, feeds: [String]) throws -> TestFiles {
        let files = TestFiles(folder: try TemporaryFolder.make(self, prefix: "tidings-lock-\(round)"))
        for url in feeds {
            let added = try EndToEndRun.tidings(["feeds", "add", "--no-check", url] + files.arguments, testCase: self)
            XCTAssertEqual(added.status, 0, added.stderr)
        }
        return files
    }

    func testTwentyConcurrentAddsOfDifferentFeedsAllLandAndAllSayAdded() throws {
        for round in 0..<3 {
            let files = try start(round, feeds: ["http://127.0.0.1:9/first.xml"])
            let urls = (0..<20).map { "http://127.0.0.1:9/round\(round)-feed\($0).xml" }
            let runs = try runTogether(urls.map { ["feeds", "add", "--no-check", $0] }, files: files)
            for (url, run) in zip(urls, runs) {
                XCTAssertEqual(run.status, 0, "round \(round), \(url): \(run.stderr)")
                XCTAssertEqual(run.stdout, "added \(url) <\(url)>\n", "round \(round)")
                XCTAssertEqual(run.stderr, "", "round \(round)")
            }
            XCTAssertEqual(Set(try listed(files)), Set(urls + ["http://127.0.0.1:9/first.xml"]), "round \(round)")
            let count = try EndToEndRun.tidings(["count"] + files.arguments, testCase: self)
            XCTAssertTrue(count.stdout.contains("in 21 feeds"), "round \(round): \(count.stdout)")
        }
    }

    func testTheSameFeedAddedTenTimesAtOnceIsAddedOnceAndNineSayAlreadyListed() throws {
        for round in 0..<2 {
            let files = try start(round, feeds: ["http://127.0.0.1:9/first.xml"])
            let url = "http://127.0.0.1:9/same-\(round).xml"
            let runs = try runTogether(Array(repeating: ["feeds", "add", "--no-check", url], count: 10), files: files)
            XCTAssertEqual(runs.filter { $0.status == 0 && $0.stdout == "added \(url) <\(url)>\n" }.count, 1, "\(runs)")
            XCTAssertEqual(runs.filter { $0.status == 1 && $0.stderr == "tidings: feed already in the list: \(url)\n" }.count, 9)
            XCTAssertEqual(try listed(files).sorted(), ["http://127.0.0.1:9/first.xml", url].sorted())
        }
    }

    func testAddsRemovesAndImportsAtOnceEachKeepTheirChange() throws {
        for round in 0..<3 {
            let kept = (0..<4).map { "http://127.0.0.1:9/kept\($0).xml" }
            let doomed = (0..<6).map { "http://127.0.0.1:9/doomed\($0).xml" }
            let files = try start(round, feeds: kept + doomed)
            let added = (0..<6).map { "http://127.0.0.1:9/added\($0).xml" }
            var imported: [String] = []
            // Interleaved: an add, a remove, an add, a remove..., the imports among them.
            var commands = zip(added, doomed).flatMap { [["feeds", "add", "--no-check", $0], ["feeds", "remove", $1]] }
            for batch in 0..<4 {
                let urls = (0..<3).map { "http://127.0.0.1:9/imported\(batch)-\($0).xml" }
                let path = files.folder + "/import-\(batch).urls"
                try Data(urls.map { $0 + " \"~Imported \(batch)\"\n" }.joined().utf8).write(to: URL(fileURLWithPath: path))
                imported += urls
                commands.insert(["feeds", "import", path], at: batch * 3)
            }
            let runs = try runTogether(commands, files: files)
            for run in runs { XCTAssertEqual(run.status, 0, "round \(round): \(run.stdout) \(run.stderr)") }
            XCTAssertEqual(runs.filter { $0.stdout.hasPrefix("removed ") }.count, doomed.count)
            XCTAssertEqual(runs.filter { $0.stdout.hasSuffix("imported 3 feeds, 0 already listed, 0 not imported\n") }.count, 4)
            XCTAssertEqual(Set(try listed(files)), Set(kept + added + imported), "round \(round)")
            let all = try EndToEndRun.tidings(["feeds", "list", "--all", "--json"] + files.arguments, testCase: self)
            let items = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [[String: Any]])
            XCTAssertEqual(Set(items.compactMap { $0["url"] as? String }), Set(kept + added + imported), "round \(round)")
        }
    }

    /// The lock file stays beside the file a linked list ends at, so two links to one list share it.
    func testTheLockSitsBesideTheListALinkPointsTo() throws {
        let files = TestFiles(folder: try TemporaryFolder.make(self, prefix: "tidings-lock-link"))
        let dotfiles = files.folder + "/dotfiles"
        try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
        XCTAssertEqual(symlink(dotfiles + "/feeds.opml", files.feedList), 0)
        let urls = (0..<8).map { "http://127.0.0.1:9/linked\($0).xml" }
        var commands = urls.map { ["feeds", "add", "--no-check", $0] }
        // Half of them through a second link to the same list.
        let other = files.folder + "/other-link.opml"
        XCTAssertEqual(symlink(dotfiles + "/feeds.opml", other), 0)
        try EndToEndRun.tidings(["feeds", "add", "--no-check", "http://127.0.0.1:9/seed.xml"] + files.arguments, testCase: self)
            .assertSucceeded()
        for index in stride(from: 0, to: commands.count, by: 2) { commands[index] += ["--feeds", other] }
        for run in try runTogether(commands, files: files) { XCTAssertEqual(run.status, 0, run.stderr) }
        XCTAssertEqual(Set(try listed(files)), Set(urls + ["http://127.0.0.1:9/seed.xml"]))
        XCTAssertTrue(FileManager.default.fileExists(atPath: dotfiles + "/feeds.opml.lock"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: files.feedList + ".lock"))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: files.feedList), dotfiles + "/feeds.opml")
    }
}

extension EndToEndRun {
    fileprivate func assertSucceeded(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(status, 0, stderr, file: file, line: line)
    }
}
