import Foundation

/// One chapter of an episode, from a Podcasting 2.0 JSON chapters file (`podcast:chapters`).
public struct PodcastChapter: Sendable, Hashable {
    /// Seconds from the start of the episode.
    public var startTime: Double
    public var title: String?
    /// A page the chapter links to (http or https only).
    public var url: String?

    public init(startTime: Double, title: String? = nil, url: String? = nil) {
        self.startTime = startTime
        self.title = title
        self.url = url
    }

    /// The chapters of a JSON chapters file (`{"version": "1.2.0", "chapters": [{"startTime": 0,
    /// "title": "…"}]}`), in time order, without those marked `"toc": false`; untrusted, so bounded
    /// like the namespace's other values (at most 2,000 chapters, titles of 256 characters). Throws
    /// `FeedParseError.notAFeed` when the bytes are no such file.
    public static func parse(_ bytes: [UInt8]) throws(FeedParseError) -> [PodcastChapter] {
        struct File: Decodable {
            struct Entry: Decodable {
                var startTime: Double?
                var title: String?
                var url: String?
                var toc: Bool?
            }
            var chapters: [Entry]
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: Data(bytes))
        } catch {
            throw .notAFeed(reason: "not a JSON chapters file (no \"chapters\" array of objects)")
        }
        var chapters: [PodcastChapter] = []
        for entry in file.chapters.prefix(2_000) where entry.toc != false {
            guard let start = entry.startTime, start.isFinite, start >= 0 else { continue }
            let url = entry.url.flatMap { url -> String? in
                let lower = url.lowercased()
                return (lower.hasPrefix("http://") || lower.hasPrefix("https://")) && url.utf8.count <= 4096 ? url : nil
            }
            chapters.append(PodcastChapter(startTime: start, title: FieldValue.oneLine(entry.title, limit: 256), url: url))
        }
        return chapters.sorted { $0.startTime < $1.startTime }
    }
}
