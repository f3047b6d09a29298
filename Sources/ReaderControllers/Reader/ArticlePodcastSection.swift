import FeedModel
import Foundation

/// The article view's podcast lines, under its header fields: the episode's number, season and
/// type, its people, its chapters file and its transcripts (links, opened or fetched on demand:
/// nothing is fetched when the article opens).
enum ArticlePodcastSection {
    /// One header line: its label, its text, and the URL it links to.
    struct Row: Equatable {
        let label: String
        let value: String
        var link: String? = nil
    }

    static func rows(_ podcast: PodcastEpisode?) -> [Row] {
        guard let podcast else { return [] }
        var rows: [Row] = []
        if let episode = episodeLine(podcast) { rows.append(Row(label: "Episode", value: episode)) }
        let people = podcast.persons.map { person in
            person.role.map { "\(person.name) (\($0))" } ?? person.name
        }
        if !people.isEmpty { rows.append(Row(label: "People", value: people.joined(separator: ", "))) }
        if let chapters = podcast.chapters {
            rows.append(Row(label: "Chapters", value: chapters.url, link: chapters.url))
        }
        for transcript in podcast.transcripts {
            let details = [transcript.type, transcript.language].compactMap { $0 }
            let suffix = details.isEmpty ? "" : " (\(details.joined(separator: ", ")))"
            rows.append(Row(label: "Transcript", value: transcript.url + suffix, link: transcript.url))
        }
        return rows
    }

    /// `season 2 "The Tides", episode 12 (Ch. 12), trailer`: what the feed said, in that order.
    static func episodeLine(_ p: PodcastEpisode) -> String? {
        var parts: [String] = []
        if let season = p.season {
            parts.append("season \(season)" + (p.seasonName.map { " \"\($0)\"" } ?? ""))
        } else if let name = p.seasonName {
            parts.append("season \"\(name)\"")
        }
        if let display = p.episodeDisplay {
            parts.append(display)
        } else if let episode = p.episode {
            parts.append("episode " + (episode == episode.rounded() ? String(Int(episode)) : String(episode)))
        }
        if let type = p.episodeType, type != "full" { parts.append(type) }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
