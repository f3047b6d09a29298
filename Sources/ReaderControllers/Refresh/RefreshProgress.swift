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
