import FeedModel
import Foundation

/// The `podcast` column of `articles` (migration `v21-podcast`): an episode's `PodcastEpisode` as JSON
/// through its Codable conformance (snake_case keys, as `parse` writes them). Only podcast feeds'
/// entries have one, so the encoder's cost is not paid for other articles. NULL when empty.
enum PodcastColumn {
    static func encode(_ podcast: PodcastEpisode?) -> String? {
        guard let podcast, !podcast.isEmpty else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(podcast)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The details of a `podcast` column; nil for NULL or text that is not such JSON.
    static func decode(_ text: String?) -> PodcastEpisode? {
        JSONColumn.decode(PodcastEpisode.self, from: text)
    }
}
