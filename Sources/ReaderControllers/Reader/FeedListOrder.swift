import FeedModel
import Foundation

/// The order of the user's OPML feed list, for the reader's feed list: each feed's resolved URL and
/// its folder (the first folder it sits in, else its first category), in document order. Read-only:
/// reads the file when it changed since the last look and never creates or writes it.
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
    private var cached: (modified: Date?, entries: [Entry])?

    init(path: String) {
        self.path = path
    }

    /// The feeds in list order; nil when the file does not exist or cannot be read as OPML.
    func entries() -> [Entry]? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        if let cached, cached.modified == modified, modified != nil { return cached.entries }
        guard let file = try? SubscriptionsFile.load(path: path) else { return nil }
        let entries = file.entries.map { Entry(url: $0.entry.url, folder: $0.entry.tags.first) }
        cached = (modified, entries)
        return entries
    }
}
