import Foundation

/// What a client keeps between two syncs of one account, so the next one asks only for what is new.
/// The caller stores it (it is `Codable`, or `text`) after it has stored the changes it came with.
///
/// Google Reader APIs: the newest crawl time seen, in seconds, and the items crawled in its last two
/// seconds (`ot` has a one-second grain and servers differ on whether it is inclusive). Fever: the
/// highest item id seen (`since_id`). An empty state means "never synced": everything is new.
public struct SyncState: Sendable, Hashable, Codable {
    /// An item near the Google Reader boundary: its id and its crawl time in seconds.
    public struct Seen: Sendable, Hashable, Codable {
        public var id: SyncItemID
        public var crawledSeconds: Int64

        public init(id: SyncItemID, crawledSeconds: Int64) {
            self.id = id
            self.crawledSeconds = crawledSeconds
        }
    }

    public var newestCrawlSeconds: Int64?
    public var recent: [Seen]
    public var maxItemID: SyncItemID?
    /// When the caller last read the whole subscription list (seconds since 1970); clients leave it
    /// to the caller, which reads the list again when it is old (labels renamed, feeds unsubscribed).
    public var subscriptionsListedAt: Int64?

    public init(
        newestCrawlSeconds: Int64? = nil, recent: [Seen] = [], maxItemID: SyncItemID? = nil,
        subscriptionsListedAt: Int64? = nil
    ) {
        self.newestCrawlSeconds = newestCrawlSeconds
        self.recent = recent
        self.maxItemID = maxItemID
        self.subscriptionsListedAt = subscriptionsListedAt
    }

    /// The state as one line of JSON, for a text column.
    public var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The state `text` wrote; nil when it is not one.
    public init?(text: String) {
        guard let state = try? JSONDecoder().decode(SyncState.self, from: Data(text.utf8)) else { return nil }
        self = state
    }
}

/// What changed on the service since a `SyncState`: the new items in full, the complete sets of
/// unread and starred ids (small next to the account), and the state to keep once they are stored.
///
/// An item the store has whose id is in neither set is read and not starred on the service, unless the
/// service no longer has it at all (purged): callers must not delete anything because of these sets.
public struct SyncChanges: Sendable, Hashable {
    public var newItems: [SyncItem]
    public var unreadIDs: Set<SyncItemID>
    public var starredIDs: Set<SyncItemID>
    public var state: SyncState

    public init(newItems: [SyncItem], unreadIDs: Set<SyncItemID>, starredIDs: Set<SyncItemID>, state: SyncState) {
        self.newItems = newItems
        self.unreadIDs = unreadIDs
        self.starredIDs = starredIDs
        self.state = state
    }
}
