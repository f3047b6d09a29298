import Foundation

/// Which articles a list, a search, a count, a mark-all or an export covers, and in which order.
/// Every condition set narrows the selection (they are combined with AND).
public struct ArticleQuery: Sendable, Hashable {
    /// Only these feeds; nil for every feed.
    public var feedIDs: [Int64]?
    /// Only feeds carrying at least one of these tags; empty for no tag condition.
    public var tags: [String]
    public var unreadOnly: Bool
    public var starredOnly: Bool
    /// Only articles whose `date` is at or after this.
    public var since: Date?
    /// Words to find in title, authors and text (FTS5). Any user text is safe here: each word is
    /// matched literally; a trailing `*` on a word makes it a prefix. No matchable word matches nothing.
    public var search: String?
    /// Only articles the export state of this name has not exported yet (see `advanceExportState`).
    package var notExportedBy: String?
    /// A condition in the query language (`QueryExpression`), for query feeds and `--query`.
    public var expression: QueryExpression?
    /// Also the articles an ignore rule (`[[ignore]]`, see `FeedStore.applyIgnoreRules`) hid; they
    /// are left out unless this is set.
    public var includeIgnored: Bool
    public var sort: ArticleSort

    public init(
        feedIDs: [Int64]? = nil, tags: [String] = [], unreadOnly: Bool = false, starredOnly: Bool = false,
        since: Date? = nil, search: String? = nil, notExportedBy: String? = nil, expression: QueryExpression? = nil,
        includeIgnored: Bool = false, sort: ArticleSort = .newestFirst
    ) {
        self.feedIDs = feedIDs
        self.tags = tags
        self.unreadOnly = unreadOnly
        self.starredOnly = starredOnly
        self.since = since
        self.search = search
        self.notExportedBy = notExportedBy
        self.expression = expression
        self.includeIgnored = includeIgnored
        self.sort = sort
    }

    /// Every article of every feed.
    public static let all = ArticleQuery()
    /// The "All unread" virtual feed.
    public static let allUnread = ArticleQuery(unreadOnly: true)
    /// The "Starred" virtual feed.
    public static let starred = ArticleQuery(starredOnly: true)

    public static func feed(_ id: Int64, sort: ArticleSort = .newestFirst) -> ArticleQuery {
        ArticleQuery(feedIDs: [id], sort: sort)
    }

    public static func tag(_ tag: String, sort: ArticleSort = .newestFirst) -> ArticleQuery {
        ArticleQuery(tags: [tag], sort: sort)
    }

    /// The articles matching a query-language expression (a query feed).
    package static func matching(_ expression: QueryExpression, sort: ArticleSort = .newestFirst) -> ArticleQuery {
        ArticleQuery(expression: expression, sort: sort)
    }

    public static func search(_ text: String, sort: ArticleSort = .newestFirst) -> ArticleQuery {
        ArticleQuery(search: text, sort: sort)
    }
}

/// The order of an article list.
public enum ArticleSort: String, Sendable, Hashable, CaseIterable {
    /// By `date`, newest first.
    case newestFirst
    /// By `date`, oldest first.
    case oldestFirst
    /// By feed title (case-insensitive, as the feed list), then newest first within a feed.
    case byFeed
    /// By feed title from Z to A, then newest first within a feed.
    case byFeedDescending
    /// By article title (case-insensitive), A to Z.
    case titleAscending
    /// By article title (case-insensitive), Z to A.
    case titleDescending

    /// True for the orders that read the feed's title (the feeds drive the query).
    var isByFeed: Bool { self == .byFeed || self == .byFeedDescending }
}
