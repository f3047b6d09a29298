import FeedFetch
import FeedModel
import FeedStore
import Foundation

/// The user's feed list (`tidings feeds ...`): the OPML file is the source of truth for which feeds
/// exist; the store follows it (folders become tags). Adding checks the feed (or discovers the feeds
/// a web page links to), removing takes a URL or a title, and lists import and export as OPML or
/// newsboat `urls`.
///
/// Threading: every method may be called from any task; the file is rewritten atomically, but two
/// processes changing the list at the same instant may lose one change (the last rename wins).
public final class FeedListController: Sendable {
    private let environment: AppEnvironment

    public init(environment: AppEnvironment) {
        self.environment = environment
    }

    /// Reads the feed list and makes the store follow it; returns what changed in the store.
    @discardableResult
    public func sync() throws -> FeedSyncResult {
        try synchronize(result: true).1
    }

    /// Every feed of the list with its tags, unread count and last fetch outcome, in feed-list order.
    public func list() throws -> [FeedListItem] {
        try synchronize()
        return try environment.store.feeds().map(FeedListItem.init)
    }

    /// Adds a feed (see `FeedAddRequest`); returns the feed as listed.
    public func add(_ request: FeedAddRequest) async throws -> FeedListItem {
        var file = try synchronize()
        var url = request.url.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !url.isEmpty else { throw FeedListError.noFeed(url: url, reason: "empty URL") }
        if !FeedListFile.hasScheme(url), !url.hasPrefix("/") {
            let local = FeedListFile.resolve(url, folder: FileManager.default.currentDirectoryPath)
            // `example.org/feed` is a web address unless such a file exists here.
            let looksLikeHost = url.split(separator: "/").first?.contains(".") == true && !url.hasPrefix(".")
            url = looksLikeHost && !FileManager.default.fileExists(atPath: local) ? "https://" + url : local
        }
        try refuseDuplicate(url, in: file)
        var title = request.title
        if request.check {
            let checked = try await FeedListCheck(fetcher: environment.makeFetcher()).check(url)
            url = checked.url
            try refuseDuplicate(url, in: file)
            // The feed's own title becomes the list's: cleaned of controls and escape sequences first.
            if title == nil { title = checked.title.map(ConsoleText.line) }
        }
        var entry = FeedModel.FeedListEntry(url: url, title: title, text: title ?? url, type: "rss", tags: request.tags)
        entry.refreshInterval = request.refreshInterval
        file.document.add(entry, inFolder: request.tags.first)
        try file.save()
        let stored = try environment.store.addFeed(
            url: url, title: title, tags: request.tags, refreshInterval: request.refreshInterval)
        return FeedListItem(stored)
    }

    /// Removes the feed named by URL or title from the list and the store (with its articles);
    /// returns the URL removed.
    @discardableResult
    public func remove(_ name: String) throws -> String {
        var file = try synchronize()
        guard let found = try file.find(name) else { throw FeedListError.notFound(name) }
        file.document.remove(url: found.written)
        try file.save()
        try environment.store.removeFeed(url: found.entry.url)
        return found.entry.url
    }

