import Foundation
import TestSupport
import XCTest

/// The database's refusals and clean-ups (issue 28, classes 8, 9 and 10): a store a newer Tidings
/// made is refused by every command (73, one line naming it and its schema) and left byte-identical;
/// a database or companion that is a FIFO is refused at once (66) instead of blocking or calling it
/// an I/O error; a shared-memory file this account cannot write is named; and the leftovers of a
/// killed schema upgrade or export are removed by the next command, never those of a live process.
final class StoreRefusalTests: XCTestCase {
    private var workspace: SafetyWorkspace!

    override func setUpWithError() throws {
        workspace = try SafetyWorkspace(self)
    }

    /// Put before the command: kills it after 20 s (`sh` drops the `exec` word `run` puts first).
    private static let deadline = "exec timeout -s KILL 20 sh -c 'shift; exec \"$@\"' tidings"

    private func data(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// Runs tidings with `arguments` on the workspace's files, killed after 20 s so a hang fails the
    /// test instead of stopping the suite.
    private func run(_ arguments: [String]) throws -> SafetyWorkspace.Outcome {
        try workspace.run(
            SafetyCommand(name: arguments.joined(separator: " "), arguments: arguments), shellPrefix: Self.deadline)
    }

    func testAStoreFromANewerTidingsIsRefusedAndLeftAsItWas() throws {
        for (label, sql, schema) in [
            ("unknown migration and user_version 99",
             "INSERT INTO grdb_migrations VALUES ('v99-from-the-future'); PRAGMA user_version = 99;", "schema 99"),
            ("unknown migration only", "INSERT INTO grdb_migrations VALUES ('v15-not-yet-written');", "schema "),
            ("user_version only", "PRAGMA user_version = 40;", "schema 40"),
        ] {
            try workspace.reset(list: workspace.goodList)
            try SafetyWorkspace.shell("sqlite3 '\(workspace.database)' \"\(sql)\"")
            let before = try data(workspace.database)
            for arguments in [
                ["count"], ["export", "--format", "csv"], ["feeds", "list"], ["refresh", "--all"],
                ["feeds", "add", "--no-check", "http://127.0.0.1:9/new.xml"], ["feeds", "remove", workspace.extraFeedURL],
                ["export", "--new", "--mark-read"],
            ] {
                let outcome = try run(arguments)
                let name = "\(label) × \(arguments.joined(separator: " "))"
                XCTAssertEqual(outcome.status, 73, "\(name): \(outcome.stderr)")
                workspace.assertOneLine(outcome, mentioning: workspace.database, name)
                XCTAssertTrue(outcome.stderr.contains("made by a newer Tidings (\(schema)"), "\(name): \(outcome.stderr)")
                XCTAssertTrue(outcome.stderr.contains("upgrade Tidings"), "\(name): \(outcome.stderr)")
                XCTAssertEqual(try data(workspace.database), before, "\(name): the database changed")
                XCTAssertEqual(try workspace.listBytes(), workspace.goodList, "\(name): the feed list changed")
            }
        }
    }

    func testADatabaseOrCompanionThatIsAFIFOIsRefusedAtOnce() throws {
        let fifoFolder = workspace.folder + "/fifo"
        try FileManager.default.createDirectory(atPath: fifoFolder, withIntermediateDirectories: true)
        let fifoDatabase = fifoFolder + "/tidings.db"
        XCTAssertEqual(mkfifo(fifoDatabase, 0o644), 0)
        for arguments in [["count"], ["export"], ["refresh", "--all"], ["feeds", "list"]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
            process.arguments = ["-s", "KILL", "20", workspace.binary.path] + arguments + [
                "--db", fifoDatabase, "--feeds", workspace.feedList, "--config", workspace.config,
            ]
            let outcome = try EndToEndRun.run(process)
            XCTAssertEqual(outcome.status, 66, "\(arguments): \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.contains("\(fifoDatabase) is a FIFO, not a database"), outcome.stderr)
            XCTAssertFalse(outcome.stderr.contains("disk I/O error"), outcome.stderr)
        }
        for suffix in ["-wal", "-shm", "-journal"] {
            try workspace.reset(list: workspace.goodList)
            let companion = workspace.database + suffix
            unlink(companion)
            XCTAssertEqual(mkfifo(companion, 0o644), 0)
            let before = try data(workspace.database)
            let outcome = try run(["count"])
            XCTAssertEqual(outcome.status, 66, "\(suffix): \(outcome.stderr)")
            workspace.assertOneLine(outcome, mentioning: companion, suffix)
            XCTAssertTrue(outcome.stderr.contains("is a FIFO"), outcome.stderr)
            XCTAssertEqual(try data(workspace.database), before)
            unlink(companion)
        }
    }

    /// A `-shm` this account cannot write (left by a run as another user; made immutable here when
    /// running as root, who ignores permissions) is named in the message, with its owner and mode.
    func testAnUnwritableSharedMemoryFileIsNamed() throws {
        let shm = workspace.database + "-shm"
        try Data(count: 32768).write(to: URL(fileURLWithPath: shm))
        if getuid() == 0 {
            guard try SafetyWorkspace.shell("chattr +i '\(shm)' 2>/dev/null", check: false) == 0 else {
                throw XCTSkip("chattr +i is not possible here")
            }
            addTeardownBlock { _ = try? SafetyWorkspace.shell("chattr -i '\(shm)'", check: false) }
        } else {
            chmod(shm, 0o444)
        }
        let before = try data(workspace.database)
        for arguments in [["count"], ["export", "--mark-read"], ["refresh", "--all"]] {
            let outcome = try run(arguments)
            let label = arguments.joined(separator: " ")
            XCTAssertEqual(outcome.status, 73, "\(label): \(outcome.stderr)")
            workspace.assertOneLine(outcome, mentioning: shm, label)
            XCTAssertTrue(outcome.stderr.contains("shared-memory"), "\(label): \(outcome.stderr)")
        }
        XCTAssertEqual(try data(workspace.database), before)
        if getuid() == 0 { _ = try SafetyWorkspace.shell("chattr -i '\(shm)'", check: false) }
        try workspace.assertNothingLost("after the unwritable -shm")
    }

    /// The case as it happens: the `-shm` of a run as root, then a command as the database's owner.
    func testASharedMemoryFileOfAnotherUserIsNamed() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("needs root and setpriv to run as another user")
        }
        let folder = workspace.folder + "/other-user"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let database = folder + "/tidings.db"
        try FileManager.default.copyItem(atPath: workspace.database, toPath: database)
        try FileManager.default.copyItem(atPath: workspace.feedList, toPath: folder + "/feeds.opml")
        let shm = database + "-shm"
        try Data(count: 32768).write(to: URL(fileURLWithPath: shm))
        try SafetyWorkspace.shell("chown -R 65534:65534 '\(folder)' && chown 0:0 '\(shm)' && chmod 644 '\(shm)'")
        chmod(workspace.folder, 0o755)
        let before = try data(database)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", workspace.binary.path, "count",
            "--db", database, "--feeds", folder + "/feeds.opml", "--config", folder + "/config.toml"]
        let outcome = try EndToEndRun.run(process)
        XCTAssertEqual(outcome.status, 73, outcome.stderr)
        XCTAssertTrue(outcome.stderr.hasPrefix("tidings: cannot open the database \(database): "), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("\(shm) is not writable by this account (owner uid 0"), outcome.stderr)
        XCTAssertEqual(outcome.stderr.filter { $0 == "\n" }.count, 1, outcome.stderr)
        XCTAssertEqual(try data(database), before)
    }

    /// A schema upgrade killed while copying the database leaves `tidings.db.bak-vN.tmp-PID` and its
    /// journal; the next command removes them when PID is gone, and leaves a live process's copy, the
    /// finished copies and anything else beside the database alone.
    func testLeftoversOfAKilledUpgradeAreRemovedButNotALiveOnes() throws {
        let dead = try Self.exitedProcessID()
        let live = Process()
        live.executableURL = URL(fileURLWithPath: "/bin/sleep")
        live.arguments = ["60"]
        try live.run()
        defer {
            live.terminate()
            live.waitUntilExit()
        }
        let database = workspace.database
        let stale = ["\(database).bak-v9.tmp-\(dead)", "\(database).bak-v9.tmp-\(dead)-journal"]
        let kept = [
            "\(database).bak-v9.tmp-\(live.processIdentifier)", "\(database).bak-v9.tmp-\(live.processIdentifier)-journal",
            "\(database).bak-v9", "\(database).bak-v9.tmp-notapid", "\(database).bak-notes.tmp-\(dead)",
            workspace.folder + "/db/other.db.bak-v9.tmp-\(dead)",
        ]
        for path in stale + kept { try Data("copy \(path)".utf8).write(to: URL(fileURLWithPath: path)) }
        let outcome = try run(["count"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        for path in stale { XCTAssertFalse(FileManager.default.fileExists(atPath: path), "\(path) was left") }
        for path in kept { XCTAssertEqual(try data(path), Data("copy \(path)".utf8), "\(path) was touched") }
        try workspace.assertNothingLost("after the clean-up")
    }

    /// A real upgrade killed with SIGKILL while it copies the database (an older schema made with
    /// `StoreDowngrades`) leaves `tidings.db.bak-vN.tmp-PID`; the next command removes it, upgrades,
    /// and every article and mark is there.
    func testAnUpgradeKilledWhileCopyingLeavesACopyTheNextCommandRemoves() throws {
        let folder = workspace.folder + "/db"
        func leftovers(_ pid: pid_t) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.contains(".tmp-\(pid)") }
        }
        var left: [String] = []
        for _ in 0..<20 where left.isEmpty {
            try workspace.reset(list: workspace.goodList)
            try SafetyWorkspace.shell("sqlite3 '\(workspace.database)' \"\(StoreDowngrades.undoFeedCounts)\"")
            let command = try TidingsBinary.start(
                ["count", "--feeds", workspace.feedList, "--db", workspace.database, "--config", workspace.config],
                folder: workspace.folder, name: "upgrade")
            let pid = command.processIdentifier
            while command.isRunning, leftovers(pid).isEmpty { usleep(100) }
            kill(pid, SIGKILL)
            command.waitUntilExit()
            if command.terminationReason == .uncaughtSignal { left = leftovers(pid) }
        }
        guard !left.isEmpty else { throw XCTSkip("the upgrade always ended before it could be killed while copying") }
        let outcome = try run(["count"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        for name in left { XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/" + name), "\(name) was left") }
        try workspace.assertNothingLost("after the killed upgrade")
    }

    /// An export killed before renaming its output leaves `.NAME.SUFFIX.tmp`; a live export holds a
    /// lock on it. Here `flock` holds that lock as a live export would, then is killed with SIGKILL:
    /// while it lives the next export leaves the file, once it is gone the next export removes it,
    /// and files of other names stay.
    func testATemporaryFileOfAKilledExportIsRemovedByTheNextExport() throws {
        let out = workspace.folder + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let target = out + "/news.csv"
        let held = out + "/.news.csv.k3x9a.tmp"
        let unheld = out + "/.news.csv.2b7qz1.tmp"
        let others = [out + "/.other.csv.k3x9a.tmp", out + "/.news.csv.NotOurs.tmp", out + "/news.csv.k3x9a.tmp"]
        for path in [held, unheld] + others {
            try Data(repeating: 0x41, count: 1 << 20).write(to: URL(fileURLWithPath: path))
        }
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = ["-x", held, "sleep", "60"]
        try holder.run()
        var attempts = 0
        while attempts < 500, try SafetyWorkspace.shell("flock -n '\(held)' true", check: false) == 0 {
            Thread.sleep(forTimeInterval: 0.01)
            attempts += 1
        }
        var outcome = try run(["export", "--format", "csv", "--output", target])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: held), "a live export's temporary file was removed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: unheld), "a dead export's temporary file was left")
        // flock's child `sleep` holds the lock too: both are killed, as a killed export's process would be.
        for pid in ProcessTable.children(of: holder.processIdentifier) { kill(pid, SIGKILL) }
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        outcome = try run(["export", "--format", "csv", "--output", target])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: held), "the killed export's temporary file was left")
        for path in others { XCTAssertTrue(FileManager.default.fileExists(atPath: path), "\(path) was removed") }
        XCTAssertTrue(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("date,feed,"))
    }

    /// A real export killed with SIGKILL while it writes (a store of 6,000 articles, so that the
    /// write lasts long enough to be caught) leaves its temporary file; the next export to the same
    /// file removes it and leaves the other files of the folder alone.
    func testAnExportKilledWhileWritingLeavesATemporaryTheNextExportRemoves() throws {
        let body = String(repeating: "lorem ipsum dolor sit amet ", count: 80)
        var feed = "<rss version=\"2.0\"><channel><title>Big</title>"
        for index in 0..<6000 {
            feed += "<item><title>Story \(index)</title><link>http://big.example/\(index)</link><guid>g\(index)</guid>"
                + "<description><![CDATA[<p>\(body) \(index)</p>]]></description></item>"
        }
        try Data((feed + "</channel></rss>").utf8).write(to: URL(fileURLWithPath: workspace.feedFile("big.xml")))
        let url = "file://\(workspace.feedFile("big.xml"))"
        XCTAssertEqual(try run(["feeds", "add", "--no-check", url]).status, 0)
        XCTAssertEqual(try run(["refresh", url]).status, 0)
        let out = workspace.folder + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let notes = out + "/.page.html.notes"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: notes))
        let files = ["--feeds", workspace.feedList, "--db", workspace.database, "--config", workspace.config]
        func temporaries() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).filter {
                $0.hasPrefix(".page.html.") && $0.hasSuffix(".tmp")
            }
        }
        var killed = false
        for attempt in 0..<10 where !killed {
            let export = try TidingsBinary.start(
                ["export", "--format", "html", "--output", out + "/page.html"] + files, folder: workspace.folder,
                name: "export-\(attempt)")
            while export.isRunning, temporaries().isEmpty { usleep(200) }
            kill(export.processIdentifier, SIGKILL)
            export.waitUntilExit()
            killed = export.terminationReason == .uncaughtSignal && !temporaries().isEmpty
        }
        guard killed else { throw XCTSkip("the export always ended before it could be killed mid-write") }
        XCTAssertEqual(temporaries().count, 1)
        let outcome = try run(["export", "--format", "html", "--output", out + "/page.html"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(temporaries(), [], "the killed export's temporary file was left")
        XCTAssertEqual(try data(notes), Data("mine".utf8))
        XCTAssertTrue(try String(contentsOfFile: out + "/page.html", encoding: .utf8).hasSuffix("</html>\n"))
    }

    /// The id of a process that has exited and been reaped.
    private static func exitedProcessID() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}
