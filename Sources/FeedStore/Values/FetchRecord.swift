import Foundation

/// The outcome of one fetch, as the refresh controller hands it to the store.
public struct FetchRecord: Sendable, Hashable {
    package var fetchedAt: Date
    /// The HTTP status (0 for a `file:` URL).
    public var status: Int
    /// Validators to send next time. `apply` stores them as given (nil clears); `recordUnchanged`
    /// keeps the stored ones where these are nil.
    public var etag: String?
    public var lastModified: String?
    /// A hash of the body, for `bodyHashMatches`; nil keeps the stored one in `recordUnchanged`.
    public var bodyHash: String?
    /// When to fetch next, as the refresh controller's schedule decided.
    public var nextFetchAt: Date?

    public init(
        fetchedAt: Date = Date(), status: Int = 200, etag: String? = nil, lastModified: String? = nil,
        bodyHash: String? = nil, nextFetchAt: Date? = nil
    ) {
        self.fetchedAt = fetchedAt
        self.status = status
        self.etag = etag
        self.lastModified = lastModified
        self.bodyHash = bodyHash
        self.nextFetchAt = nextFetchAt
    }
}

/// What `FeedStore.apply` did to a feed's articles.
public struct ApplyResult: Sendable, Hashable {
    /// Articles stored for the first time, with their ids.
    public let new: Int
    public let newArticleIDs: [Int64]
    /// Known articles whose title, content, dates or other fields changed (marks kept).
    public let updated: Int
    /// Known articles present again unchanged.
    public let unchanged: Int
    /// For imported articles (`FeedStore.importArticles`): the stored article of each entry kept
    /// after deduplication, in order; empty otherwise.
    package var storedIDs: [Int64] = []
}
