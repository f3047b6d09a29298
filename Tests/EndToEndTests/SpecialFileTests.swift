import FeedStore
import Foundation
import TestSupport
import XCTest

/// A FIFO, socket or device where a regular file is expected (the feed list, config.toml, a file to
/// import, an export template, a `file://` feed or a feed given as a path) is refused at once with
/// one line naming the file and what it is, never waited on: 66 for the command's own input files;
/// for a feed, its failure reason while the refresh goes on with the other feeds.
final class SpecialFileTests: FeedServerTestCase {
    private var globalArguments: [String] { files.arguments }

    private func fifo(_ name: String) throws -> String {
        let path = folder + "/" + name
        XCTAssertEqual(mkfifo(path, 0o600), 0, String(cString: strerror(errno)))
        return path
    }

    /// A UNIX socket file that stays after its listener is gone.
    private func socketFile(_ name: String) throws -> String {
        let path = folder + "/" + name
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0, String(cString: strerror(errno)))
        return path
    }

    /// Runs `arguments` and checks it ended within 3 s (it must not wait for a writer).
    private func runPromptly(_ arguments: [String], name: String, file: StaticString = #filePath, line: UInt = #line)
        throws -> EndToEndRun
    {
        let start = Date()
        let run = try TidingsBinary.run(arguments, folder: folder, name: name)
        XCTAssertLessThanOrEqual(Date().timeIntervalSince(start), 3, "\(arguments) returned promptly", file: file, line: line)
        return run
    }

    func testAFIFOAsTheFeedListIsRefusedBy66ByEveryCommand() throws {
        let list = try fifo("feeds.fifo")
        let arguments = ["--feeds", list, "--db", files.database, "--config", files.config]
        for command in [["refresh"], ["count"], ["feeds", "list"], ["feeds", "export"], ["export"]] {
            let run = try runPromptly(command + arguments, name: command.joined(separator: "-"))
            XCTAssertEqual(run.status, 66, "\(command): \(run.stderr)")
            XCTAssertEqual(
                run.stderr, "tidings: cannot read the feed list \(list): it is a FIFO, not a regular file; give the path of a file\n")
        }
        let lock = open(files.refreshLock, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        defer { close(lock) }
        XCTAssertEqual(flock(lock, LOCK_EX | LOCK_NB), 0, "the refresh lock is free")
    }

    func testASocketAsTheFeedListIsRefusedBy66() throws {
        let list = try socketFile("feeds.sock")
        let run = try runPromptly(["feeds", "list", "--feeds", list, "--db", files.database], name: "socket")
        XCTAssertEqual(run.status, 66)
        XCTAssertTrue(run.stderr.contains("\(list): it is a socket, not a regular file"), run.stderr)
    }

    func testAFIFOAsTheConfigIsRefusedBy66() throws {
        let config = try fifo("config.toml")
        XCTAssertEqual(config, files.config)
        for command in [["refresh"], ["count"], ["export"]] {
            let run = try runPromptly(command + globalArguments, name: command.joined(separator: "-"))
            XCTAssertEqual(run.status, 66, "\(command): \(run.stderr)")
            XCTAssertEqual(run.stderr, "tidings: config \(config): is a FIFO, not a regular file; give the path of a file\n")
        }
    }

    func testADirectoryAsTheConfigIsRefusedBy66() throws {
        XCTAssertEqual(mkdir(files.config, 0o755), 0)
        for command in [["count"], ["export"], ["refresh"]] {
            let run = try runPromptly(command + globalArguments, name: "directory-" + command.joined(separator: "-"))
            XCTAssertEqual(run.status, 66, "\(command): \(run.stderr)")
            XCTAssertEqual(run.stderr, "tidings: config \(files.config): cannot be read: it is a directory, not a file\n")
        }
    }

    func testAFIFOToImportIsRefusedBy66AndNothingIsCreated() throws {
        let source = try fifo("urls")
        let run = try runPromptly(["feeds", "import", source] + globalArguments, name: "import")
        XCTAssertEqual(run.status, 66)
        XCTAssertEqual(run.stderr, "tidings: cannot import \(source): it is a FIFO, not a regular file; give the path of a file\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: files.feedList), "no feed list was created")
    }

    func testAFIFOAsAnExportTemplateIsRefusedBy66() throws {
        try writeFeedList([])
        let template = try fifo("template.mustache")
        let run = try runPromptly(["export", "--template", template] + globalArguments, name: "template")
        XCTAssertEqual(run.status, 66, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(template): it is a FIFO, not a regular file"), run.stderr)
    }

    func testFIFOFeedsFailAloneAndTheRefreshGoesOnWithTheOthers() throws {
        let byURL = try fifo("by-url.xml")
        let byPath = try fifo("by-path.xml")
        let device = "/dev/zero"
        let good = try server.url("/feeds/0.xml")
        try writeFeedList([
            ("file://" + byURL, "fifo url", nil), (byPath, "fifo path", nil), (good, "good", nil),
            ("file://" + device, "device", nil),
        ])
        let run = try runPromptly(["refresh", "--all"] + globalArguments, name: "refresh")
        XCTAssertEqual(run.status, 1, "some feeds failed, the rest were stored: \(run.stderr)")
        XCTAssertTrue(run.stderr.contains("\(byURL) is a FIFO, not a regular file"), run.stderr)
        XCTAssertTrue(run.stderr.contains("\(byPath) is a FIFO, not a regular file"), run.stderr)
        XCTAssertTrue(run.stderr.contains("\(device) is a character device, not a regular file"), run.stderr)
        let store = try FeedStore(path: files.database)
        XCTAssertEqual(try store.counts().articles, 50, "the good feed was stored")
        let failed = try store.feeds().filter { $0.fetchState.lastError?.contains("not a regular file") ?? false }
        XCTAssertEqual(failed.count, 3)
    }
}
