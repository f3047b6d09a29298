import FeedFetch
import FeedModel
import Foundation

/// Checks a URL before it joins the feed list: fetches and parses it; when it is a web page rather
/// than a feed, discovers the feeds it links to and checks the one it names (several: the caller
/// must choose).
///
/// Threading: use from one task.
struct SubscriptionCheck {
    let fetcher: FeedFetcher

    struct Checked {
        /// The URL to store: the permanent redirect target when there was one.
        var url: String
        var title: String?
    }

    func check(_ url: String) async throws -> Checked {
        let result = try await fetch(url)
        do {
            let feed = try FeedParser.parse(result.body, baseURL: result.finalURL, charset: result.charset)
            return Checked(url: result.permanentRedirect ?? url, title: feed.title)
        } catch {
            let found = FeedDiscovery.discover(html: result.body, baseURL: result.finalURL)
            guard let first = found.first else { throw SubscriptionsError.noFeed(url: url, reason: Self.reason(error)) }
            guard found.count == 1 else { throw SubscriptionsError.severalFeeds(page: url, feeds: found) }
            let linked = try await fetch(first.url)
            do {
                let feed = try FeedParser.parse(linked.body, baseURL: linked.finalURL, charset: linked.charset)
                return Checked(url: linked.permanentRedirect ?? first.url, title: feed.title ?? first.title)
            } catch {
                throw SubscriptionsError.noFeed(url: first.url, reason: Self.reason(error))
            }
        }
    }

    /// Why the parser refused a document, said once ("an HTML page", not "not a feed: …, not a feed").
    private static func reason(_ error: FeedParseError) -> String {
        guard case .notAFeed(let reason) = error else { return error.description }
        return reason.hasSuffix(", not a feed") ? String(reason.dropLast(", not a feed".count)) : reason
    }

    private func fetch(_ url: String) async throws -> FetchResult {
        let results = await fetcher.fetchAll([FetchRequest(id: 0, url: url)])
        guard let result = results.first else { throw SubscriptionsError.fetchFailed(url: url, reason: "no result") }
        if let error = result.error { throw SubscriptionsError.fetchFailed(url: url, reason: error.description) }
        return result
    }
}
