import Foundation
import TestSupport
import XCTest

/// The podcast namespace end to end: a podcast feed refreshed into the store keeps its episodes'
/// details (`v21-podcast`), `export --format json` writes them as `_tidings.podcast`, and
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

        try "{{#articles}}{{title}}:{{#podcast}} s{{season}} e{{episode}} {{episode_type}}{{#persons}} {{name}}{{/persons}}{{/podcast}}\n{{/articles}}"
            .write(toFile: folder + "/podcast.mustache", atomically: true, encoding: .utf8)
        let templated = try tidings(["export", "--template", folder + "/podcast.mustache"])
        XCTAssertEqual(templated.status, 0, templated.stderr)
        XCTAssertEqual(templated.stdout.split(separator: "\n").sorted(), ["Plain:", "Tides: s2 e12 bonus Ivo &amp; Co"])
    }

    func testChaptersAreFetchedOnDemand() throws {
        let served = folder + "/served"
        try FileManager.default.createDirectory(atPath: served, withIntermediateDirectories: true)
        let nginx = try DownloadNginx(root: served, folder: folder + "/nginx")
        defer { nginx.stop() }
        try """
            {"version": "1.2.0", "chapters": [
              {"startTime": 3723.5, "title": "Questions\\u001b[2J", "url": "https://shows.example/q"},
              {"startTime": 0, "title": "Intro"},
              {"startTime": 60, "title": "Hidden", "toc": false},
              {"startTime": 250, "title": "The tide tables", "url": "javascript:alert(1)"}
            ]}
            """.write(toFile: served + "/12.json", atomically: true, encoding: .utf8)
        let feed = Self.feed.replacingOccurrences(of: "https://shows.example/12.json", with: nginx.url("files", "12.json"))
        try feed.write(toFile: folder + "/harbour.xml", atomically: true, encoding: .utf8)
        XCTAssertEqual(try tidings(["feeds", "add", folder + "/harbour.xml"]).status, 0)
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        try "{{#articles}}{{id}}\t{{title}}\n{{/articles}}".write(
            toFile: folder + "/ids.mustache", atomically: true, encoding: .utf8)
        let listed = try tidings(["export", "--template", folder + "/ids.mustache"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        func id(_ title: String) throws -> String {
            try XCTUnwrap(listed.stdout.split(separator: "\n").first { $0.hasSuffix("\t" + title) }?.split(separator: "\t").first)
                .description
        }

        let chapters = try tidings(["podcast", "chapters", try id("Tides")])
        XCTAssertEqual(chapters.status, 0, chapters.stderr)
        XCTAssertEqual(chapters.stdout, """
            0:00:00\tIntro\t
            0:04:10\tThe tide tables\t
            1:02:03\tQuestions [2J\thttps://shows.example/q

            """)
        let none = try tidings(["podcast", "chapters", try id("Plain")])
        XCTAssertEqual(none.status, 65)
        XCTAssertEqual(none.stderr, "tidings: Plain: the feed gives no podcast:chapters for this episode\n")

        try "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n<v Mara>Welcome aboard.\n\n00:01:00.000 --> 00:01:02.000\nTides turn.\n"
            .write(toFile: served + "/12.vtt", atomically: true, encoding: .utf8)
        let withTranscript = try String(contentsOfFile: folder + "/harbour.xml", encoding: .utf8)
            .replacingOccurrences(of: "https://shows.example/12.vtt", with: nginx.url("files", "12.vtt"))
        try withTranscript.write(toFile: folder + "/harbour.xml", atomically: true, encoding: .utf8)
        XCTAssertEqual(try tidings(["refresh", "--all"]).status, 0)
        let transcript = try tidings(["podcast", "transcript", try id("Tides")])
        XCTAssertEqual(transcript.status, 0, transcript.stderr)
        XCTAssertEqual(transcript.stdout, "0:00:01\tWelcome aboard.\n0:01:00\tTides turn.\n")
        XCTAssertEqual(try tidings(["podcast", "transcript", try id("Plain")]).status, 65)

        try FileManager.default.removeItem(atPath: served + "/12.json")
        let missing = try tidings(["podcast", "chapters", try id("Tides")])
        XCTAssertEqual(missing.status, 69, missing.stderr)
        XCTAssertTrue(missing.stderr.hasPrefix("tidings: Tides: cannot fetch its chapters http://127.0.0.1:"), missing.stderr)
    }
}
