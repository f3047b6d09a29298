import FeedStore
import Foundation

/// What one refresh should do: which feeds, whether a person is watching, and how long to wait for
/// another refresh to finish.
public struct RefreshOptions: Sendable {
    /// Every enabled feed, due or not (`--all`).
    public var all: Bool
    /// Only these feeds (URL, OPML `xmlUrl` as written, or title), due or not, disabled ones included
    /// (a named feed that answers again is enabled again). Empty: the feeds that are due.
    public var feeds: [String]
    /// True for cron and scripts (no one watches the progress); false for the terminal reader and a
    /// refresh run on a terminal. Both take the same code path.
    public var unattended: Bool
    /// Wait for a refresh already running instead of failing with `RefreshError.locked`.
    public var waitForLock: Bool
    /// What to delete once the feeds are stored; nil keeps everything.
    public var retention: RetentionPolicy?
    /// Parses and store writes running at once (fetches are bounded by the fetch configuration).
    public var parallelism: Int
    /// The config's `[[ignore]]` rules: new and changed articles they match are stored hidden, and
    /// when they changed since the last run every stored article is judged again first.
    public var ignoreRules: IgnoreRules

    public init(
        all: Bool = false, feeds: [String] = [], unattended: Bool = true, waitForLock: Bool = false,
        retention: RetentionPolicy? = RefreshOptions.defaultRetention, parallelism: Int = 2,
        ignoreRules: IgnoreRules = .none
    ) {
        self.all = all
        self.feeds = feeds
        self.unattended = unattended
        self.waitForLock = waitForLock
        self.retention = retention
        self.parallelism = max(1, parallelism)
        self.ignoreRules = ignoreRules
    }

    /// Per feed: the newest 1000 articles, none older than 180 days; unread ones younger than that and
    /// starred ones are always kept.
    public static let defaultRetention = RetentionPolicy(maxArticlesPerFeed: 1000, maxAge: 180 * 86_400)
}

/// Progress of a running refresh, reported after every feed.
public struct RefreshProgress: Sendable, Hashable {
    /// Feeds finished so far (any outcome) and feeds in this refresh.
    public let done: Int
    public let total: Int
    /// New articles stored so far.
    public let newArticles: Int
    /// Feeds that failed so far.
    public let errors: Int
    /// The feed that just finished.
    public let latest: RefreshFeedResult
}

/// How one feed's refresh ended.
public enum RefreshFeedStatus: String, Sendable, Hashable, Codable {
    /// A new body was parsed and stored.
    case updated
    /// 304 Not Modified, or a body identical to the last one: nothing parsed or written.
    case unchanged
    /// Fetching or parsing failed; the stored articles stay and the feed is retried later.
    case failed
    /// 410 Gone: the feed was disabled.
    case gone
    /// The refresh was cancelled before this feed finished.
    case cancelled
}

/// The outcome of one feed in a refresh.
public struct RefreshFeedResult: Sendable, Hashable, Codable {
    public let feedID: Int64
    /// The feed's URL after this refresh (the new one after a permanent redirect).
    public let url: String
    public let title: String
    public let status: RefreshFeedStatus
    /// The final HTTP status (0 for local files and transfers that got no answer).
    public let httpStatus: Int
    public let new: Int
    public let updated: Int
    /// Why it failed, in one line; nil on success.
    public let error: String?
    /// The URL the feed moved from by a permanent redirect during this refresh.
    public let movedFrom: String?
    /// True when the URL it moved to was already another feed's: the two were merged into that one
    /// (`feedID`), articles, marks and tags.
    public let merged: Bool
    /// Seconds from the start of the refresh's fetches to this feed being stored.
    public let seconds: Double

