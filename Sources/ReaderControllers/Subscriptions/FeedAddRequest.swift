import Foundation

/// What `tidings feeds add` was asked for.
public struct FeedAddRequest: Sendable, Hashable {
    /// A feed URL, a web page that links to feeds, or a local path.
    public var url: String
    public var title: String?
    /// The first tag is the OPML folder; the others become its `category`.
    public var tags: [String]
    public var refreshInterval: TimeInterval?
    /// Fetch and parse first (discovering feeds on a web page); false adds the URL as given.
    public var check: Bool
    /// Create the list when it is missing even though the database holds feeds (they leave its scope).
    package var newList: Bool

    public init(
        url: String, title: String? = nil, tags: [String] = [], refreshInterval: TimeInterval? = nil,
        check: Bool = true, newList: Bool = false
    ) {
        self.newList = newList
        self.url = url
        self.title = title
        self.tags = tags
        self.refreshInterval = refreshInterval
        self.check = check
    }
}
