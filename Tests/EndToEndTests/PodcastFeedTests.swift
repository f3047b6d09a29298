import Foundation
import TestSupport
import XCTest

/// The podcast namespace end to end: a podcast feed refreshed into the store keeps its episodes'
/// details (`v19-podcast`), `export --format json` writes them as `_tidings.podcast`, and
/// `export --format rss` writes the namespace's elements, which `parse` reads back the same.
final class PodcastFeedTests: XCTestCase {
    private var folder = ""
    private var files: TestFiles { TestFiles(folder: folder) }

    override func setUpWithError() throws {
        folder = try TemporaryFolder.make(self, prefix: "tidings-podcast")
        try "".write(toFile: files.config, atomically: true, encoding: .utf8)
    }

    private func tidings(_ arguments: [String], global: Bool = true) throws -> EndToEndRun {
        try EndToEndRun.tidings(arguments + (global ? files.arguments : []), testCase: self, environment: ["HOME": folder])
    }

    private static let feed = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"
             xmlns:podcast="https://podcastindex.org/namespace/1.0">
        <channel><title>Harbour Hours</title><link>https://shows.example/harbour/</link><description>d</description>
        <item><title>Tides</title><guid isPermaLink="false">h-12</guid>
        <pubDate>Tue, 03 Nov 2026 06:00:00 GMT</pubDate>
        <enclosure url="https://shows.example/12.mp3" length="48211000" type="audio/mpeg"/>
        <itunes:duration>1:02:03</itunes:duration><itunes:episodeType>bonus</itunes:episodeType>
        <podcast:season name="The Tides">2</podcast:season><podcast:episode display="Ch. 12">12</podcast:episode>
        <podcast:transcript url="https://shows.example/12.vtt" type="text/vtt" language="en" rel="captions"/>
        <podcast:chapters url="https://shows.example/12.json" type="application/json+chapters"/>
        <podcast:person role="guest" href="https://ivo.example/">Ivo &amp; Co</podcast:person>
        </item>
        <item><title>Plain</title><guid isPermaLink="false">h-1</guid><description>no audio</description></item>
        </channel></rss>
        """

    private func podcast(ofFirstItemIn json: String) throws -> [String: Any] {
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let items = try XCTUnwrap(object["items"] as? [[String: Any]])
        let item = try XCTUnwrap(items.first { $0["title"] as? String == "Tides" })
        let plain = try XCTUnwrap(items.first { $0["title"] as? String == "Plain" })
        XCTAssertNil((plain["_tidings"] as? [String: Any])?["podcast"], "an article without details has none")
        return try XCTUnwrap((item["_tidings"] as? [String: Any])?["podcast"] as? [String: Any])
    }

    private func assertDetails(_ podcast: [String: Any], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(podcast["episode_type"] as? String, "bonus", file: file, line: line)
        XCTAssertEqual(podcast["season"] as? Int, 2, file: file, line: line)
        XCTAssertEqual(podcast["season_name"] as? String, "The Tides", file: file, line: line)
        XCTAssertEqual(podcast["episode"] as? Double, 12, file: file, line: line)
        XCTAssertEqual(podcast["episode_display"] as? String, "Ch. 12", file: file, line: line)
        XCTAssertEqual(podcast["chapters"] as? [String: String],
                       ["url": "https://shows.example/12.json", "type": "application/json+chapters"], file: file, line: line)
        XCTAssertEqual(podcast["transcripts"] as? [[String: String]], [
            ["url": "https://shows.example/12.vtt", "type": "text/vtt", "language": "en", "rel": "captions"],
        ], file: file, line: line)
        XCTAssertEqual(podcast["persons"] as? [[String: String]], [
            ["name": "Ivo & Co", "role": "guest", "href": "https://ivo.example/"],
        ], file: file, line: line)
    }

    func testStoredDetailsGoIntoJSONAndRSSExports() throws {
        let path = folder + "/harbour.xml"
        try Self.feed.write(toFile: path, atomically: true, encoding: .utf8)
        let parsed = try tidings(["parse", path], global: false)
        XCTAssertEqual(parsed.status, 0, parsed.stderr)
        assertDetails(try podcast(ofFirstItemIn: parsed.stdout))

        XCTAssertEqual(try tidings(["feeds", "add", path]).status, 0)
        let refresh = try tidings(["refresh"])
        XCTAssertEqual(refresh.status, 0, refresh.stderr)
        let json = try tidings(["export", "--format", "json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        assertDetails(try podcast(ofFirstItemIn: json.stdout))

        let rss = try tidings(["export", "--format", "rss"])
        XCTAssertEqual(rss.status, 0, rss.stderr)
        XCTAssertTrue(rss.stdout.contains(
            "<podcast:chapters xmlns:podcast=\"https://podcastindex.org/namespace/1.0\" url=\"https://shows.example/12.json\""),
            rss.stdout)
        try rss.stdout.write(toFile: folder + "/exported.xml", atomically: true, encoding: .utf8)
        let reparsed = try tidings(["parse", folder + "/exported.xml"], global: false)
        XCTAssertEqual(reparsed.status, 0, reparsed.stderr)
        assertDetails(try podcast(ofFirstItemIn: reparsed.stdout))
    }
}
