import Foundation
import TestSupport
import XCTest

/// The feed list and config.toml as files (the built binary): a newsboat import that brings query
/// feeds changes both or neither, even on a full disk (a small tmpfs); linked files are written
/// through their links with the `.bak` beside the target; stale temporaries of our naming are
/// removed by the next writer that takes the list's lock.
final class FeedListFilesTests: XCTestCase {
    private var files = TestFiles(folder: "")

    override func setUpWithError() throws {
        files = TestFiles(folder: try TemporaryFolder.make(self, prefix: "tidings-list-files"))
    }

    private func run(_ arguments: [String], feeds: String? = nil, config: String? = nil) throws -> EndToEndRun {
        try EndToEndRun.tidings(
            arguments + ["--feeds", feeds ?? files.feedList, "--db", files.database, "--config", config ?? files.config],
            testCase: self)
    }

    private func bytes(_ path: String) -> Data? {
        try? Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// A 64 KB tmpfs at `name` in the test folder, unmounted when the test ends; skips without root.
    private func smallDisk(_ name: String) throws -> String {
        let path = files.folder + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard try SafetyWorkspace.shell("mount -t tmpfs -o size=64k tmpfs '\(path)' 2>/dev/null", check: false) == 0 else {
            throw XCTSkip("cannot mount a tmpfs here (needs root)")
        }
        addTeardownBlock { _ = try? SafetyWorkspace.shell("umount '\(path)'", check: false) }
        return path
    }

    /// Fills the disk of `folder` to the last byte.
    private func fill(_ folder: String) throws {
        _ = try SafetyWorkspace.shell("dd if=/dev/zero of='\(folder)/filler' bs=1k 2>/dev/null", check: false)
        _ = try SafetyWorkspace.shell("dd if=/dev/zero of='\(folder)/filler2' bs=64 2>/dev/null", check: false)
    }

    private func writeImport() throws -> String {
        let path = files.folder + "/urls"
        let text = "http://127.0.0.1:9/imported.xml \"~Imported\"\n\"query:Unread news:unread = \\\"yes\\\"\"\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func temporaries(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tmp") }
    }

    func testImportOntoAFullListDiskLeavesTheConfigAsItWas() throws {
        let disk = try smallDisk("list-disk")
        let list = disk + "/feeds.opml"
        for index in 0..<3 {
            XCTAssertEqual(try run(["feeds", "add", "--no-check", "http://127.0.0.1:9/f\(index).xml"], feeds: list).status, 0)
        }
        try Data("# mine\nbrowser = \"lynx %s\"\n".utf8).write(to: URL(fileURLWithPath: files.config))
        let before = (list: bytes(list), backup: bytes(list + ".bak"), config: bytes(files.config))
        try fill(disk)
        let outcome = try run(["feeds", "import", try writeImport()], feeds: list)
        XCTAssertEqual(outcome.status, 73, outcome.stderr)
        XCTAssertEqual(outcome.stdout, "")
        XCTAssertTrue(outcome.stderr.hasPrefix("tidings: cannot write the feed list \(list): No space left on device"), outcome.stderr)
        XCTAssertTrue(outcome.stderr.hasSuffix("nothing was changed\n"), outcome.stderr)
        XCTAssertEqual(outcome.stderr.split(separator: "\n").count, 1, outcome.stderr)
        XCTAssertEqual(bytes(list), before.list)
        XCTAssertEqual(bytes(list + ".bak"), before.backup)
        XCTAssertEqual(bytes(files.config), before.config)
        XCTAssertNil(bytes(files.config + ".bak"))
        XCTAssertEqual(try temporaries(disk) + temporaries(files.folder), [])
    }

    func testImportOntoAFullConfigDiskLeavesTheListAsItWas() throws {
        let disk = try smallDisk("config-disk")
        let config = disk + "/config.toml"
        XCTAssertEqual(try run(["feeds", "add", "--no-check", "http://127.0.0.1:9/f.xml"], config: config).status, 0)
        try Data("browser = \"lynx %s\"\n".utf8).write(to: URL(fileURLWithPath: config))
        let before = (list: bytes(files.feedList), config: bytes(config))
        try fill(disk)
        let outcome = try run(["feeds", "import", try writeImport()], config: config)
        XCTAssertEqual(outcome.status, 73, outcome.stderr)
        XCTAssertTrue(outcome.stderr.hasPrefix("tidings: cannot add the imported query feeds to the config file \(config)"), outcome.stderr)
        XCTAssertTrue(outcome.stderr.hasSuffix("nothing was imported\n"), outcome.stderr)
        XCTAssertEqual(bytes(files.feedList), before.list)
        XCTAssertEqual(bytes(config), before.config)
        XCTAssertEqual(try temporaries(disk) + temporaries(files.folder), [])
        // With room again, the same import changes both.
        XCTAssertEqual(unlink(disk + "/filler"), 0)
        let again = try run(["feeds", "import", try writeImport()], config: config)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(try String(contentsOfFile: config, encoding: .utf8).contains("[[query]]\nname = \"Unread news\""))
        XCTAssertEqual(bytes(config + ".bak"), before.config)
        XCTAssertTrue(try String(contentsOfFile: files.feedList, encoding: .utf8).contains("http://127.0.0.1:9/imported.xml"))
    }

    func testLinkedListAndConfigAreWrittenThroughTheirLinksWithTheBackupBesideTheTarget() throws {
        let dotfiles = files.folder + "/dotfiles"
        try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
        try Data("browser = \"lynx %s\"\n".utf8).write(to: URL(fileURLWithPath: dotfiles + "/config.toml"))
        XCTAssertEqual(symlink("dotfiles/feeds.opml", files.feedList), 0)
        XCTAssertEqual(symlink(dotfiles + "/config.toml", files.config), 0)
        XCTAssertEqual(try run(["feeds", "add", "--no-check", "http://127.0.0.1:9/a.xml"]).status, 0)
        let first = bytes(dotfiles + "/feeds.opml")
        XCTAssertEqual(try run(["feeds", "add", "--no-check", "http://127.0.0.1:9/b.xml"]).status, 0)
        let imported = try run(["feeds", "import", try writeImport()])
        XCTAssertEqual(imported.status, 0, imported.stderr)

        for (link, target) in [(files.feedList, "dotfiles/feeds.opml"), (files.config, dotfiles + "/config.toml")] {
            XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), target)
            XCTAssertNil(bytes(link + ".bak"), "a backup beside the link \(link)")
        }
        XCTAssertTrue(try String(contentsOfFile: dotfiles + "/feeds.opml", encoding: .utf8).contains("imported.xml"))
        XCTAssertTrue(try String(contentsOfFile: dotfiles + "/config.toml", encoding: .utf8).contains("[[query]]"))
        XCTAssertEqual(bytes(dotfiles + "/config.toml.bak"), Data("browser = \"lynx %s\"\n".utf8))
        let backup = try XCTUnwrap(bytes(dotfiles + "/feeds.opml.bak"))
        XCTAssertNotEqual(backup, first)
        XCTAssertTrue(String(decoding: backup, as: UTF8.self).contains("b.xml"))

        // A write that fails (the target made read-only) keeps the list and its backup as they were.
        let listBefore = bytes(dotfiles + "/feeds.opml")
        XCTAssertEqual(chmod(dotfiles + "/feeds.opml", 0o444), 0)
        let refused = try run(["feeds", "add", "--no-check", "http://127.0.0.1:9/c.xml"])
        XCTAssertEqual(refused.status, 73, refused.stderr)
        XCTAssertEqual(bytes(dotfiles + "/feeds.opml"), listBefore)
        XCTAssertEqual(bytes(dotfiles + "/feeds.opml.bak"), backup)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: files.feedList), "dotfiles/feeds.opml")
    }

    func testTheNextWriterRemovesStaleTemporariesAndSparesALiveWritersOnes() throws {
        XCTAssertEqual(try run(["feeds", "add", "--no-check", "http://127.0.0.1:9/a.xml"]).status, 0)
        // PIDs above the kernel's limit (2^22) belong to no process; the test's own is alive.
        let live = getpid()
        let stale = [
            ".feeds.opml.99999999-dead1.tmp", ".feeds.opml.k3j2h1.tmp", ".feeds.opml.bak.99999998-dead2.tmp",
            ".config.toml.99999997-dead3.tmp",
        ]
        let kept = [".feeds.opml.\(live)-live.tmp", ".config.toml.\(live)-live.tmp", ".feeds.opml.notes", "other.tmp", ".feeds.opml.a.b.tmp"]
        for name in stale + kept { try Data("x".utf8).write(to: URL(fileURLWithPath: files.folder + "/" + name)) }

        // Readers take no lock and clean nothing.
        XCTAssertEqual(try run(["count"]).status, 0)
        for name in stale { XCTAssertTrue(FileManager.default.fileExists(atPath: files.folder + "/" + name), name) }

        XCTAssertEqual(try run(["feeds", "add", "--no-check", "http://127.0.0.1:9/b.xml"]).status, 0)
        for name in stale { XCTAssertFalse(FileManager.default.fileExists(atPath: files.folder + "/" + name), name) }
        for name in kept { XCTAssertTrue(FileManager.default.fileExists(atPath: files.folder + "/" + name), name) }
    }
}
