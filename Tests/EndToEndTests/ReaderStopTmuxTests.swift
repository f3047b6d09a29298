import Foundation
import TestSupport
import XCTest

/// The reader under tmux, refreshing a feed whose server never answers (it holds the refresh lock),
/// ends within a second of SIGTERM or SIGINT with 143 or 130, gives the terminal back, and leaves the
/// lock free and its articles stored.
final class ReaderStopTmuxTests: XCTestCase {
    private var sessions: [TmuxSession] = []
    private var server: TestFeedServer?

    override func tearDown() {
        for session in sessions { session.stop() }
        sessions = []
        server?.stop()
        server = nil
        super.tearDown()
    }

    private func stopWhileRefreshing(_ signal: Int32) async throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let server = try TestFeedServer(feeds: 1)
        self.server = server
        let key = "reader-\(UUID().uuidString.prefix(8))"
        var list = try String(contentsOfFile: workspace.feedList, encoding: .utf8)
        list = list.replacingOccurrences(
            of: "</body>", with: "<outline type=\"rss\" text=\"Silent\" xmlUrl=\"\(server.url("/count/\(key)?delay=60"))\"/></body>")
        try list.write(toFile: workspace.feedList, atomically: true, encoding: .utf8)

        let session = try TmuxSession(command: workspace.readerCommand())
        sessions.append(session)
        try session.waitFor(text: "All unread")
        let reader = try session.process(named: "tidings")
        try session.send("R")
        let deadline = Date().addingTimeInterval(20)
        while try await server.hits(key) == 0, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let hits = try await server.hits(key)
        XCTAssertEqual(hits, 1, "the refresh is waiting for the silent server")

        let sent = Date()
        XCTAssertEqual(kill(reader, signal), 0)
        let rows = try session.waitFor(text: "READER-EXITED-\(128 + signal)")
        XCTAssertLessThanOrEqual(Date().timeIntervalSince(sent), 3)
        XCTAssertEqual(rows.first, "BEFORE-READER", "the shell's screen is back")
        XCTAssertEqual(try session.format("#{alternate_on}"), "0")

        let lock = open(workspace.database + ".refresh-lock", O_RDWR | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(lock, 0)
        defer { close(lock) }
        XCTAssertEqual(flock(lock, LOCK_EX | LOCK_NB), 0, "nobody holds the refresh lock")
        flock(lock, LOCK_UN)
        let count = try workspace.run(["count"])
        XCTAssertEqual(count.status, 0, count.output)
        XCTAssertTrue(count.output.hasPrefix("4 articles in "), count.output)
    }

    func testSIGTERMEndsTheReaderWhileItsRefreshWaitsForASilentServer() async throws {
        try await stopWhileRefreshing(SIGTERM)
    }

    func testSIGINTEndsTheReaderWhileItsRefreshWaitsForASilentServer() async throws {
        try await stopWhileRefreshing(SIGINT)
    }
}
