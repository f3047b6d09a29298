import Foundation
import TestSupport
import XCTest

/// Outputs never land on Tidings' own files (issue 28, class 1): `export --output` and `feeds export
/// --output` onto the database, its WAL and shared-memory files, an upgrade copy, the refresh lock, the
/// feed list and its backup, the config and its backup, directly, through a symbolic link and through
/// a hard link, are refused with 73 and one line naming what the file is, `--force` or not; and an
/// output never replaces a file of another kind without `--force`. Every file stays byte-identical.
final class OwnFileOutputTests: XCTestCase {
    private var workspace: SafetyWorkspace!

    override func setUpWithError() throws {
        workspace = try SafetyWorkspace(self)
    }

    /// Every regular file under the workspace (but the suite's own scratch files), by relative path.
    /// The database (and its hard link) by the hash of its tables' content: opening it rewrites
    /// header counters in every command, which is not the subject here.
    private func files() throws -> [String: Data] {
        var result: [String: Data] = [:]
        let root = workspace.folder
        guard let walker = FileManager.default.enumerator(atPath: root) else { return result }
        var database = stat()
        stat(workspace.database, &database)
        for case let name as String in walker where !["err.txt", "snapshot.txt", "sha3.txt"].contains(name) {
            var info = stat()
            guard lstat(root + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            if info.st_ino == database.st_ino {
                try SafetyWorkspace.shell("sqlite3 '\(root)/\(name)' .sha3sum > '\(root)/sha3.txt'")
                result[name] = try Data(contentsOf: URL(fileURLWithPath: root + "/sha3.txt"))
            } else {
                result[name] = try Data(contentsOf: URL(fileURLWithPath: root + "/" + name))
            }
        }
        return result
    }

    private func run(_ arguments: [String]) throws -> SafetyWorkspace.Outcome {
        try workspace.run(SafetyCommand(name: arguments.joined(separator: " "), arguments: arguments))
    }

    func testOutputOntoOwnFilesIsRefusedDirectlyAndThroughLinks() throws {
        let folder = workspace.folder
        let database = workspace.database
        try Data("# my settings\nsort = \"newest-first\"\n".utf8).write(to: URL(fileURLWithPath: workspace.config))
        try workspace.listBytes().write(to: URL(fileURLWithPath: workspace.feedList + ".bak"))
        try Data("# the previous settings\n".utf8).write(to: URL(fileURLWithPath: workspace.config + ".bak"))
        try FileManager.default.copyItem(atPath: database, toPath: database + ".bak-v12")
        XCTAssertTrue(FileManager.default.fileExists(atPath: workspace.database + ".refresh-lock"))
        let links = folder + "/elsewhere"
        try FileManager.default.createDirectory(atPath: links, withIntermediateDirectories: true)
        // Each target with the words the refusal must use.
        var targets: [(path: String, role: String)] = [
            (database, "is the database"),
            (database + "-wal", "is the database's write-ahead log"),
            (database + "-shm", "is the database's shared-memory index"),
            (database + ".bak-v12", "is a copy of the database"),
            (database + ".bak-v13.tmp-99", "is a copy of the database"),
            (database + ".refresh-lock", "is the refresh lock"),
            (workspace.feedList, "is the feed list"),
            (workspace.feedList + ".bak", "is the feed list's backup"),
            (workspace.config, "is the config file"),
            (workspace.config + ".bak", "is the config file's backup"),
            (folder + "/db/../db/tidings.db", "is the database"),
        ]
        for (name, original, role) in [
            ("db-link.csv", database, "is the database"), ("list-link.xml", workspace.feedList, "is the feed list"),
            ("config-link.txt", workspace.config, "is the config file"),
            ("wal-link", database + "-wal", "is the database's write-ahead log"),
        ] {
            XCTAssertEqual(symlink(original, links + "/" + name), 0)
            targets.append((links + "/" + name, role))
        }
        for (name, original, role) in [
            ("db-hard.csv", database, "is the database"), ("list-hard.opml", workspace.feedList, "is the feed list"),
            ("config-hard", workspace.config, "is the config file"),
            ("bak-hard", workspace.feedList + ".bak", "is the feed list's backup"),
        ] {
            XCTAssertEqual(link(original, links + "/" + name), 0)
            targets.append((links + "/" + name, role))
        }
        let before = try files()
        var cases = 0
        for (target, role) in targets {
            for arguments in [
                ["export", "--format", "csv", "--output", target], ["export", "--format", "rss", "--output", target],
                ["export", "--format", "json", "--force", "--output", target], ["feeds", "export", "--output", target],
                ["feeds", "export", "--format", "urls", "--force", "--output", target],
            ] {
                let label = "\(arguments.joined(separator: " "))"
                let outcome = try run(arguments)
                XCTAssertEqual(outcome.status, 73, "\(label): \(outcome.stderr)")
                workspace.assertOneLine(outcome, mentioning: target, label)
                XCTAssertTrue(outcome.stderr.contains(role), "\(label): \(outcome.stderr)")
                XCTAssertEqual(try files(), before, "\(label): a file changed")
                try workspace.assertNothingLost(label)
                cases += 1
            }
        }
        print("own-file outputs: \(cases) refused cases")
    }

    /// `--output /dev/stdout` with standard output appended to the feed list is the feed list too.
    func testStandardOutputThatIsTheFeedListIsRefused() throws {
        let quoted = [workspace.binary.path, "export", "--format", "rss", "--output", "/dev/stdout",
            "--feeds", workspace.feedList, "--db", workspace.database, "--config", workspace.config]
            .map { "'\($0)'" }.joined(separator: " ")
        let status = try SafetyWorkspace.shell("\(quoted) >> '\(workspace.feedList)' 2>'\(workspace.folder)/err.txt'", check: false)
        let message = try String(contentsOfFile: workspace.folder + "/err.txt", encoding: .utf8)
        XCTAssertEqual(status, 73, message)
        XCTAssertTrue(message.contains("--output /dev/stdout is the feed list"), message)
        XCTAssertEqual(try workspace.listBytes(), workspace.goodList)
    }

    /// A feed list and config kept as links (dotfiles): the files their links end at, and the backup
    /// and lock beside those, are refused too.
    func testTheFilesBesideALinkedListAndConfigAreRefused() throws {
        let dotfiles = workspace.folder + "/dotfiles"
        try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: workspace.feedList, toPath: dotfiles + "/feeds.opml")
        XCTAssertEqual(symlink(dotfiles + "/feeds.opml", workspace.feedList), 0)
        try Data("# settings\n".utf8).write(to: URL(fileURLWithPath: dotfiles + "/config.toml"))
        XCTAssertEqual(symlink(dotfiles + "/config.toml", workspace.config), 0)
        try workspace.listBytes().write(to: URL(fileURLWithPath: dotfiles + "/feeds.opml.bak"))
        let before = try files()
        for (target, role) in [
            (dotfiles + "/feeds.opml", "is the feed list"), (dotfiles + "/feeds.opml.bak", "is the feed list's backup"),
            (dotfiles + "/feeds.opml.lock", "is the feed list's lock"), (dotfiles + "/config.toml", "is the config file"),
            (dotfiles + "/config.toml.bak", "is the config file's backup"),
        ] {
            for arguments in [["export", "--format", "csv", "--output", target], ["feeds", "export", "--output", target]] {
                let outcome = try run(arguments)
                let label = arguments.joined(separator: " ")
                XCTAssertEqual(outcome.status, 73, "\(label): \(outcome.stderr)")
                XCTAssertTrue(outcome.stderr.contains(role), "\(label): \(outcome.stderr)")
                XCTAssertEqual(try files(), before, "\(label): a file changed")
            }
        }
    }

