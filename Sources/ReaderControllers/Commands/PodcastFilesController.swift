import FeedFetch
import FeedHTML
import FeedModel
import FeedStore
import Foundation

/// `tidings podcast chapters|transcript ID`: fetches an episode's `podcast:chapters` or
/// `podcast:transcript` file on demand (never when an article is opened or refreshed) through the
/// feeds' fetcher, its timeouts and redirects, and lists it one line per chapter or cue.
///
/// Threading: its methods may be called from any task.
public struct PodcastFilesController: Sendable {
    /// A file larger than this is refused.
    static let sizeLimit = 4 << 20

    private let environment: AppEnvironment

    public init(environment: AppEnvironment) {
        self.environment = environment
    }

    /// The chapter lines of article `articleID`: start time, title and link, TAB-separated. Throws
    /// `CommandFailure`: 2 an unknown article, 65 no chapters or no chapters JSON, 69 not fetched.
    public func chapters(articleID: Int64) async throws -> String {
        let (article, title) = try episode(articleID)
        guard let url = article.podcast?.chapters?.url else {
            throw CommandFailure(message: "\(title): the feed gives no podcast:chapters for this episode", status: .dataError)
        }
        let body = try await fetch(url, title: title, what: "chapters")
        let chapters: [PodcastChapter]
        do {
            chapters = try PodcastChapter.parse(body)
        } catch {
            throw CommandFailure(
                message: "\(title): \(ConsoleText.line(url)) is no JSON chapters file (a \"chapters\" array); ask the podcast's publisher",
                status: .dataError)
        }
        return chapters.map { chapter in
            [Self.time(chapter.startTime), ConsoleText.line(chapter.title ?? ""), ConsoleText.line(chapter.url ?? "")]
                .joined(separator: "\t") + "\n"
        }.joined()
    }

    /// The transcript of article `articleID` (of its transcripts, the first in the order WebVTT,
    /// SubRip, JSON, plain text, HTML, other): one line per cue, its start time and a TAB first when
    /// the file is timed. Throws as `chapters` does.
    public func transcript(articleID: Int64) async throws -> String {
        let (article, title) = try episode(articleID)
        let preference = ["vtt", "subrip", "srt", "json", "text/plain", "html"]
        func rank(_ t: PodcastTranscript) -> Int {
            let type = t.type?.lowercased() ?? ""
            return preference.firstIndex { type.contains($0) } ?? preference.count
        }
        guard let transcript = article.podcast?.transcripts.enumerated().min(by: {
            (rank($0.element), $0.offset) < (rank($1.element), $1.offset)
        })?.element else {
            throw CommandFailure(message: "\(title): the feed gives no podcast:transcript for this episode", status: .dataError)
        }
        var body = try await fetch(transcript.url, title: title, what: "transcript")
        if transcript.type?.lowercased().contains("html") == true {
            body = Array(HTMLText.plainText(String(decoding: body, as: UTF8.self)).utf8)
        }
        return PodcastTranscriptText.cues(body, type: transcript.type).map { cue in
            (cue.start.map { Self.time($0) + "\t" } ?? "") + ConsoleText.line(cue.text) + "\n"
        }.joined()
    }

    /// `H:MM:SS` for seconds from the start (fractions dropped).
    static func time(_ seconds: Double) -> String {
        let total = Int(min(seconds, 1e9))
        return String(format: "%d:%02d:%02d", total / 3600, total / 60 % 60, total % 60)
    }

    private func episode(_ articleID: Int64) throws -> (StoredArticle, String) {
        guard let article = try environment.store.article(id: articleID) else {
            throw CommandFailure(message: DownloadsError.unknownArticle(articleID).description, status: .usage)
        }
        return (article, ConsoleText.line(article.title ?? "article \(articleID)"))
    }

    /// The body at `url`, at most `sizeLimit` bytes; a failure names the episode, the file and why.
    private func fetch(_ url: String, title: String, what: String) async throws -> [UInt8] {
        var configuration = environment.fetchConfiguration
        configuration.maxBodyBytes = Self.sizeLimit
        var fetched: FetchResult?
        for await result in FeedFetcher(configuration: configuration).fetch([FetchRequest(id: 0, url: url)]) {
            fetched = result
        }
        guard let result = fetched, result.error == nil, (200..<300).contains(result.status) || result.status == 0 else {
            let reason = fetched.map { $0.error?.description ?? "HTTP \($0.status)" } ?? "not fetched"
            throw CommandFailure(
                message: "\(title): cannot fetch its \(what) \(ConsoleText.line(url)): \(reason); try again later",
                status: .unavailable)
        }
        return result.body
    }
}
