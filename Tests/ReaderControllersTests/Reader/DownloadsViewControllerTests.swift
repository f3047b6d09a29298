import FeedModel
import FeedStore
import Foundation
@testable import ReaderControllers
import TerminalView
import TestSupport
import XCTest

/// The download key and the downloads view against a private nginx on 127.0.0.1 (`limit_rate`
/// slows the episode down): `d` queues the enclosure and downloads it in the background while the
/// reader goes on; the view shows the entry's progress bar, the total and the speed, then the
/// finished file; `D` cancels a running download, deleting its partial file.
@MainActor
final class DownloadsViewControllerTests: XCTestCase {
    private var nginx: DownloadNginx?

    /// A reader whose "Casts" feed has one episode at `/slow/ep.mp3` (`bytes` bytes at `rate` a second),
    /// with downloads going to `folder/Podcasts`; returns the reader, the folder and the episode's bytes.
    private func reader(bytes: Int, rate: Int) throws -> (ReaderHarness, String, Data) {
        let folder = try TemporaryFolder.make(self, prefix: "tidings-downloads-view")
        try FileManager.default.createDirectory(atPath: folder + "/served", withIntermediateDirectories: true)
        let server = try DownloadNginx(root: folder + "/served", folder: folder + "/nginx", slowRate: rate)
        nginx = server
        addTeardownBlock { server.stop() }
        let seed = UInt64.random(in: 0...UInt64.max)
        print("DownloadsViewControllerTests seed \(seed)")
        var generator = SplitMix(seed: seed)
        let data = Data((0..<bytes).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try data.write(to: URL(fileURLWithPath: folder + "/served/ep.mp3"))
        let url = server.url("slow", "ep.mp3")
        let reader = try ReaderHarness(self, fill: { store in
            try ReaderFixture.fill(store)
            let casts = try store.addFeed(url: "https://casts.example/feed", title: "Casts", tags: [])
            var episode = ReaderFixture.article("cast-1", "Episode one", day: 7, body: "<p>Show notes.</p>")
            episode.attachments = [Enclosure(url: url, mimeType: "audio/mpeg", sizeInBytes: Int64(bytes))]
            try store.apply(
                feedID: casts.id, feed: ReaderFixture.feed([episode]),
                fetch: FetchRecord(fetchedAt: ReaderFixture.baseDate.addingTimeInterval(30 * 86_400)))
        })
        let environment = try AppEnvironment(paths: TidingsPaths(
            feedList: folder + "/feeds.opml", database: reader.store.path, config: folder + "/config.toml"))
        var settings = DownloadSettings()
        settings.path = folder + "/Podcasts"
        reader.app.context.downloads = ReaderDownloads(
            environment: environment, settings: settings, wake: reader.app.context.wake)
        return (reader, folder, data)
    }

    func testTheDownloadKeyQueuesAndTheViewShowsProgressTotalAndSpeed() async throws {
        let (reader, folder, data) = try reader(bytes: 1_500_000, rate: 300_000)
        try EnclosureReaderTests.openCasts(reader)
        reader.type("d")
        XCTAssertEqual(reader.lines[29], "Queued 1 enclosure (P: downloads)")
        let queued = try reader.store.downloads()
        XCTAssertEqual(queued.map(\.url), [try XCTUnwrap(nginx).url("slow", "ep.mp3")])
        // The reader goes on meanwhile: open the article, come back, then the downloads view.
        reader.type("k\r")
        XCTAssertNotNil(reader.line(containing: "Show notes."), reader.screen)
        let note = reader.line(containing: "[E1] audio/mpeg, 1 MB, ")
        XCTAssertTrue(note?.hasSuffix(", queued") == true || note?.hasSuffix(", downloading") == true, reader.screen)
        reader.type("P")
        XCTAssertTrue(reader.lines[0].contains("Downloads"), reader.screen)
        let moving = reader.app.processEvents(until: {
            guard let row = reader.line(containing: "Episode one"), row.contains("downloading") else { return false }
            return row.contains("[#") && !row.contains("100%") && reader.lines[28].contains("running at")
                && !reader.lines[28].contains("at 0.0 MB/s")
        }, timeout: .seconds(20))
        XCTAssertTrue(moving, reader.screen)
        XCTAssertTrue(reader.lines[28].contains("1 entry: "), reader.lines[28])
        XCTAssertTrue(reader.lines[28].contains(" of 1.5 MB, 1 running at "), reader.lines[28])

        let finished = reader.app.processEvents(until: {
            reader.line(containing: "Episode one")?.contains("done") == true && reader.lines[29].hasPrefix("Downloads:")
        }, timeout: .seconds(30))
        XCTAssertTrue(finished, reader.screen)
        let row = try XCTUnwrap(reader.line(containing: "Episode one"))
        XCTAssertTrue(row.contains("[################] 100%") && row.contains("1.5/1.5"), row)
        XCTAssertTrue(reader.lines[28].contains("1 entry: 1.5 of 1.5 MB"), reader.lines[28])
        XCTAssertEqual(reader.lines[29], "Downloads: 1 downloaded")
        let entry = try XCTUnwrap(try reader.store.downloads().first)
        XCTAssertEqual(entry.state, .done)
        XCTAssertEqual(entry.filePath, folder + "/Podcasts/Casts - Episode one.mp3")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: try XCTUnwrap(entry.filePath))), data)
        XCTAssertNotNil(entry.fileIdentity)
        // Back in the article opened while the download ran, the section says so.
        reader.type("q")
        XCTAssertNotNil(reader.line(containing: "[E1] audio/mpeg, 1 MB, downloaded"), reader.screen)
    }

    func testCancellingARunningDownloadDeletesItsPartialFileAndEndsTheRun() async throws {
        let (reader, folder, _) = try reader(bytes: 3_000_000, rate: 100_000)
        try EnclosureReaderTests.openCasts(reader)
        reader.type("dP")
        let started = reader.app.processEvents(until: {
            reader.line(containing: "Episode one")?.contains("downloading") == true
                && FileManager.default.fileExists(atPath: folder + "/Podcasts/Casts - Episode one.mp3.part")
        }, timeout: .seconds(20))
        XCTAssertTrue(started, reader.screen)
        reader.type("D")
        XCTAssertTrue(reader.lines[29].hasPrefix("Remove \"Episode one\" from the downloads (its partial file is deleted)?"), reader.lines[29])
        reader.type("y")
        let downloads = try XCTUnwrap(reader.app.context.downloads)
        let ended = reader.app.processEvents(until: { !downloads.isRunning }, timeout: .seconds(20))
        XCTAssertTrue(ended, reader.screen)
        XCTAssertEqual(reader.lines[29], "cancelled 1 download", "the run, stopped and started again, had nothing to say")
        XCTAssertEqual(try reader.store.downloads(), [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/Podcasts"), [])
        XCTAssertNotNil(reader.line(containing: "No downloads."), reader.screen)
    }
}
