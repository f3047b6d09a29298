import FeedModel
import FeedStore
import Foundation
@testable import ReaderControllers
import TerminalView
import TestSupport
import XCTest

/// Enclosures in the reader (headless terminal, real store): the article view's section, the URL
/// view's rows, the list's `@` column, the player (a script standing in for mpv) and the played
/// mark, and `delete_played` deleting only the file Tidings downloaded.
@MainActor
final class EnclosureReaderTests: XCTestCase {
    static let episodeURL = "https://casts.example/ep1.mp3"

    /// Alpha News as in `ReaderFixture`, plus "Casts" whose episode has two enclosures.
    static func fill(_ store: FeedStore) throws {
        try ReaderFixture.fill(store)
        let casts = try store.addFeed(url: "https://casts.example/feed", title: "Casts", tags: [])
        var episode = ReaderFixture.article("cast-1", "Episode one", day: 7, body: "<p>Show notes.</p>")
        episode.attachments = [
            Enclosure(url: episodeURL, mimeType: "audio/mpeg", sizeInBytes: 12 << 20, durationInSeconds: 3723),
            Enclosure(url: "https://casts.example/ep1.pdf", mimeType: "application/pdf", title: "Transcript"),
        ]
        try store.apply(
            feedID: casts.id, feed: ReaderFixture.feed([episode]),
            fetch: FetchRecord(fetchedAt: ReaderFixture.baseDate.addingTimeInterval(30 * 86_400)))
    }

    /// A player script that appends its argument to `log` and exits with `status`.
    private func player(_ folder: URL, log: URL, status: Int = 0) throws -> String {
        let script = folder.appendingPathComponent("player-\(status).sh")
        try "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(log.path)'\nexit \(status)\n"
            .write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return "'\(script.path)' %u"
    }

    /// Opens "Casts" (the feed list's last feed) and returns with its list on screen.
    static func openCasts(_ reader: ReaderHarness) throws {
        let row = try XCTUnwrap(reader.lines.firstIndex { $0.contains("Casts") }, reader.screen)
        reader.type("g" + String(repeating: "j", count: row - 2) + "\r")
        XCTAssertTrue(reader.lines[0].contains("Casts"), reader.screen)
    }

    func testTheListMarksArticlesWithEnclosuresAndTheArticleViewListsThem() async throws {
        let reader = try ReaderHarness(self, fill: Self.fill)
        reader.type("\r")  // All unread
        let episode = try XCTUnwrap(reader.line(containing: "Episode one"), reader.screen)
        XCTAssertTrue(episode.hasPrefix("N   @ "), episode)
        let plain = try XCTUnwrap(reader.line(containing: "Alpha third story"), reader.screen)
        XCTAssertTrue(plain.hasPrefix("N     "), plain)

        try Self.openCasts(reader)
        reader.type("\r")
        let screen = reader.screen
        XCTAssertTrue(screen.contains("Enclosures:"), screen)
        XCTAssertNotNil(reader.line(containing: "[E1] audio/mpeg, 12 MB, 1:02:03"), screen)
        XCTAssertNotNil(reader.line(containing: "     " + Self.episodeURL), screen)
        XCTAssertNotNil(reader.line(containing: "[E2] Transcript, application/pdf"), screen)
        let section = try XCTUnwrap(reader.lines.firstIndex { $0.contains("Enclosures:") })
        let body = try XCTUnwrap(reader.lines.firstIndex { $0.contains("Show notes.") })
        XCTAssertLessThan(section, body, "the section comes before the text")
    }

    func testTheURLViewListsTheEnclosuresWithTheLinks() async throws {
        let reader = try ReaderHarness(self, fill: Self.fill)
        try Self.openCasts(reader)
        reader.type("\ru")
        XCTAssertTrue(reader.lines[0].contains("Links"), reader.screen)
        let rows = reader.lines.filter { $0.contains("https://") }
        XCTAssertEqual(rows.count, 3, reader.screen)
        XCTAssertTrue(rows[0].contains("URL") && rows[0].contains("https://example.org/cast-1"), rows[0])
        XCTAssertTrue(rows[1].contains("E1") && rows[1].contains(Self.episodeURL), rows[1])
        XCTAssertTrue(rows[2].contains("E2") && rows[2].contains("https://casts.example/ep1.pdf"), rows[2])
    }

    func testThePlayerStreamsTheURLAndMarksTheEpisodePlayed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("player-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("played.txt")
        var config = ReaderConfig()
        config.player = try player(folder, log: log)
        let reader = try ReaderHarness(self, config: config, fill: Self.fill)
        try Self.openCasts(reader)
        reader.type("m")  // from the list
        XCTAssertEqual(try String(contentsOf: log, encoding: .utf8), Self.episodeURL + "\n")
        XCTAssertTrue(reader.lines[29].hasPrefix("Played (streamed)"), reader.lines[29])
        XCTAssertNotNil(try reader.store.playedDates(urls: [Self.episodeURL])[Self.episodeURL])
        reader.type("\r")
        XCTAssertNotNil(reader.line(containing: "[E1] audio/mpeg, 12 MB, 1:02:03, played"), reader.screen)
        reader.type("2m")  // from the article: the second enclosure
        XCTAssertEqual(
            try String(contentsOf: log, encoding: .utf8), Self.episodeURL + "\nhttps://casts.example/ep1.pdf\n")
        reader.type("3m")
        XCTAssertTrue(reader.lines[29].contains("No enclosure [E3]"), reader.lines[29])
    }

