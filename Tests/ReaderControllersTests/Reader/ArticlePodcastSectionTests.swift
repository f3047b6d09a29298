import FeedModel
@testable import ReaderControllers
import XCTest

/// The article view's podcast lines: episode, people, chapters and transcripts as links.
final class ArticlePodcastSectionTests: XCTestCase {
    func testRowsSayWhatTheFeedGave() {
        let podcast = PodcastEpisode(
            episodeType: "trailer", season: 2, seasonName: "The Tides", episode: 12,
            transcripts: [PodcastTranscript(url: "https://s.example/12.vtt", type: "text/vtt", language: "en")],
            chapters: PodcastChapters(url: "https://s.example/12.json"),
            persons: [PodcastPerson(name: "Mara", role: "host"), PodcastPerson(name: "Ivo")])
        XCTAssertEqual(ArticlePodcastSection.rows(podcast), [
            .init(label: "Episode", value: "season 2 \"The Tides\", episode 12, trailer"),
            .init(label: "People", value: "Mara (host), Ivo"),
            .init(label: "Chapters", value: "https://s.example/12.json", link: "https://s.example/12.json"),
            .init(label: "Transcript", value: "https://s.example/12.vtt (text/vtt, en)", link: "https://s.example/12.vtt"),
        ])
        XCTAssertEqual(ArticlePodcastSection.episodeLine(PodcastEpisode(episode: 3.5, episodeDisplay: "Ch. 3")), "Ch. 3")
        XCTAssertEqual(ArticlePodcastSection.rows(nil), [])
    }
}
