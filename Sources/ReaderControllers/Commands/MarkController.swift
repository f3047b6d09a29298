import FeedExport
import FeedStore

/// What `tidings mark` does to each article.
public enum MarkAction: String, Sendable, CaseIterable {
    case read, unread, star, unstar
}

/// Marks articles read, unread, starred or unstarred for scripts (`tidings mark`), by id or by query.
/// Each mark of an account's article goes into the outbox in the mark's own transaction (the store's
/// triggers), so the next refresh sends it to the service; no network is used here.
///
/// Threading: synchronous; safe from any thread.
public struct MarkController: Sendable {
    private let environment: AppEnvironment

    public init(environment: AppEnvironment) {
        self.environment = environment
    }

    /// Marks the articles with `ids`, or those `query` matches among the feeds of the feed list in use
    /// (ignored ones included: a script names what it means); returns how many changed. An id the
    /// store does not hold fails the whole command (`CommandFailure`, 65) before anything is written;
    /// a query that does not parse throws `ExportError.invalidQuery` (2).
    public func run(_ action: MarkAction, ids: [Int64], query: String?) throws -> Int {
        let store = environment.store
        var targets = ids
        if let expression = try ExportError.parse(query) {
            let scope = try SubscriptionsController(environment: environment).scope()
            let matching = ArticleQuery(feedIDs: scope.feedIDs, expression: expression, includeIgnored: true)
            try store.forEachArticle(matching: matching, withContent: false) { article in targets.append(article.id) }
        } else {
            for id in ids where try store.article(id: id) == nil {
                throw CommandFailure(
                    message: "mark: no article has id \(id) (an article's id is `{{id}}` in an export template); "
                        + "nothing was marked",
                    status: .dataError)
            }
        }
        switch action {
        case .read: return try store.setRead(true, articleIDs: targets)
        case .unread: return try store.setRead(false, articleIDs: targets)
        case .star: return try store.setStarred(true, articleIDs: targets)
        case .unstar: return try store.setStarred(false, articleIDs: targets)
        }
    }
}
