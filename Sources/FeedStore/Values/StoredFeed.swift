import Foundation

/// A feed as stored: what the user chose (URL, title, tags, refresh interval), what the feed document
/// said about itself, the fetch state, and its article counts at the time it was read.
public struct StoredFeed: Sendable, Hashable, Identifiable {
    public let id: Int64
    public let url: String
    /// The title the user gave (the OPML outline's title), if any.
    public let title: String?
    /// The title the feed document gives itself, from the latest successful fetch.
    public let feedTitle: String?
    /// The user's title, else the feed's own title, else the URL.
    public let displayTitle: String
    public let siteURL: String?
    package let feedDescription: String?
    /// Tags in the user's order (OPML folders map to tags).
    public let tags: [String]
    /// The user's refresh interval for this feed, in seconds, overriding the computed schedule.
    public let refreshInterval: TimeInterval?
    package let createdAt: Date
    public let fetchState: FetchState
    public let unreadCount: Int
    public let totalCount: Int
    /// The feed-service account the feed belongs to (its articles come from there); nil for a feed
    /// Tidings fetches itself.
    public let account: String?
}

/// What the last fetches of a feed left behind: validators, outcome, failures, schedule.
public struct FetchState: Sendable, Hashable {
    public let etag: String?
    public let lastModified: String?
    /// The hash of the last body stored, as handed to `apply` (see `FeedStore.bodyHashMatches`).
    public let bodyHash: String?
    public let lastFetchAt: Date?
    public let lastSuccessAt: Date?
    /// The HTTP status of the last fetch (0 or nil when none was made or no status applies).
    public let lastStatus: Int?
    /// The error of the last fetch; nil after a success.
    public let lastError: String?
    public let consecutiveFailures: Int
    /// When the feed should be fetched next; nil means as soon as possible.
    public let nextFetchAt: Date?
    /// The target of the last permanent redirect, after which `url` was changed to it.
    package let permanentRedirectURL: String?
    /// True after a 410 Gone or by the user's choice: refresh skips disabled feeds.
    public let disabled: Bool
    package let disabledReason: String?
}

/// What `FeedStore.syncFeeds` changed, and which feeds the list names.
public struct FeedSyncResult: Sendable, Hashable {
    /// Ids of the feeds added, in the order of the list.
    public let added: [Int64]
    /// Ids of the feeds whose title, tags or refresh interval changed.
    public let updated: [Int64]
    /// Ids of every feed the list names, in the order of the list (a feed named twice once).
    public let listed: [Int64]

    package init(added: [Int64], updated: [Int64], listed: [Int64]) {
        self.added = added
        self.updated = updated
        self.listed = listed
    }

    /// The feeds of the list: what a command working on this list sees.
    public var scope: FeedScope { .listed(listed) }
}

/// A feed `FeedStore.pruneFeeds` removed (or, in a dry run, would remove): what it deleted and kept.
public struct PrunedFeed: Sendable, Hashable {
    public let url: String
    public let title: String
    /// When a feed list last named the feed (nil when never recorded).
    package let lastListedAt: Date?
    /// The articles deleted (every one but the starred).
    public let deletedArticles: Int
    /// The starred articles kept; the feed itself is kept (unlisted) while there are any.
    public let keptStarred: Int
}

/// A tag with how many feeds carry it and their article counts (virtual rows of the feed list).
public struct TagSummary: Sendable, Hashable {
    public let tag: String
    public let feedCount: Int
    public let unreadCount: Int
    public let totalCount: Int
}

/// Store-wide counts for `tidings count` and the feed list's virtual rows.
public struct ArticleCounts: Sendable, Hashable {
    public let feeds: Int
    public let articles: Int
    public let unread: Int
    public let starred: Int
    /// Feeds that have at least one unread article.
    public let feedsWithUnread: Int
}