    /// Adds the feeds of an OPML file (any reader's export) or a newsboat `urls` file, told apart by
    /// content; feeds already listed are skipped. Relative `xmlUrl`s resolve against the imported file.
    /// A file that is neither (JSON, HTML, binary, a damaged OPML) is refused whole, naming its first
    /// bad line, before the list or the store is touched.
    public func importFeeds(path: String) throws -> FeedImportResult {
        let (incoming, notes) = try FeedImportReader.read(path: path)
        let folder = ((path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
            as NSString).deletingLastPathComponent
        var file = try synchronize()
        var known = Set(file.entries.map(\.entry.url))
        var added: [String] = []
        var skipped: [String] = []
        for var entry in incoming {
            entry.url = FeedListFile.resolve(entry.url, folder: folder)
            guard !entry.url.isEmpty else { continue }
            if try known.contains(entry.url) || environment.store.feed(url: entry.url) != nil {
                skipped.append(entry.url)
                continue
            }
            known.insert(entry.url)
            entry.attributes = entry.attributes.filter { $0.name.lowercased() != "xmlurl" }
            file.document.add(entry, inFolder: entry.tags.first)
            added.append(entry.url)
        }
        if !added.isEmpty { try file.save() }
        try synchronize()
        return FeedImportResult(added: added, skipped: skipped, notImported: notes.notImported, notes: notes.lines)
    }

    /// The feed list as OPML (relative paths made absolute, everything else as the file has it) or as
    /// a newsboat `urls` file.
    public func export(format: FeedListFormat) throws -> String {
        var file = try FeedListFile.load(path: environment.paths.feedList)
        let entries = file.entries
        switch format {
        case .opml:
            for (written, entry) in entries where written != entry.url {
                file.document.updateURL(from: written, to: entry.url)
            }
            return String(decoding: file.document.serialized(), as: UTF8.self)
        case .urls:
            return NewsboatURLs.serialize(entries.map { item in
                var entry = item.entry
                if entry.title == nil, let text = entry.text, text != entry.url, text != item.written {
                    entry.title = text
                }
                return entry
            })
        }
    }

    /// Loads the feed list and makes the store follow it. A list just created empty removes nothing.
    @discardableResult
    func synchronize() throws -> FeedListFile {
        try synchronize(result: false).0
    }

    private func synchronize(result: Bool) throws -> (FeedListFile, FeedSyncResult) {
        let file = try FeedListFile.load(path: environment.paths.feedList)
        let entries = file.entries.map(\.entry)
        let sync = try environment.store.syncFeeds(
            entries.map {
                .init(url: $0.url, title: FeedListController.userTitle($0), tags: $0.tags,
                      refreshInterval: $0.refreshInterval)
            },
            removeMissing: file.existed)
        return (file, sync)
    }

    /// Points the list's outlines at the new URLs of feeds that moved permanently (stored URLs before
    /// and after), rereading the file first so that edits made meanwhile are kept.
    func applyMoves(_ moves: [(from: String, to: String)]) throws {
        var file = try FeedListFile.load(path: environment.paths.feedList)
        var changed = false
        let entries = file.entries
        for move in moves {
            for (written, entry) in entries where entry.url == move.from {
                if file.document.updateURL(from: written, to: move.to) { changed = true }
            }
        }
        if changed { try file.save() }
    }

    private func refuseDuplicate(_ url: String, in file: FeedListFile) throws {
        if try file.entries.contains(where: { $0.entry.url == url }) || environment.store.feed(url: url) != nil {
            throw FeedListError.duplicate(url)
        }
    }

    /// The title the user gave: `title`, else `text` unless it merely repeats the URL.
    static func userTitle(_ entry: FeedModel.FeedListEntry) -> String? {
        if let title = entry.title, !title.isEmpty { return title }
        if let text = entry.text, !text.isEmpty, text != entry.url, !text.hasSuffix(entry.url) { return text }
        return nil
    }
}

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

    public init(
        url: String, title: String? = nil, tags: [String] = [], refreshInterval: TimeInterval? = nil,
        check: Bool = true
    ) {
        self.url = url
        self.title = title
        self.tags = tags
        self.refreshInterval = refreshInterval
        self.check = check
    }
}

/// What `importFeeds` did.
public struct FeedImportResult: Sendable, Hashable {
    public let added: [String]
    /// URLs already in the list.
    public let skipped: [String]
    /// How many lines of the file were not imported (newsboat's `query:`, `exec:`, `filter:`).
    public let notImported: Int
    /// One line per thing not imported as it was (a line, a tag), naming its line in the file.
    public let notes: [String]
}

/// The formats a feed list is exported in.
public enum FeedListFormat: String, Sendable, CaseIterable {
    case opml, urls
}
