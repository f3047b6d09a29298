import Foundation

/// A parsed feed document: the channel's metadata and its articles, plus what the parser noticed about
/// the document itself (format, encoding, whether it had to be recovered).
public struct Feed: Sendable, Hashable {
    public var format: FeedFormat
    public var title: String?
    public var homePageURL: String?
    /// The feed's own address, as the document states it (`atom:link rel="self"`, JSON Feed `feed_url`).
    public var feedURL: String?
    public var description: String?
    public var icon: String?
    public var favicon: String?
    public var authors: [Author]
    public var language: String?
    public var items: [Article]

    /// False when the document had to be recovered from malformed XML or JSON.
    public var wellformed: Bool
    /// The first problem found when the document was not well-formed.
    public var error: String?
    /// False when the document ended before its root element (JSON Feed: its top-level object)
    /// closed: it was cut off, and holds only the items that closed before the cut. Such a feed is
    /// never `wellformed`; what it lacks cannot be told, so it must not replace what was read before.
    public var isComplete: Bool
    /// The feed-level update time (`lastBuildDate`, Atom `updated`, `dc:date`).
    public var updated: Date?
    public var generator: String?
    public var rights: String?
    /// Minutes the feed may be cached (RSS `ttl`).
    public var ttl: Int?
    /// The refresh period the feed suggests, from the syndication module
    /// (`sy:updatePeriod` / `sy:updateFrequency`), in seconds.
    public var updateInterval: TimeInterval?
    public var categories: [String]
    public var image: FeedImage?
    /// The character encoding the document was decoded from, as a lower-case IANA name.
    public var encoding: String?

    public init(
        format: FeedFormat, title: String? = nil, homePageURL: String? = nil, feedURL: String? = nil,
        description: String? = nil, icon: String? = nil, favicon: String? = nil,
        authors: [Author] = [], language: String? = nil, items: [Article] = [],
        wellformed: Bool = true, error: String? = nil, isComplete: Bool = true, updated: Date? = nil,
        generator: String? = nil, rights: String? = nil, ttl: Int? = nil,
        updateInterval: TimeInterval? = nil, categories: [String] = [], image: FeedImage? = nil,
        encoding: String? = nil
    ) {
        self.format = format
        self.title = title
        self.homePageURL = homePageURL
        self.feedURL = feedURL
        self.description = description
        self.icon = icon
        self.favicon = favicon
        self.authors = authors
        self.language = language
        self.items = items
        self.wellformed = wellformed
        self.error = error
        self.isComplete = isComplete
        self.updated = updated
        self.generator = generator
        self.rights = rights
        self.ttl = ttl
        self.updateInterval = updateInterval
        self.categories = categories
        self.image = image
        self.encoding = encoding
    }
}

/// The image a feed shows for itself (RSS `image`, Atom `logo`).
public struct FeedImage: Sendable, Hashable {
    public var url: String
    public var title: String?
    public var link: String?

    public init(url: String, title: String? = nil, link: String? = nil) {
        self.url = url
        self.title = title
        self.link = link
    }
}
