import FeedStore
import Foundation

/// One feed as `tidings feeds list` shows it: title, URL, tags, counts and the last fetch outcome.
public struct FeedListItem: Sendable, Hashable, Encodable {
    public let id: Int64
    public let title: String
    public let url: String
    public let tags: [String]
    public let unread: Int
    public let total: Int
    /// The HTTP status of the last fetch (0 for local files), nil before the first.
    public let lastStatus: Int?
    public let lastError: String?
    public let lastFetch: Date?
    public let nextFetch: Date?
    public let disabled: Bool
    /// The refresh interval the user set on the OPML outline, in seconds.
    public let refreshInterval: TimeInterval?
    /// False for a feed the database keeps that the feed list in use does not name (`feeds list --all`).
    public let listed: Bool
    /// True when `feeds add` brought back a feed the database had kept, with its articles and marks.
    public let restored: Bool

    init(_ feed: StoredFeed, listed: Bool = true, restored: Bool = false) {
        self.listed = listed
        self.restored = restored
        id = feed.id
        title = feed.displayTitle
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
    }

    enum CodingKeys: String, CodingKey {
        case id, title, url, tags, unread, total, lastStatus = "last_status", lastError = "last_error"
        case lastFetch = "last_fetch", nextFetch = "next_fetch", disabled, refreshInterval = "refresh_interval"
        case listed
    }

    /// Every item as a JSON array (`tidings feeds list --json`): dates in RFC 3339 UTC, unknown values omitted.
    public static func jsonData(_ items: [FeedListItem]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(items)
    }

    /// The item as one text line: title, URL, unread/total, tags, and the last status or error.
    public var line: String {
        var parts = ["\(title)  \(url)  \(unread)/\(total)"]
        if !tags.isEmpty { parts.append("[" + tags.joined(separator: ", ") + "]") }
        if !listed { parts.append("not in this list") }
        if disabled { parts.append("disabled") }
        if let lastError { parts.append("error: \(lastError)") }
        else if let lastStatus { parts.append(lastStatus == 0 ? "ok" : "HTTP \(lastStatus)") }
        return parts.joined(separator: "  ")
    }
}
