import Foundation
import TestSupport
import XCTest

/// The data-safety suite: a store with read, unread and starred articles in several feeds (real feed
/// files from Feeds/, a real SQLite database), then every command of the built binary against
/// malformed feed lists, an unwritable database folder, a read-only feed list, writes that fail part
/// way and a refresh lock held by another process. After each (command × input) case: every article
/// and every read and star mark is still there, the feed list is byte-identical wherever the command
/// failed, the error is one line, and the exit status is the documented one. Each case starts from a
/// fresh copy of the same store, and failures name the case.
final class DataSafetyTests: XCTestCase {
    private var workspace: SafetyWorkspace!

    override func setUpWithError() throws {
        workspace = try SafetyWorkspace(self)
    }

    /// Every command against every malformed feed list: the list-reading commands exit 65 with one
    /// line naming the list, the others are unaffected, and nothing changes.
    func testMalformedFeedListsChangeNothing() throws {
        let lists = try workspace.malformedLists()
        var cases = 0
        var seconds: [String: Double] = [:]
        for (name, bytes) in lists {
            for command in SafetyCommand.all(workspace) {
                try workspace.reset(list: bytes)
                let start = Date()
                let outcome = try workspace.run(command)
                seconds[command.name, default: 0] += Date().timeIntervalSince(start)
                let label = "\(command.name) × \(name)"
                let expected: Int32 = command.readsList ? 65 : command.successStatus
                XCTAssertEqual(outcome.status, expected, "\(label): \(outcome.stderr)")
                if command.readsList {
                    workspace.assertOneLine(outcome, mentioning: workspace.feedList, label)
                }
                try workspace.assertNothingLost(label)
                XCTAssertEqual(try workspace.listBytes(), bytes, "\(label): the feed list changed")
                cases += 1
            }
        }
        print("data safety: \(cases) malformed-list cases; seconds per command: \(seconds.mapValues { ($0 * 10).rounded() / 10 })")
    }

    /// A UTF-16 feed list with a byte order mark is valid XML: every command works on it, and a list
    /// rewritten as UTF-8 keeps every feed.
    func testUTF16FeedListWorksAndSurvivesRewriting() throws {
        let utf16 = try workspace.utf16List()
        for command in SafetyCommand.all(workspace) {
            try workspace.reset(list: utf16)
            let outcome = try workspace.run(command)
            let label = "\(command.name) × UTF-16"
            XCTAssertEqual(outcome.status, command.successStatus, "\(label): \(outcome.stderr)")
            try workspace.assertNothingLost(label)
            let after = try workspace.listBytes()
            if after != utf16 {
                let text = String(decoding: after, as: UTF8.self)
                for url in workspace.markedFeedURLs { XCTAssertTrue(text.contains(url), "\(label): \(url) lost") }
                XCTAssertEqual(try workspace.listBytes(backup: true), utf16, "\(label): the .bak is not the old list")
                let relisted = try workspace.run(.init(name: "feeds list", arguments: ["feeds", "list"]))
                XCTAssertEqual(relisted.status, 0, "\(label): rewritten list unreadable: \(relisted.stderr)")
            }
        }
    }

    /// A read-only feed list, an unwritable database folder, and a second process holding the refresh
    /// lock.
    func testReadOnlyListUnwritableDatabaseFolderAndHeldLock() throws {
        var cases = 0
        // The feed list made read-only: commands that would rewrite it exit 73, the rest work.
        for command in SafetyCommand.all(workspace) {
            try workspace.reset(list: workspace.goodList)
            chmod(workspace.feedList, 0o444)
            let outcome = try workspace.run(command)
            chmod(workspace.feedList, 0o644)
            let label = "\(command.name) × read-only list"
            let expected: Int32 = command.rewritesList ? 73 : command.successStatus
            XCTAssertEqual(outcome.status, expected, "\(label): \(outcome.stderr)")
            if command.rewritesList { workspace.assertOneLine(outcome, mentioning: workspace.feedList, label) }
            try workspace.assertNothingLost(label)
            XCTAssertEqual(try workspace.listBytes(), workspace.goodList, "\(label): the feed list changed")
            cases += 1
        }
        // The database's folder made unwritable: SQLite cannot create its journal there, so every
        // command that opens the database exits 73 (parse does not open it).
        for command in SafetyCommand.all(workspace) {
            try workspace.reset(list: workspace.goodList)
            guard try workspace.lockDatabaseFolder(true) else {
                print("data safety: cannot make a folder unwritable here; skipping those cases")
                break
            }
            let outcome = try workspace.run(command)
            _ = try workspace.lockDatabaseFolder(false)
            let label = "\(command.name) × unwritable database folder"
            let expected: Int32 = command.opensDatabase ? 73 : command.successStatus
            XCTAssertEqual(outcome.status, expected, "\(label): \(outcome.stderr)")
            if command.opensDatabase { workspace.assertOneLine(outcome, mentioning: workspace.database, label) }
            try workspace.assertNothingLost(label)
            XCTAssertEqual(try workspace.listBytes(), workspace.goodList, "\(label): the feed list changed")
            cases += 1
        }
        // Another process holds the refresh lock: refresh exits 75, everything else goes on.
        for command in SafetyCommand.all(workspace) {
            try workspace.reset(list: workspace.goodList)
            let holder = try workspace.holdRefreshLock()
            let outcome = try workspace.run(command)
            holder.release()
            let label = "\(command.name) × refresh lock held"
            let expected: Int32 = command.name == "refresh" ? 75 : command.successStatus
            XCTAssertEqual(outcome.status, expected, "\(label): \(outcome.stderr)")
            try workspace.assertNothingLost(label)
            cases += 1
        }
        print("data safety: \(cases) read-only, unwritable and locked cases")
    }