    public init(
        feedID: Int64, url: String, title: String, status: RefreshFeedStatus, httpStatus: Int = 0, new: Int = 0,
        updated: Int = 0, error: String? = nil, movedFrom: String? = nil, merged: Bool = false, seconds: Double = 0
    ) {
        self.merged = merged
        self.feedID = feedID
        self.url = RefreshFeedResult.withoutCredentials(url)
        self.title = RefreshFeedResult.withoutCredentials(title)
        self.status = status
        self.httpStatus = httpStatus
        self.new = new
        self.updated = updated
        self.error = error
        self.movedFrom = movedFrom
        self.seconds = seconds
    }

    /// `text` with the `user:password@` part of a URL removed, so that messages never show credentials.
    static func withoutCredentials(_ text: String) -> String {
        guard let scheme = text.range(of: "://") else { return text }
        let authorityEnd = text[scheme.upperBound...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? text.endIndex
        guard let at = text[scheme.upperBound..<authorityEnd].lastIndex(of: "@") else { return text }
        return String(text[..<scheme.upperBound]) + String(text[text.index(after: at)...])
    }

    /// True for the outcomes that make a refresh exit 1.
    public var isFailure: Bool { status == .failed || status == .gone }

    enum CodingKeys: String, CodingKey {
        case feedID = "id", url, title, status, httpStatus = "http_status", new, updated, error
        case movedFrom = "moved_from", merged, seconds
    }
}

/// What a whole refresh did, feed by feed, in completion order.
public struct RefreshSummary: Sendable, Hashable, Encodable {
    public let feeds: [RefreshFeedResult]
    public let seconds: Double
    /// Articles deleted by the retention policy afterwards.
    public let deleted: Int
    /// True when `RefreshController.cancel()` or task cancellation stopped the refresh early.
    public let cancelled: Bool
    /// The feeds of the feed list after the refresh (a permanent redirect may have merged two).
    public let scope: FeedScope

    public init(
        feeds: [RefreshFeedResult], seconds: Double, deleted: Int = 0, cancelled: Bool = false,
        scope: FeedScope = .every
    ) {
        self.feeds = feeds
        self.seconds = seconds
        self.deleted = deleted
        self.cancelled = cancelled
        self.scope = scope
    }

    public var newArticles: Int { feeds.reduce(0) { $0 + $1.new } }
    public var updatedArticles: Int { feeds.reduce(0) { $0 + $1.updated } }
    public var failures: [RefreshFeedResult] { feeds.filter(\.isFailure) }

    /// 0 when every feed succeeded, 1 when some failed (the rest were stored), 130 when a signal
    /// stopped the run.
    public var exitStatus: ExitStatus {
        if cancelled { return .interrupted }
        return failures.isEmpty ? .success : .partialFailure
    }

    /// The summary as one compact JSON document (`tidings refresh --json`).
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: ExtraKeys.self)
        try container.encode(feeds, forKey: .feeds)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(deleted, forKey: .deleted)
        try container.encode(cancelled, forKey: .cancelled)
        try container.encode(newArticles, forKey: .new)
        try container.encode(updatedArticles, forKey: .updated)
        try container.encode(failures.count, forKey: .failed)
    }

    private enum ExtraKeys: String, CodingKey {
        case feeds, seconds, deleted, cancelled, new, updated, failed
    }
}

/// Why a refresh could not run at all.
public enum RefreshError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Another refresh holds the lock file at `path`.
    case locked(path: String)
    /// A feed named on the command line is not in the feed list.
    case unknownFeed(String)
    /// The lock file cannot be opened or locked.
    case lockFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .locked(let path): "another refresh is running (lock \(path)); try later or use --wait"
        case .unknownFeed(let name): "no feed named \(name) in the feed list"
        case .lockFailed(let path, let reason): "cannot lock \(path): \(reason)"
        }
    }

    /// The exit status for the command line: 75 locked, 2 unknown feed (usage), 73 lock file unusable.
    public var exitStatus: ExitStatus {
        switch self {
        case .locked: .temporaryFailure
        case .unknownFeed: .usage
        case .lockFailed: .cannotCreate
        }
    }
}
