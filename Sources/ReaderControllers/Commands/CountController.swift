import FeedExport
import FeedStore

/// Counts articles for status bars and scripts (`tidings count`, like newsboat's print-unread).
///
/// Threading: synchronous; safe from any thread.
public struct CountController: Sendable {
    private let environment: AppEnvironment

    public init(environment: AppEnvironment) {
        self.environment = environment
    }

    /// The counts as one line (with its line break), over the feeds of the feed list in use (read,
    /// not changed): with `unreadOnly`, the unread articles and the feeds that have some; otherwise
    /// every article, feed, unread article, and starred article (of the whole database, as the
    /// reader's Starred row). With `query`, the articles matching it (throws
    /// `ExportError.invalidQuery` when it does not parse). Articles the `ignoreRules` hide (applied to
    /// the store first when they changed) are left out unless `includeIgnored`.
    public func run(
        unreadOnly: Bool, format: CountFormat, query: String? = nil, includeIgnored: Bool = false,
        ignoreRules: IgnoreRules = .none
    ) throws -> String {
        let expression = try ExportError.parse(query)
        let store = environment.store
        try store.applyIgnoreRules(ignoreRules)
        let scope = try SubscriptionsController(environment: environment).scope()
        guard let expression else {
            return Self.render(
                try store.counts(in: scope, includeIgnored: includeIgnored), unreadOnly: unreadOnly, format: format)
        }
        let matching = ArticleQuery(feedIDs: scope.feedIDs, expression: expression, includeIgnored: includeIgnored)
        var unread = matching
        unread.unreadOnly = true
        var starred = matching
        starred.starredOnly = true
        let counts = QueryCounts(
            articles: unreadOnly ? 0 : try store.countArticles(matching), unread: try store.countArticles(unread),
            starred: unreadOnly ? 0 : try store.countArticles(starred))
        return Self.render(counts, unreadOnly: unreadOnly, format: format)
    }

    /// The articles a `--query` matches.
    struct QueryCounts {
        let articles: Int
        let unread: Int
        let starred: Int
    }

    static func render(_ counts: QueryCounts, unreadOnly: Bool, format: CountFormat) -> String {
        switch format {
        case .text where unreadOnly:
            return "\(counts.unread) unread \(counts.unread == 1 ? "article matches" : "articles match")\n"
        case .text:
            return "\(counts.articles) \(counts.articles == 1 ? "article matches" : "articles match")"
                + " (\(counts.unread) unread, \(counts.starred) starred)\n"
        case .json where unreadOnly:
            return "{\"unread\":\(counts.unread)}\n"
        case .json:
            return "{\"articles\":\(counts.articles),\"unread\":\(counts.unread),\"starred\":\(counts.starred)}\n"
        }
    }

    static func render(_ counts: ArticleCounts, unreadOnly: Bool, format: CountFormat) -> String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        switch format {
        case .text where unreadOnly:
            return "\(counts.unread) unread \(counts.unread == 1 ? "article" : "articles") in "
                + plural(counts.feedsWithUnread, "feed") + "\n"
        case .text:
            return plural(counts.articles, "article") + " in " + plural(counts.feeds, "feed")
                + " (\(counts.unread) unread, \(counts.starred) starred)\n"
        case .json where unreadOnly:
            return "{\"unread\":\(counts.unread),\"feeds_with_unread\":\(counts.feedsWithUnread)}\n"
        case .json:
            return "{\"articles\":\(counts.articles),\"unread\":\(counts.unread),\"starred\":\(counts.starred),"
                + "\"feeds\":\(counts.feeds),\"feeds_with_unread\":\(counts.feedsWithUnread)}\n"
        }
    }
}