    /// Writes that fail part way: a file size limit of zero (`ulimit -f 0`, SIGXFSZ ignored) for every
    /// command, and standard output on /dev/full for those that print. Exit 73 or 74 (or 0 for one
    /// that writes nothing), one line, nothing lost, the list intact.
    func testWritesThatFailPartWay() throws {
        var cases = 0
        for command in SafetyCommand.all(workspace) where command.name != "reader" {
            try workspace.reset(list: workspace.goodList)
            let outcome = try workspace.run(command, shellPrefix: "trap '' XFSZ; ulimit -f 0;")
            let label = "\(command.name) × ulimit -f 0"
            XCTAssertTrue([command.successStatus, 73, 74].contains(outcome.status), "\(label): \(outcome.status) \(outcome.stderr)")
            if outcome.status != 0 { workspace.assertOneLine(outcome, mentioning: nil, label) }
            try workspace.assertNothingLost(label)
            if outcome.status != command.successStatus || command.name.hasPrefix("parse") {
                XCTAssertEqual(try workspace.listBytes(), workspace.goodList, "\(label): the feed list changed")
            }
            cases += 1
        }
        // A limit the database lives with but a 100 KB feed list does not: the list's rewrite fails part
        // way through (dash counts 512-byte blocks: 48 KB), after the store was already synchronised.
        // The store's own write (the feeds the list names) must fit in 48 KB of log, three 16 KB pages:
        // the baseline is compacted first, as a store with free pages writes the free-list pages too.
        let bigList = workspace.paddedList(bytes: 100 << 10)
        for command in SafetyCommand.all(workspace) where command.name != "reader" {
            try workspace.reset(list: bigList)
            _ = try SafetyWorkspace.shell("sqlite3 '\(workspace.database)' 'VACUUM;'")
            let outcome = try workspace.run(command, shellPrefix: "trap '' XFSZ; ulimit -f 96;")
            let label = "\(command.name) × ulimit -f 96 (list write fails part way)"
            if command.rewritesList {
                XCTAssertEqual(outcome.status, 73, "\(label): \(outcome.stderr)")
                XCTAssertTrue(outcome.stderr.contains("File too large"), "\(label): \(outcome.stderr)")
            } else {
                XCTAssertTrue([command.successStatus, 1, 73, 74].contains(outcome.status), "\(label): \(outcome.status) \(outcome.stderr)")
            }
            if outcome.status != 0 && !command.name.hasPrefix("refresh") { workspace.assertOneLine(outcome, mentioning: nil, label) }
            try workspace.assertNothingLost(label)
            if command.rewritesList || outcome.status != command.successStatus {
                XCTAssertEqual(try workspace.listBytes(), bigList, "\(label): the feed list changed")
            }
            cases += 1
        }
        for command in SafetyCommand.all(workspace) where command.printsOutput {
            try workspace.reset(list: workspace.goodList)
            let outcome = try workspace.run(command, shellPrefix: "exec >/dev/full;")
            let label = "\(command.name) × stdout on /dev/full"
            XCTAssertEqual(outcome.status, 74, "\(label): \(outcome.stderr)")
            workspace.assertOneLine(outcome, mentioning: nil, label)
            try workspace.assertNothingLost(label)
            XCTAssertEqual(try workspace.listBytes(), workspace.goodList, "\(label): the feed list changed")
            cases += 1
        }
        print("data safety: \(cases) failing-write cases")
    }
}
