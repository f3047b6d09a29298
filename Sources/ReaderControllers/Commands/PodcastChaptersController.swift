import FeedFetch
import FeedModel
import FeedStore
import Foundation

/// `tidings podcast chapters ID`: fetches an episode's `podcast:chapters` file on demand (never
/// when an article is opened or refreshed) through the feeds' fetcher, its timeouts, proxy and size
/// limit, and lists the chapters one a line: start time, title, link.
///
/// Threading: `chapters` may be called from any task.
public struct PodcastChaptersController: Sendable {
    /// A chapters file larger than this is refused.
    static let sizeLimit = 4 << 20

    private let environment: AppEnvironment

    public init(environment: AppEnvironment) {
        self.environment = environment
    }

    /// The chapter lines of article `articleID` (`0:04:10  Title  URL`, TAB-separated off a terminal
    /// as on one). Throws `CommandFailure`: 2 for an unknown article, 65 for one without chapters or a
    /// file that is no chapters JSON, 69 when the file cannot be fetched.
    public func chapters(articleID: Int64) async throws -> String {
        guard let article = try environment.store.article(id: articleID) else {
            throw CommandFailure(message: DownloadsError.unknownArticle(articleID).description, status: .usage)
        }
        let title = ConsoleText.line(article.title ?? "article \(articleID)")
        guard let url = article.podcast?.chapters?.url else {
            throw CommandFailure(message: "\(title): the feed gives no podcast:chapters for this episode", status: .dataError)
        }
        var configuration = environment.fetchConfiguration
        configuration.maxBodyBytes = Self.sizeLimit
        var fetched: FetchResult?
        for await result in FeedFetcher(configuration: configuration).fetch([FetchRequest(id: articleID, url: url)]) {
            fetched = result
        }
        guard let result = fetched, result.error == nil, (200..<300).contains(result.status) || result.status == 0 else {
            let reason = fetched.map { $0.error?.description ?? "HTTP \($0.status)" } ?? "not fetched"
            throw CommandFailure(
                message: "\(title): cannot fetch its chapters \(ConsoleText.line(url)): \(reason); try again later",
                status: .unavailable)
        }
        let chapters: [PodcastChapter]
        do {
            chapters = try PodcastChapter.parse(result.body)
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

    /// `H:MM:SS` for seconds from the start (fractions dropped).
    static func time(_ seconds: Double) -> String {
        let total = Int(min(seconds, 1e9))
        return String(format: "%d:%02d:%02d", total / 3600, total / 60 % 60, total % 60)
    }
}
