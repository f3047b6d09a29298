import Foundation

/// Which articles `FeedStore.applyRetention` may delete.
///
/// Per feed, an article is deleted when it is beyond the newest `maxArticlesPerFeed` or older than
/// `maxAge` (by `date`), unless it is starred, or unread and first seen within `keepUnreadFor`, or
/// still present in the feed's latest fetched document. A nil limit does not apply.
public struct RetentionPolicy: Sendable, Hashable {
    public var maxArticlesPerFeed: Int?
    public var maxAge: TimeInterval?
    package var keepUnreadFor: TimeInterval

    public init(maxArticlesPerFeed: Int? = nil, maxAge: TimeInterval? = nil, keepUnreadFor: TimeInterval? = nil) {
        self.maxArticlesPerFeed = maxArticlesPerFeed
        self.maxAge = maxAge
        self.keepUnreadFor = keepUnreadFor ?? maxAge ?? 30 * 86_400
    }
}
