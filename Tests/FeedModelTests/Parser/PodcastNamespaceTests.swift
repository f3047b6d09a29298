import XCTest

@testable import FeedModel

/// The podcast namespace and iTunes episode tags: read into `Article.podcast`, bounded, URLs resolved
/// and limited to http(s), written into `parse`'s JSON.
final class PodcastNamespaceTests: XCTestCase {
    func testEpisodeDetailsAreRead() throws {
        let feed = try ParserFixtures.feed("podcast-namespace.xml")
        XCTAssertEqual(feed.items.count, 3)
        let first = try XCTUnwrap(feed.items[0].podcast)
        XCTAssertEqual(first.episodeType, "full")
        XCTAssertEqual(first.season, 2, "podcast:season wins over itunes:season")
        XCTAssertEqual(first.seasonName, "The Tides")
        XCTAssertEqual(first.episode, 12.5)
        XCTAssertEqual(first.episodeDisplay, "Ch. 12")
        XCTAssertEqual(first.transcripts, [
            PodcastTranscript(url: "https://shows.example/harbour/transcripts/12.vtt", type: "text/vtt", language: "en-GB",
                              rel: "captions"),
            PodcastTranscript(url: "https://cdn.shows.example/12.srt", type: "application/x-subrip"),
        ], "relative URLs resolved against xml:base; a javascript: URL dropped")
        XCTAssertEqual(first.chapters, PodcastChapters(
            url: "https://shows.example/harbour/chapters/12.json", type: "application/json+chapters"))
        XCTAssertEqual(first.persons, [
            PodcastPerson(name: "Ivo & Friends", role: "guest", group: "cast", href: "https://dock.example/ivo"),
            PodcastPerson(name: "Noor Haddad", role: "guest"),
        ], "the episode's own people replace the show's; a file: picture is dropped")
        XCTAssertEqual(feed.items[0].attachments.first?.durationInSeconds, 3723)
        XCTAssertEqual(feed.items[0].attachments.first?.url, "https://shows.example/harbour/audio/12.mp3")

        let trailer = try XCTUnwrap(feed.items[1].podcast)
        XCTAssertEqual(trailer.episodeType, "trailer")
        XCTAssertEqual(trailer.season, 1, "itunes:season when there is no podcast:season")
        XCTAssertEqual(trailer.episode, 3)
        XCTAssertEqual(trailer.persons, [
            PodcastPerson(name: "Mara Quill", role: "host", img: "https://shows.example/harbour/img/mara.jpg",
                          href: "https://mara.example/")
        ], "the show's people for an episode that names none")
        XCTAssertNil(feed.items[2].podcast, "an entry with no episode details has none")
    }

    func testHostileValuesAreBounded() throws {
        let long = String(repeating: "x", count: 5000)
        let persons = (0..<100).map { "<podcast:person>P\($0)</podcast:person>" }.joined()
        let feed = try ParserFixtures.parse("""
            <rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"
                 xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><item>
            <title>t</title>
            <podcast:season>-4</podcast:season><podcast:episode>1e400</podcast:episode>
            <itunes:episodeType>\(long)</itunes:episodeType>
            <podcast:chapters url="https://x.example/\(long)"/>
            <podcast:transcript url="data:text/plain,hi"/>
            <itunes:duration>1:2:3:4</itunes:duration>
            <enclosure url="https://x.example/a.mp3" type="audio/mpeg"/>
            \(persons)
            </item></channel></rss>
            """)
        let podcast = try XCTUnwrap(feed.items.first?.podcast)
        XCTAssertNil(podcast.season)
        XCTAssertNil(podcast.episode)
        XCTAssertEqual(podcast.episodeType?.count, 256)
        XCTAssertNil(podcast.chapters, "a URL over 4096 bytes")
        XCTAssertTrue(podcast.transcripts.isEmpty)
        XCTAssertEqual(podcast.persons.count, 32)
        XCTAssertNil(feed.items.first?.attachments.first?.durationInSeconds, "four parts are no duration")
    }

    func testUndeclaredPrefixAndOlderNamespaceURI() throws {
        let feed = try ParserFixtures.parse("""
            <rss version="2.0" xmlns:podcast="https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/1.0.md">
            <channel><item><title>a</title><podcast:episode>4</podcast:episode></item></channel></rss>
            """)
        XCTAssertEqual(feed.items.first?.podcast?.episode, 4)
    }

    func testParseJSONCarriesThePodcastObject() throws {
        let json = JSONFeedWriter.document(for: try ParserFixtures.feed("podcast-namespace.xml"), pretty: false)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
        let items = try XCTUnwrap(object["items"] as? [[String: Any]])
        let tidings = try XCTUnwrap(items[0]["_tidings"] as? [String: Any])
        let podcast = try XCTUnwrap(tidings["podcast"] as? [String: Any])
        XCTAssertEqual(podcast["episode_type"] as? String, "full")
        XCTAssertEqual(podcast["season"] as? Int, 2)
        XCTAssertEqual(podcast["season_name"] as? String, "The Tides")
        XCTAssertEqual(podcast["episode"] as? Double, 12.5)
        XCTAssertEqual(podcast["episode_display"] as? String, "Ch. 12")
        XCTAssertEqual((podcast["chapters"] as? [String: Any])?["url"] as? String,
                       "https://shows.example/harbour/chapters/12.json")
        let transcripts = try XCTUnwrap(podcast["transcripts"] as? [[String: Any]])
        XCTAssertEqual(transcripts.first?["rel"] as? String, "captions")
        XCTAssertEqual(transcripts.first?["language"] as? String, "en-GB")
        let persons = try XCTUnwrap(podcast["persons"] as? [[String: Any]])
        XCTAssertEqual(persons.map { $0["name"] as? String }, ["Ivo & Friends", "Noor Haddad"])
        XCTAssertNil((items[2]["_tidings"] as? [String: Any])?["podcast"])
    }
}
