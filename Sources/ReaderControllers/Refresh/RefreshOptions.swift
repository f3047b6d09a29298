import FeedStore

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
    package var unattended: Bool
    /// Wait for a refresh already running instead of failing with `RefreshError.locked`.
    package var waitForLock: Bool
    /// What to delete once the feeds are stored; nil keeps everything.
    public var retention: RetentionPolicy?
    /// Parses and store writes running at once (fetches are bounded by the fetch configuration).
    package var parallelism: Int
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
