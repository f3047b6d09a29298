import Foundation
import TestSupport
import XCTest

/// The built reader under tmux ends on SIGTERM, SIGHUP and SIGINT in each state that matters (the
/// feed list, an article view, the list after going back from an article), with the terminal given
/// back and the marks made kept, and still redraws on SIGWINCH. Every reader here is launched the way
/// the leftover readers of earlier test runs were: by a parent whose signal mask blocks those signals
/// (a libdispatch thread's mask, passed on by posix_spawn to tmux, the shell and the reader), which
/// once left SIGTERM pending forever. Exit statuses are the shell's 128 + signal.
final class ReaderSignalTmuxTests: XCTestCase {
    private var sessions: [TmuxSession] = []

    /// The signals a libdispatch worker thread blocks that the reader must still receive.
    private let launcherMask = [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGWINCH, SIGTSTP, SIGCONT, SIGALRM, SIGUSR1]

    override func tearDown() {
        for session in sessions { session.stop() }
        sessions = []
        super.tearDown()
    }

    private func start(_ workspace: ReaderWorkspace) throws -> (TmuxSession, pid_t) {
        let session = try TmuxSession(command: workspace.readerCommand(), blockedSignals: launcherMask)
        sessions.append(session)
        try session.waitFor(text: "All unread")
        return (session, try session.process(named: "tidings"))
    }

    /// Sends `signal` to the reader and waits for the shell to report its exit status; then checks
    /// that the reader is gone and the terminal is the shell's again.
    private func signalAndExpectExit(
        _ session: TmuxSession, reader: pid_t, _ signal: Int32, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(kill(reader, signal), 0, file: file, line: line)
        let rows = try session.waitFor(text: "READER-EXITED-\(128 + signal)", file: file, line: line)
        XCTAssertFalse(ProcessTable.isRunning(reader), "the reader is gone", file: file, line: line)
        XCTAssertEqual(rows.first, "BEFORE-READER", "the shell's screen is back", file: file, line: line)
        XCTAssertEqual(try session.format("#{alternate_on}"), "0", file: file, line: line)
        XCTAssertEqual(try session.format("#{cursor_flag}"), "1", file: file, line: line)
        XCTAssertEqual(try session.format("#{mouse_any_flag}"), "0", file: file, line: line)
        // Raw mode is off: the line discipline echoes what is typed again (to the waiting `sleep`).
        try session.send("typed-after-exit", literal: true)
        try session.waitFor(text: "typed-after-exit", file: file, line: line)
    }

    func testSIGTERMInTheFeedListEndsTheReader() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let (session, reader) = try start(workspace)
        try signalAndExpectExit(session, reader: reader, SIGTERM)
    }

    func testSIGHUPAfterReadingAnArticleEndsTheReaderAndKeepsTheMark() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let (session, reader) = try start(workspace)
        try session.send("j", "j", "Enter")
        try session.waitFor(text: "Tidings: Alpha Wire")
        try session.send("G", "Enter")
        try session.waitFor(text: "The aardvark body text is here.")
        try session.send("q")
        try session.waitFor("the list with the article read") { rows in
            rows.count > 4 && rows[4].hasSuffix("Aardvarks at dawn") && !rows[4].hasPrefix("N")
        }
        try signalAndExpectExit(session, reader: reader, SIGHUP)
        XCTAssertEqual(try workspace.run(["count"]).output, "4 articles in 2 feeds (3 unread, 0 starred)\n")
    }

    func testSIGTERMInAnArticleViewEndsTheReaderAndKeepsItsMarks() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let (session, reader) = try start(workspace)
        try session.send("j", "j", "Enter")
        try session.waitFor(text: "Tidings: Alpha Wire")
        try session.send("G", "Enter")
        try session.waitFor(text: "The aardvark body text is here.")
        try session.send("s")
        try session.waitFor("the star in the status line") { rows in rows.last { !$0.isEmpty }?.trimmingCharacters(in: .whitespaces).hasPrefix("* ") == true }
        try signalAndExpectExit(session, reader: reader, SIGTERM)
        XCTAssertEqual(try workspace.run(["count"]).output, "4 articles in 2 feeds (3 unread, 1 starred)\n")
    }

    func testSIGINTEndsTheReaderWith130() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let (session, reader) = try start(workspace)
        try session.send("Enter")
        try session.waitFor(text: "Tidings: All unread")
        try signalAndExpectExit(session, reader: reader, SIGINT)
    }

    func testClosingThePaneEndsTheReader() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let (session, reader) = try start(workspace)
        try session.tmux("kill-pane", "-t", session.name)
        let deadline = Date().addingTimeInterval(30)
        while ProcessTable.isRunning(reader), Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        XCTAssertFalse(ProcessTable.isRunning(reader), "the hangup of a closed terminal ends the reader")
    }

    func testASignalIgnoredAtLaunchStaysIgnored() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let session = try TmuxSession(command: "trap '' HUP; " + workspace.readerCommand(), blockedSignals: launcherMask)
        sessions.append(session)
        try session.waitFor(text: "All unread")
        let reader = try session.process(named: "tidings")
        XCTAssertEqual(kill(reader, SIGHUP), 0)
        // The reader goes on as nohup asks, with the terminal still its own and keys still working.
        try session.send("Enter")
        try session.waitFor(text: "Tidings: All unread")
        XCTAssertEqual(try session.format("#{alternate_on}"), "1")
        XCTAssertEqual(try session.format("#{cursor_flag}"), "0")
        try session.send("Q")
        try session.waitFor(text: "READER-EXITED-0")
    }

    func testAResizeStillRedraws() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let (session, _) = try start(workspace)
        try session.resize(width: 60, height: 12)
        try session.waitFor("a 60-column layout") { rows in
            rows.first?.count == 60 && rows.first?.hasSuffix("? help") == true
        }
    }
}
