import Foundation

/// One item (article) as a feed service gives it; its HTML is as the service sent it, not sanitized.
public struct SyncItem: Sendable, Hashable {
    public var id: SyncItemID
    /// The `SyncSubscription.id` of the feed it came from.
    public var subscriptionID: String
    public var title: String?
    public var link: String?
    public var author: String?
    public var published: Date?
    public var updated: Date?
    /// When the service fetched it; Google Reader APIs order "new since" by this time.
    public var crawled: Date?
    public var contentHTML: String?
    public var read: Bool
    public var starred: Bool
    /// The labels the service puts on the item itself (Google Reader); Fever gives none.
    public var labels: [String]

    public init(
        id: SyncItemID, subscriptionID: String, title: String? = nil, link: String? = nil, author: String? = nil,
        published: Date? = nil, updated: Date? = nil, crawled: Date? = nil, contentHTML: String? = nil,
        read: Bool = false, starred: Bool = false, labels: [String] = []
    ) {
        self.id = id
        self.subscriptionID = subscriptionID
        self.title = title
        self.link = link
        self.author = author
        self.published = published
        self.updated = updated
        self.crawled = crawled
        self.contentHTML = contentHTML
        self.read = read
        self.starred = starred
        self.labels = labels
    }
}