    func testOutputOverAnotherKindNeedsForceAndTheSameKindIsReplaced() throws {
        let out = workspace.folder + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let otherDatabase = out + "/archive.db"
        try FileManager.default.copyItem(atPath: workspace.database, toPath: otherDatabase)
        let otherList = out + "/friends.opml"
        try workspace.listBytes().write(to: URL(fileURLWithPath: otherList))
        let page = out + "/index.html"
        try Data("<!DOCTYPE html>\n<html><body>My home page</body></html>\n".utf8).write(to: URL(fileURLWithPath: page))
        let notes = out + "/notes.txt"
        try Data("call the plumber\n".utf8).write(to: URL(fileURLWithPath: notes))
        let planet = out + "/planet.xml"
        try Data("<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel/></rss>\n".utf8).write(to: URL(fileURLWithPath: planet))
        let image = out + "/photo.png"
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]).write(to: URL(fileURLWithPath: image))
        let refusals: [([String], String, String)] = [
            (["export", "--format", "csv", "--output", otherDatabase], otherDatabase, "is a SQLite database"),
            (["export", "--format", "rss", "--output", otherList], otherList, "is an OPML feed list"),
            (["feeds", "export", "--format", "urls", "--output", otherList], otherList, "is an OPML feed list"),
            (["feeds", "export", "--output", otherDatabase], otherDatabase, "is a SQLite database"),
            (["export", "--format", "csv", "--output", page], page, "is an HTML page"),
            (["export", "--format", "json", "--output", planet], planet, "is an RSS feed"),
            (["export", "--format", "text", "--output", image], image, "is a binary file"),
            (["feeds", "export", "--output", page], page, "is an HTML page"),
        ]
        let before = try files()
        for (arguments, target, words) in refusals {
            let label = arguments.joined(separator: " ")
            let outcome = try run(arguments)
            XCTAssertEqual(outcome.status, 73, "\(label): \(outcome.stderr)")
            workspace.assertOneLine(outcome, mentioning: target, label)
            XCTAssertTrue(outcome.stderr.contains(words) && outcome.stderr.contains("--force"), "\(label): \(outcome.stderr)")
            XCTAssertEqual(try files(), before, "\(label): a file changed")
        }
        // The same kind, and plain text, are replaced as before (cron jobs re-export to one file);
        // --force replaces any kind.
        for arguments in [
            ["export", "--format", "html", "--output", page], ["export", "--format", "csv", "--output", notes],
            ["feeds", "export", "--output", otherList], ["export", "--format", "csv", "--force", "--output", otherDatabase],
            ["export", "--format", "rss", "--output", planet], ["export", "--format", "rss", "--output", planet],
        ] {
            let outcome = try run(arguments)
            XCTAssertEqual(outcome.status, 0, "\(arguments): \(outcome.stderr)")
        }
        XCTAssertTrue(try String(contentsOfFile: otherDatabase, encoding: .utf8).hasPrefix("date,feed,feed_url,"))
        XCTAssertTrue(try String(contentsOfFile: notes, encoding: .utf8).hasPrefix("date,feed,feed_url,"))
        XCTAssertTrue(try String(contentsOfFile: otherList, encoding: .utf8).contains(workspace.markedFeedURLs[0]))
        try workspace.assertNothingLost("after the exports")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".tmp") }, [])
    }
}
