import FeedModel
import FeedStore
import Foundation

/// The order of the user's OPML feed list, for the reader's feed list: each feed's resolved URL and
/// its folder (the first folder it sits in, else its first category), in document order. Read-only:
/// parses the file when it changed since the last look (unless the store's scope cache knows that
/// version) and never creates or writes it.
///
/// Main actor only.
@MainActor
final class FeedListOrder {
    /// One feed of the list: where it is fetched from, and the folder it is shown in (nil: top level).
    struct Entry: Hashable {
        let url: String
        let folder: String?
    }

    let path: String
    /// Knows the order of a list version a sync read, so that the file need not be parsed again.
    private let store: FeedStore?
    private var cached: (stamp: FeedListStamp, entries: [Entry])?

    init(path: String, store: FeedStore? = nil) {
        self.path = path
        self.store = store
    }

    /// The feeds in list order; nil when the file does not exist or cannot be read as OPML. The file
    /// is read each time (to notice any change); it is parsed only when neither this object nor the
    /// store's scope cache knows that version.
    func entries() -> [Entry]? {
        guard let snapshot = try? SubscriptionsFile.read(path: path) else { return nil }
        if let cached, cached.stamp == snapshot.stamp { return cached.entries }
        let entries: [Entry]
        if let places = try? store?.cachedPlaces(snapshot.stamp) {
            entries = places.map { Entry(url: $0.url, folder: $0.folder) }
        } else {
            guard let file = try? SubscriptionsFile.parse(snapshot, path: path) else { return nil }
            entries = file.entries.map { Entry(url: $0.entry.url, folder: $0.entry.tags.first) }
        }
        cached = (snapshot.stamp, entries)
        return entries
    }
}
