import FeedModel
import FeedStore
import Foundation

/// The order of the user's OPML feed list, for the reader's feed list: each feed's resolved URL and
/// its folder path (the folders it first sits in, outermost first, else its first category), in
/// document order. Read-only: parses the file when it changed since the last look and the store has
/// not recorded where that version of the file places its feeds (`FeedStore.cachedPlaces`, written by
/// the sync that read it), and never creates or writes it.
///
/// Main actor only.
@MainActor
final class FeedListOrder {
    /// One feed of the list: where it is fetched from, and the folders it is shown in, outermost
    /// first (empty: top level).
    struct Entry: Hashable {
        let url: String
        let folders: [String]
    }

    let path: String
    /// Where the places of a synced version of the list are recorded; nil: always parse.
    let store: FeedStore?
    private var cached: (stamp: FeedListStamp, entries: [Entry])?
    /// A version of the file read just before (`readAhead`), taken by the next `entries()`.
    private var readAhead: SubscriptionsFile.Snapshot?

    init(path: String, store: FeedStore? = nil) {
        self.path = path
        self.store = store
    }

    /// The feeds in list order; nil when the file does not exist or cannot be read as OPML. The file
    /// is read each time (to notice any change, even one keeping its size and time); it is parsed
    /// only when it is not the version last read and the store holds no record of its places.
    func entries() -> [Entry]? {
        let taken = readAhead
        readAhead = nil
        guard let snapshot = taken ?? (try? SubscriptionsFile.read(path: path)) else { return nil }
        if let cached, cached.stamp == snapshot.stamp { return cached.entries }
        let entries: [Entry]
        if let places = try? store?.cachedPlaces(snapshot.stamp) {
            entries = places.map { Entry(url: $0.url, folders: $0.folders) }
        } else {
            guard let file = try? SubscriptionsFile.parse(snapshot, path: path) else { return nil }
            entries = file.entries.map { listed in
                Entry(url: listed.entry.url, folders: listed.entry.folders.isEmpty ? Array(listed.entry.tags.prefix(1)) : listed.entry.folders)
            }
        }
        cached = (snapshot.stamp, entries)
        return entries
    }

    /// Lets the next `entries()` use this version of the file, read a moment before for the feed
    /// list's scope, instead of reading it again: reading and hashing a long list takes a noticeable
    /// part of the reader's first screen.
    func readAhead(_ snapshot: SubscriptionsFile.Snapshot) {
        readAhead = snapshot
    }
}
