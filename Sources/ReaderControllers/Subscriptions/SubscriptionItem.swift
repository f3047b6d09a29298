import FeedStore
import Foundation

/// One feed as `tidings feeds list` shows it: title, URL, tags, counts and the last fetch outcome.
public struct SubscriptionItem: Sendable, Hashable, Encodable {
    public let id: Int64
    /// The title to show: the user's, else the feed's own, else the URL.
    public let title: String
    /// The user's title, else the feed's own; `nil` for a feed that has neither yet.
    public let name: String?
    public let url: String
    public let tags: [String]
    public let unread: Int
    public let total: Int
    /// The HTTP status of the last fetch (0 for local files), nil before the first.
    package let lastStatus: Int?
    package let lastError: String?
    package let lastFetch: Date?
    package let nextFetch: Date?
    public let disabled: Bool
    /// The refresh interval the user set on the OPML outline, in seconds.
    public let refreshInterval: TimeInterval?
    /// False for a feed the database keeps that the feed list in use does not name (`feeds list --all`).
    public let listed: Bool
    /// True when `feeds add` brought back a feed the database had kept, with its articles and marks.
    public let restored: Bool
    /// The `[[account]]` the feed comes from; nil for a feed of the feed list.
    public var account: String?

    init(
        id: Int64 = 0, title: String, name: String?, url: String, tags: [String], unread: Int, total: Int,
        lastStatus: Int? = nil, lastError: String? = nil, disabled: Bool = false, listed: Bool = true
    ) {
        self.id = id
        self.title = title
        self.name = name
        self.url = url
        self.tags = tags
        self.unread = unread
        self.total = total
        self.lastStatus = lastStatus
        self.lastError = lastError
        lastFetch = nil
        nextFetch = nil
        self.disabled = disabled
        refreshInterval = nil
        self.listed = listed
        restored = false
    }

    init(_ feed: StoredFeed, listed: Bool = true, restored: Bool = false) {
        self.listed = listed
        self.restored = restored
        id = feed.id
        title = feed.displayTitle
        name = [feed.title, feed.feedTitle].compactMap { $0 }.first { !$0.isEmpty }
        url = feed.url
        tags = feed.tags
        unread = feed.unreadCount
        total = feed.totalCount
        lastStatus = feed.fetchState.lastFetchAt == nil ? nil : feed.fetchState.lastStatus
        lastError = feed.fetchState.lastError
        lastFetch = feed.fetchState.lastFetchAt
        nextFetch = feed.fetchState.nextFetchAt
        disabled = feed.fetchState.disabled
        refreshInterval = feed.refreshInterval
        account = feed.account
    }

    enum CodingKeys: String, CodingKey {
        case id, title, url, tags, unread, total, lastStatus = "last_status", lastError = "last_error"
        case lastFetch = "last_fetch", nextFetch = "next_fetch", disabled, refreshInterval = "refresh_interval"
        case listed, account
    }

    /// Every item as a JSON array (`tidings feeds list --json`): dates in RFC 3339 UTC, unknown values omitted.
    public static func jsonData(_ items: [SubscriptionItem]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(items)
    }

    /// The last fetch's outcome in a few words: `not in this list` (a feed the database keeps outside
    /// the list in use), `disabled`, `error: …`, `ok` (a local file), `HTTP 200`, or empty before the
    /// first fetch.
    public var status: String {
        var parts: [String] = []
        if let account { parts.append("account \(account)") }
        if !listed { parts.append("not in this list") }
        if disabled { parts.append("disabled") }
        if let lastError { parts.append("error: \(lastError)") }
        else if let lastStatus { parts.append(lastStatus == 0 ? "ok" : "HTTP \(lastStatus)") }
        return parts.joined(separator: ", ")
    }
}
