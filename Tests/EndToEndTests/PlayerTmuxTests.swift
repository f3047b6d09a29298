import Foundation
import TestSupport
import XCTest

/// The player (`m`) under tmux in an interactive shell (`bash -i`), as a user runs the reader: with
/// `less` as the player, the downloaded episode is shown, `less` takes the keys, and the reader comes
/// back intact when it exits, the episode marked played.
final class PlayerTmuxTests: XCTestCase {
    private var sessions: [TmuxSession] = []
    private var nginx: DownloadNginx?

    override func tearDown() {
        for session in sessions { session.stop() }
        sessions = []
        nginx?.stop()
        nginx = nil
        super.tearDown()
    }

    func testLessAsThePlayerGetsTheKeyboardAndTheReaderComesBack() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/less") else { throw XCTSkip("less is not installed") }
        let workspace = try ReaderWorkspace(self)
        let folder = workspace.folder.path
        try FileManager.default.createDirectory(atPath: folder + "/served", withIntermediateDirectories: true)
        let server = try DownloadNginx(root: folder + "/served", folder: folder + "/nginx")
        nginx = server
        let episode = (1...200).map { "EPISODE-LINE \($0)" }.joined(separator: "\n") + "\n"
        try episode.write(toFile: folder + "/served/ep.mp3", atomically: true, encoding: .utf8)
        let feed = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Casts</title><link>https://casts.example/</link>
            <item><guid>c1</guid><title>Episode one</title><link>https://casts.example/1</link>
              <pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate><description>Show notes.</description>
              <enclosure url="\(server.url("files", "ep.mp3"))" type="audio/mpeg" length="\(episode.utf8.count)"/></item>
            </channel></rss>
            """
        try feed.write(toFile: folder + "/casts.xml", atomically: true, encoding: .utf8)
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>Test</title></head><body>
            <outline type="rss" text="Casts" xmlUrl="file://\(folder)/casts.xml"/>
            </body></opml>
            """.write(toFile: workspace.feedList, atomically: true, encoding: .utf8)
        try "download_path = \"\(folder)/Podcasts\"\nplayer = \"env LESS= less -P PLAYER-PROMPT %u\"\n"
            .write(toFile: workspace.config, atomically: true, encoding: .utf8)
        for arguments in [["refresh", "--all"], ["download", "--query", "unread"], ["downloads", "run"]] {
            let run = try workspace.run(arguments)
            XCTAssertEqual(run.status, 0, "\(arguments): \(run.output)")
        }
        let file = folder + "/Podcasts/Casts - Episode one.mp3"
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), episode)

        let session = try workspace.startInInteractiveShell { sessions.append($0) }
        try session.send("j", "j", "Enter")
        try session.waitFor(text: "Tidings: Casts")
        try session.waitFor("the list's enclosure mark") { rows in
            rows.contains { $0.hasPrefix("N   @ ") && $0.contains("Episode one") }
        }
        try session.send("m")
        try session.waitFor("less showing the downloaded episode") { rows in
            rows.contains { $0.contains("EPISODE-LINE 1") } && rows.contains { $0.contains("PLAYER-PROMPT") }
        }
        // less has the keyboard: G goes to its end, q leaves it.
        try session.send("G")
        try session.waitFor("less at the end of the file") { rows in rows.contains { $0.contains("EPISODE-LINE 200") } }
        try session.send("q")
        let rows = try session.waitFor("the reader's list, redrawn") { rows in
            rows.contains { $0.contains("Episode one") } && rows.last { !$0.isEmpty }?.hasPrefix("Played Episode one") == true
        }
        XCTAssertFalse(rows.contains { $0.contains("EPISODE-LINE") }, rows.joined(separator: "\n"))
        XCTAssertEqual(try session.format("#{alternate_on}"), "1", rows.joined(separator: "\n"))
        // The reader has the keys again: the article shows the episode played, then quit.
        try session.send("Enter")
        try session.waitFor(text: "downloaded, played")
        try session.send("q", "q", "q")
        try session.waitFor(text: "READER-EXITED-0")
        XCTAssertTrue(FileManager.default.fileExists(atPath: file), "delete_played is off: the file stays")
    }
}
