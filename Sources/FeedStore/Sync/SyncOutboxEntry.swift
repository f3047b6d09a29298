import Foundation

/// A mark made here on an account's article and not yet confirmed by the service: the service's item
/// id, what was done (`read`, `unread`, `star`, `unstar`) and when the user did it.
public struct SyncOutboxEntry: Sendable, Hashable {
    /// The row's id, for `FeedStore.removeFromOutbox`.
    public let id: Int64
    public let itemID: Int64
    public let action: String
    package let changedAt: Date
}

/// A feed an account is subscribed to, as a sync hands it to the store: the service's id, the feed's
/// address and title, and its labels (stored as the feed's tags, which the reader shows as folders).
public struct AccountFeedEntry: Sendable, Hashable {
    public var subscriptionID: String
    public var url: String
    public var title: String
    public var siteURL: String?
    public var labels: [String]

    public init(subscriptionID: String, url: String, title: String, siteURL: String?, labels: [String]) {
        self.subscriptionID = subscriptionID
        self.url = url
        self.title = title
        self.siteURL = siteURL
        self.labels = labels
    }
}

/// How many marks a sync took from the service.
public struct SyncedMarks: Sendable, Hashable {
    public let readChanged: Int
    public let starChanged: Int
    /// The articles the sync marked read and unread: their copies follow (`SyncWriter.propagate`).
    let markedRead: [Int64]
    let markedUnread: [Int64]
}

extension FeedSyncResult {
    /// The result with the accounts' feeds added to `listed`: a feed list's scope holds them
    /// though no list names them.
    func withAccountFeeds(_ ids: [Int64]) -> FeedSyncResult {
        let known = Set(listed)
        return FeedSyncResult(added: added, updated: updated, listed: listed + ids.filter { !known.contains($0) })
    }
}
