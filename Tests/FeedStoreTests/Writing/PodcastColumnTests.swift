import FeedModel
import Foundation
import XCTest

@testable import FeedStore

/// The `podcast` column (`v21-podcast`): an episode's details are stored and read back, an unchanged
/// episode stays unchanged, changed details update it in place, and other articles have none.
final class PodcastColumnTests: XCTestCase {
    private var store: FeedStore!
    private var feedID: Int64 = 0

    override func setUpWithError() throws {
        store = try makeStore(self)
        feedID = try store.addFeed(url: "https://example.org/feed").id
    }

    private func episode(_ season: Int) -> Article {
        var article = item(1)
        article.podcast = PodcastEpisode(
            episodeType: "bonus", season: season, episode: 4.5,
            transcripts: [PodcastTranscript(url: "https://example.org/4.vtt", type: "text/vtt")],
            chapters: PodcastChapters(url: "https://example.org/4.json"),
            persons: [PodcastPerson(name: "Ada \"the\" Host", role: "host")])
        return article
    }

    func testDetailsAreStoredAndChangesUpdateInPlace() throws {
        let first = try store.apply(feedID: feedID, feed: document([episode(1), item(2)]), fetch: fetch())
        let id = try XCTUnwrap(first.newArticleIDs.first)
        XCTAssertEqual(try store.article(id: id)?.podcast, episode(1).podcast)
        XCTAssertNil(try store.article(id: try XCTUnwrap(first.newArticleIDs.last))?.podcast)
        XCTAssertEqual(try sqlite3(store.path, "SELECT count(*) FROM articles WHERE podcast IS NOT NULL;"), "1")
        try store.setRead(true, articleIDs: [id])

        let again = try store.apply(feedID: feedID, feed: document([episode(1), item(2)]), fetch: fetch())
        XCTAssertEqual([again.new, again.updated, again.unchanged], [0, 0, 2])
        let changed = try store.apply(feedID: feedID, feed: document([episode(2), item(2)]), fetch: fetch())
        XCTAssertEqual([changed.new, changed.updated, changed.unchanged], [0, 1, 1])
        let stored = try XCTUnwrap(try store.article(id: id))
        XCTAssertEqual(stored.podcast?.season, 2)
        XCTAssertTrue(stored.read, "marks kept")
    }
}
