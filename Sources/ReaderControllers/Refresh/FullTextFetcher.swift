import FeedFetch
import FeedHTML
import FeedModel
import FeedStore
import Foundation

/// Fetches articles' pages through the refresh's `FeedFetcher` (its per-host limits, size limit,
/// timeouts and redirects), extracts each article (`ArticleExtractor`) and records the outcome in
/// the store beside the feed's own body (`FeedStore.recordFullText`): the full text, or why there is
/// none (HTTP status, not HTML, too big, no article, not fetched). One request per article, all
/// handed to the fetcher at once so that it runs them in parallel within its limits.
///
/// Threading: `run` may be called from any task; it returns once every page is recorded, or, after
/// the fetcher is cancelled, once the fetches it was given have ended (those cancelled record nothing).
struct FullTextFetcher: Sendable {
    let store: FeedStore
    let fetcher: FeedFetcher
    /// Applied to each article that gets a full text, whose longer text a rule may now match.
    var ignoreRules: IgnoreRules = .none

    /// What a run did: pages that gave a full text, and pages recorded with a reason instead.
    struct Tally: Sendable, Equatable {
        var extracted = 0
        var failed = 0
    }

    /// Fetches and records the pages of `articles` (article id, link).
    func run(_ articles: [(id: Int64, url: String)]) async -> Tally {
        var tally = Tally()
        guard !articles.isEmpty else { return tally }
        let links = Dictionary(articles.map { ($0.id, $0.url) }, uniquingKeysWith: { first, _ in first })
        let requests = articles.map { FetchRequest(id: $0.id, url: $0.url) }
        for await result in fetcher.fetch(requests) {
            if result.error == .cancelled { continue }
            let outcome = Self.extract(result)
            let pageURL = result.finalURL.isEmpty ? links[result.requestID] ?? result.url : result.finalURL
            // A store that cannot write now leaves the article as it was: the summary stays.
            _ = try? store.recordFullText(
                articleID: result.requestID, pageURL: pageURL, at: Date(), html: outcome.article?.contentHTML,
                text: outcome.article?.text, failure: outcome.failure, ignoring: ignoreRules)
            if outcome.article != nil { tally.extracted += 1 } else { tally.failed += 1 }
        }
        return tally
    }

    /// The article a fetched page holds, or why there is none.
    static func extract(_ result: FetchResult) -> (article: ExtractedArticle?, failure: String?) {
        if let error = result.error {
            switch error {
            case .httpStatus(let status): return (nil, "HTTP \(status)")
            case .gone: return (nil, "HTTP 410")
            case .rateLimited: return (nil, "HTTP \(result.status == 0 ? 429 : result.status)")
            case .tooLarge(let limit): return (nil, "too big (over \(limit) bytes)")
            default: return (nil, "not fetched: \(error.description)")
            }
        }
        guard (200..<300).contains(result.status) || result.status == 0 else {
            return (nil, "HTTP \(result.status)")
        }
        if let type = result.contentType?.lowercased(), !type.contains("html") {
            return (nil, "not HTML (\(type))")
        }
        // A page sent without a type (or mislabelled) that holds NUL bytes is binary, not HTML.
        if result.body.prefix(4096).contains(0) { return (nil, "not HTML (binary data)") }
        guard let article = ArticleExtractor.extract(page: result.body, url: result.finalURL, charset: result.charset),
              !article.text.isEmpty
        else { return (nil, "no article found on the page") }
        return (article, nil)
    }
}
