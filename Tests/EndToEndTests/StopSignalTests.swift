import FeedStore
import Foundation
import TestSupport
import XCTest

/// SIGTERM and SIGINT end any command within a second (asserted with a margin: 3 s) with 143 and 130,
/// even one stuck on something slow (a server that never answers, one that trickles a byte at a time,
/// a FIFO with no writer); what was stored stays, and the refresh lock is free afterwards.
final class StopSignalTests: FeedServerTestCase {
    private var globalArguments: [String] { files.arguments }

    /// A store with one feed of 50 articles, one of them starred, and the list naming it.
    private func storeOneFeed() throws -> String {
        let server = try server
        let stored = server.url("/feeds/0.xml")
        try writeFeedList([(stored, "stored", nil)])
        XCTAssertEqual(try TidingsBinary.run(["refresh"] + globalArguments, folder: folder, name: "first").status, 0)
        let store = try FeedStore(path: files.database)
        var first: Int64?
        try store.forEachArticle(matching: .all, withContent: false) { first = first ?? $0.id }
        try store.setStarred(true, articleIDs: [try XCTUnwrap(first)])
        return stored
    }

    /// Starts `arguments` once the server has the request for `key` in flight, sends `signal` and
    /// returns the exit status and how long the process took to end after it.
    private func stopWhileStuck(
        _ arguments: [String], waitingFor key: String, _ signal: Int32, name: String
    ) async throws -> (status: Int32, seconds: Double) {
        let process = try TidingsBinary.start(arguments, folder: folder, name: name)
        let deadline = Date().addingTimeInterval(20)
        while try await server.hits(key) == 0, process.isRunning, Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        XCTAssertTrue(process.isRunning, "the command ended before it could be stopped")
        let sent = Date()
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return (process.terminationStatus, Date().timeIntervalSince(sent))
    }

    /// The refresh lock can be taken at once (nobody holds it) and a following refresh does not exit 75.
    private func assertLockFree(file: StaticString = #filePath, line: UInt = #line) throws {
        let fd = open(files.refreshLock, O_RDWR | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(fd, 0, "the lock file exists", file: file, line: line)
        defer { close(fd) }
        XCTAssertEqual(flock(fd, LOCK_EX | LOCK_NB), 0, "nobody holds the refresh lock", file: file, line: line)
        flock(fd, LOCK_UN)
    }

    private func assertStoredDataIntact(file: StaticString = #filePath, line: UInt = #line) throws {
        let store = try FeedStore(path: files.database)
        XCTAssertEqual(try store.integrityCheck(), ["ok"], file: file, line: line)
        let counts = try store.counts()
        XCTAssertEqual(counts.articles, 50, file: file, line: line)
        XCTAssertEqual(counts.starred, 1, file: file, line: line)
    }

    /// A refresh waiting on a silent server and a trickling one, stopped by `signal`: it ends in time
    /// with 128 + `signal`, the lock is free, the stored feed intact, and a following refresh runs.
    private func stopStuckRefresh(_ signal: Int32) async throws {
        let stored = try storeOneFeed()
        let key = "refresh-\(signal)-\(UUID().uuidString.prefix(8))"
        try writeFeedList([
            (stored, "stored", nil), (try server.url("/count/\(key)?delay=60"), "silent", nil),
            (try server.url("/trickle"), "trickle", nil),
        ])
        let (status, seconds) = try await stopWhileStuck(
            ["refresh", "--all"] + globalArguments, waitingFor: key, signal, name: "stopped")
        XCTAssertEqual(status, 128 + signal)
        XCTAssertLessThanOrEqual(seconds, 3)
        try assertLockFree()
        try assertStoredDataIntact()
        try writeFeedList([(stored, "stored", nil)])
        let next = try TidingsBinary.run(["refresh", "--all"] + globalArguments, folder: folder, name: "next")
        XCTAssertEqual(next.status, 0, next.stderr)
    }

    func testSIGTERMEndsARefreshStuckOnSlowServersWith143AndFreesTheLock() async throws {
        try await stopStuckRefresh(SIGTERM)
    }

    func testSIGINTEndsARefreshStuckOnSlowServersWith130AndFreesTheLock() async throws {
        try await stopStuckRefresh(SIGINT)
    }

    func testSIGTERMEndsAnExportThatRefreshesASlowServer() async throws {
        let stored = try storeOneFeed()
        let key = "export-\(UUID().uuidString.prefix(8))"
        try writeFeedList([(stored, "stored", nil), (try server.url("/count/\(key)?delay=60"), "silent", nil)])
        let output = folder + "/export.json"
        let (status, seconds) = try await stopWhileStuck(
            ["export", "--refresh", "--format", "json", "--output", output] + globalArguments, waitingFor: key, SIGTERM,
            name: "export")
        XCTAssertEqual(status, 143)
        XCTAssertLessThanOrEqual(seconds, 3)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output), "no output was written")
        try assertLockFree()
        try assertStoredDataIntact()
    }

    func testSIGINTEndsFeedsAddCheckingASlowServerAndLeavesTheListAsItWas() async throws {
        let stored = try storeOneFeed()
        let before = try feedListText()
        let key = "add-\(UUID().uuidString.prefix(8))"
        let (status, seconds) = try await stopWhileStuck(
            ["feeds", "add", try server.url("/count/\(key)?delay=60")] + globalArguments, waitingFor: key, SIGINT,
            name: "add")
        XCTAssertEqual(status, 130)
        XCTAssertLessThanOrEqual(seconds, 3)
        XCTAssertEqual(try feedListText(), before, "the list is byte for byte as it was")
        XCTAssertTrue(before.contains(xmlEscaped(stored)))
        try assertStoredDataIntact()
    }

    func testSIGTERMEndsParseWaitingOnAFIFOWithNoWriter() throws {
        // `parse` reads pipes (`parse <(command)`), so a FIFO is read, not refused: it must still stop.
        let fifo = folder + "/feed.fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let process = try TidingsBinary.start(["parse", fifo], folder: folder, name: "parse")
        // The process opens the FIFO and waits there; a writer never comes.
        let deadline = Date().addingTimeInterval(10)
        while !isOpen(fifo, by: process.processIdentifier), process.isRunning, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        let sent = Date()
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 143)
        XCTAssertLessThanOrEqual(Date().timeIntervalSince(sent), 3)
    }

    /// Whether process `pid` is blocked opening (or has opened) `path`: its current system call is
    /// `openat` of it, or one of its descriptors names it.
    private func isOpen(_ path: String, by pid: Int32) -> Bool {
        if let syscall = try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8),
            syscall.hasPrefix("257 ")
        {
            return true
        }
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return descriptors.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) == path }
    }
}