    func testAPlayerThatFailsMarksNothing() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("player-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        var config = ReaderConfig()
        config.player = try player(folder, log: folder.appendingPathComponent("log"), status: 3)
        let reader = try ReaderHarness(self, config: config, fill: Self.fill)
        try Self.openCasts(reader)
        reader.type("m")
        XCTAssertTrue(reader.lines[29].contains("exited with status 3; not marked played"), reader.lines[29])
        XCTAssertEqual(try reader.store.playedDates(urls: [Self.episodeURL]), [:])
        config.player = "/nonexistent/player"
        let missing = try ReaderHarness(self, config: config, fill: Self.fill)
        try Self.openCasts(missing)
        missing.type("m")
        XCTAssertTrue(missing.lines[29].contains("cannot be run; set `player` in config.toml"), missing.lines[29])
    }

    /// A finished queue entry for the episode, its file `name` written in `folder` with `bytes`.
    private func downloaded(_ store: FeedStore, url: String, folder: URL, name: String, bytes: Data) throws -> String {
        let articleID = try XCTUnwrap(try store.articleSummaries(.all, offset: 0, limit: 100).first { $0.title == "Episode one" }?.id)
        var entry = try XCTUnwrap(try store.queueDownloads([NewDownload(
            articleID: articleID, url: url, articleTitle: "Episode one", feedTitle: "Casts", published: nil,
            mimeType: "audio/mpeg")]).first)
        let path = folder.appendingPathComponent(name).path
        try bytes.write(to: URL(fileURLWithPath: path))
        entry.state = .done
        entry.filePath = path
        entry.bytesDone = Int64(bytes.count)
        entry.bytesTotal = Int64(bytes.count)
        entry.fileIdentity = PlayedFileRemoval.identity(of: path)
        try store.updateDownload(entry)
        return path
    }

    func testDeletePlayedDeletesOnlyTheFileTidingsDownloaded() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("played-\(UUID().uuidString)")
        let downloads = folder.appendingPathComponent("Podcasts")
        try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("played.txt")
        var config = ReaderConfig()
        config.player = try player(folder, log: log)
        config.deletePlayed = true
        config.downloads.path = downloads.path
        let reader = try ReaderHarness(self, size: TerminalSize(width: 200, height: 30), config: config, fill: Self.fill)
        let own = try downloaded(reader.store, url: Self.episodeURL, folder: downloads, name: "ep1.mp3", bytes: Data(repeating: 1, count: 1000))
        let other = try downloaded(
            reader.store, url: "https://casts.example/ep1.pdf", folder: downloads, name: "ep1.pdf", bytes: Data(repeating: 2, count: 1000))
        // Someone else's file now has the second entry's name (and size): written beside it, then renamed over it.
        let foreign = Data(repeating: 3, count: 1000)
        try foreign.write(to: downloads.appendingPathComponent("foreign.tmp"))
        XCTAssertEqual(rename(downloads.appendingPathComponent("foreign.tmp").path, other), 0)

        try Self.openCasts(reader)
        reader.type("\r")
        reader.type("m")
        XCTAssertEqual(try String(contentsOf: log, encoding: .utf8), own + "\n", "the downloaded file is played")
        XCTAssertTrue(reader.lines[29].contains("deleted \(own)"), reader.lines[29])
        XCTAssertFalse(FileManager.default.fileExists(atPath: own))

        reader.type("2m")
        XCTAssertEqual(try String(contentsOf: log, encoding: .utf8), own + "\n" + other + "\n")
        XCTAssertTrue(reader.lines[29].contains("file kept: \(other) is not the file Tidings downloaded"), reader.lines[29])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: other)), foreign, "byte for byte")
        XCTAssertNotNil(try reader.store.playedDates(urls: ["https://casts.example/ep1.pdf"])["https://casts.example/ep1.pdf"])
    }

    func testAFileOutsideTheDownloadFolderIsNeverDeleted() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("played-\(UUID().uuidString)")
        let elsewhere = folder.appendingPathComponent("Music")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let store = try FeedStore(path: folder.appendingPathComponent("tidings.db").path)
        try Self.fill(store)
        let path = try downloaded(store, url: Self.episodeURL, folder: elsewhere, name: "ep1.mp3", bytes: Data(count: 10))
        let entry = try XCTUnwrap(try store.download(url: Self.episodeURL))
        XCTAssertEqual(
            PlayedFileRemoval.remove(entry, folder: folder.appendingPathComponent("Podcasts").path),
            .kept("\(path) is not in the download folder \(folder.appendingPathComponent("Podcasts").path)"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        XCTAssertEqual(PlayedFileRemoval.remove(entry, folder: elsewhere.path), .deleted(path))
    }
}
