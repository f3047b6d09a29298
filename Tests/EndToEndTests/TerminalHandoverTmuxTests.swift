import Foundation
import TestSupport
import XCTest

/// A program the reader runs on the terminal (`|` to a pager, a terminal browser with `o`) gets the
/// terminal's foreground, takes keys, and gives the reader back intact when it exits. Run from an
/// interactive shell (`bash -i`) as a user would: with job control the reader is a process group of
/// its own, and a child left outside the foreground group is stopped by SIGTTIN/SIGTTOU.
final class TerminalHandoverTmuxTests: XCTestCase {
    private var sessions: [TmuxSession] = []

    override func tearDown() {
        for session in sessions { session.stop() }
        sessions = []
        super.tearDown()
    }

    /// Starts an interactive bash in a pane, the reader in it, and opens the first article of Alpha Wire.
    private func openArticle(_ workspace: ReaderWorkspace) throws -> TmuxSession {
        let session = try workspace.startInInteractiveShell { sessions.append($0) }
        try session.send("j", "j", "Enter")
        try session.waitFor(text: "Tidings: Alpha Wire")
        try session.send("G", "Enter")
        try session.waitFor(text: "The aardvark body text is here.")
        return session
    }

    func testPipingToLessShowsThePagerTakesKeysAndGivesTheReaderBack() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/less") else { throw XCTSkip("less is not installed") }
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let session = try openArticle(workspace)
        try session.send("|")
        try session.send("LESS= less -P PAGER-PROMPT", literal: true)
        try session.send("Enter")
        try session.waitFor("less showing the article and its prompt") { rows in
            rows.contains { $0.contains("aardvark body text") } && rows.contains { $0.contains("PAGER-PROMPT") }
        }
        // less takes keys: `g` stays in the pager, `q` leaves it.
        try session.send("g")
        try session.send("q")
        let rows = try session.waitFor("the reader's article view, redrawn") { rows in
            rows.contains { $0.contains("The aardvark body text is here.") } && rows.last { !$0.isEmpty }?.hasPrefix("Piped to") == true
        }
        XCTAssertEqual(try session.format("#{alternate_on}"), "1", rows.joined(separator: "\n"))
        // The reader has the keys again: back to the list, then quit.
        try session.send("q")
        try session.waitFor(text: "Tidings: Alpha Wire")
        try session.send("q", "q")
        try session.waitFor(text: "READER-EXITED-0")
    }

    func testATerminalBrowserReadsTheTerminalAndTheReaderComesBack() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let script = workspace.folder.appendingPathComponent("browser.sh")
        try "#!/bin/sh\nprintf 'BROWSER-AT %s\\n' \"$1\"\nread answer\nprintf 'BROWSER-GOT %s\\n' \"$answer\"\nread again\n"
            .write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        try "browser = \"\(script.path) %u\"\nbrowser_is_terminal = true\n"
            .write(toFile: workspace.config, atomically: true, encoding: .utf8)
        let session = try openArticle(workspace)
        try session.send("o")
        try session.waitFor(text: "BROWSER-AT https://alpha.example/1")
        try session.send("typed-in-browser", literal: true)
        try session.send("Enter")
        try session.waitFor(text: "BROWSER-GOT typed-in-browser")
        try session.send("Enter")
        try session.waitFor("the reader's article view, redrawn") { rows in
            rows.contains { $0.contains("The aardvark body text is here.") } && !rows.contains { $0.contains("BROWSER-GOT") }
        }
        try session.send("q")
        try session.waitFor(text: "Tidings: Alpha Wire")
        try session.send("q", "q")
        try session.waitFor(text: "READER-EXITED-0")
    }
}
