import Foundation
import TestSupport
import XCTest

/// The real reader's `w` (save the article) in a tmux pane, aimed at Tidings' own files: the
/// database, the feed list and the config (not there yet) are refused with a line naming them, and
/// stay as they were; a file of another kind is refused too.
final class ReaderSaveTargetTmuxTests: XCTestCase {
    private var session: TmuxSession?

    override func tearDown() {
        session?.stop()
        session = nil
        super.tearDown()
    }

    func testSavingOntoOwnFilesOrAnotherKindIsRefused() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let list = try Data(contentsOf: URL(fileURLWithPath: workspace.feedList))
        let other = workspace.folder.appendingPathComponent("archive.txt").path
        try FileManager.default.copyItem(atPath: workspace.database, toPath: other)
        let otherBytes = try Data(contentsOf: URL(fileURLWithPath: other))
        let session = try TmuxSession(command: workspace.readerCommand(), width: 180, height: 30)
        self.session = session
        try session.waitFor(text: "All unread")
        try session.send("j", "j", "Enter")
        try session.waitFor(text: "Tidings: Alpha Wire")
        try session.send("G", "Enter")
        try session.waitFor(text: "The aardvark body text is here.")
        for (path, words) in [
            (workspace.database, "is the database"), (workspace.feedList, "is the feed list"),
            (workspace.config, "is the config file"), (workspace.database + "-wal", "is the database's write-ahead log"),
            (other, "is a SQLite database"),
        ] {
            try session.answer("w", prompt: "Save article to", with: path)
            try session.waitFor(text: "Not saved: \(path) \(words)")
        }
        try session.send("Q")
        try session.waitFor(text: "READER-EXITED-0")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: workspace.feedList)), list)
        XCTAssertFalse(FileManager.default.fileExists(atPath: workspace.config))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: other)), otherBytes)
        let count = try workspace.run(["count"])
        XCTAssertEqual(count.output, "4 articles in 2 feeds (3 unread, 0 starred)\n")
    }
}
