import FeedStore
import TestSupport
import Foundation
import XCTest

@testable import ReaderControllers

/// The download settings of config.toml, the default folder (XDG), and the file names made of titles.
final class DownloadSettingsTests: XCTestCase {
    func testConfigKeysAndTheirChecks() throws {
        let config = try ReaderConfig.parse("""
            download_path = "~/casts"
            download_filename_format = "%d %t.%e"
            max_downloads = 4
            max_downloads_per_host = 2
            download_stall_seconds = 5
            """)
        XCTAssertEqual(config.downloads.path, "~/casts")
        XCTAssertEqual(config.downloads.filenameFormat, "%d %t.%e")
        XCTAssertEqual(config.downloads.maxDownloads, 4)
        XCTAssertEqual(config.downloads.maxPerHost, 2)
        XCTAssertEqual(config.downloads.stallSeconds, 5)
        XCTAssertEqual(config.downloads.folder(environment: ["HOME": "/home/u"]), "/home/u/casts")
        XCTAssertThrowsError(try ReaderConfig.parse("max_downloads = 0")) { error in
            XCTAssertEqual("\(error)", "config config.toml: 'max_downloads' must be a whole number from 1 to 1000")
        }
        XCTAssertThrowsError(try ReaderConfig.parse("download_path = 3"))
    }

    func testTheDefaultFolderIsTheXDGDownloadFolderThenPodcasts() throws {
        let home = try TemporaryFolder.make(self, prefix: "tidings-download-settings")
        let settings = DownloadSettings()
        XCTAssertEqual(settings.folder(environment: ["HOME": home]), home + "/Podcasts")
        XCTAssertEqual(settings.folder(environment: ["HOME": home, "XDG_DOWNLOAD_DIR": "~/dl"]), home + "/dl")
        try FileManager.default.createDirectory(atPath: home + "/.config", withIntermediateDirectories: true)
        try "# comment\nXDG_DOWNLOAD_DIR=\"$HOME/Downloads\"\n".write(
            toFile: home + "/.config/user-dirs.dirs", atomically: true, encoding: .utf8)
        XCTAssertEqual(settings.folder(environment: ["HOME": home]), home + "/Downloads")
    }

    func testNamesAreSafe() {
        func name(_ title: String?, url: String = "http://h/a/ep.mp3?x=1", format: String = "%n - %t.%e") -> String {
            DownloadFileName.name(
                for: StoredDownload(
                    id: 1, articleID: 1, url: url, articleTitle: title, feedTitle: "Feed/Cast", published: nil,
                    mimeType: "audio/mpeg", queuedAt: Date(), state: .queued, bytesDone: 0),
                format: format)
        }
        XCTAssertEqual(name("../../etc/x"), "Feed_Cast - .._.._etc_x.mp3")
        XCTAssertEqual(name("../../etc/x", format: "%t"), "_.._etc_x")
        XCTAssertEqual(name("a\u{0}b\u{1B}c\u{9F}d"), "Feed_Cast - abcd.mp3")
        XCTAssertEqual(name("-rf", format: "%t.%e"), "rf.mp3")
        XCTAssertEqual(name(nil, url: "http://h/feed", format: "%t.%e"), "episode.mp3")
        XCTAssertEqual(name("x", url: "http://h/a/talk.OGG", format: "%u %% %d.%e"), "talk % undated.ogg")
        let long = name(String(repeating: "é", count: 1_000))
        XCTAssertEqual(long.utf8.count, 250)
        XCTAssertTrue(long.hasSuffix("é.mp3"), "cut on a character boundary, extension kept")
        XCTAssertEqual(DownloadFileName.numbered("Ep.mp3", 2), "Ep (2).mp3")
        XCTAssertEqual(DownloadFileName.numbered(long, 12).utf8.count, 250)
    }
}
