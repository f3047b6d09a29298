import FeedFetch
import FeedModel
import FeedStore
import Foundation
import TidingsText

/// The user's feed list (`tidings feeds ...`): the OPML file is the source of truth for which feeds
/// a command works on; the store follows it (folders become tags) and keeps the feeds it does not
/// name, out of the list's scope (`FeedScope`): only `remove` and `prune` delete. Adding checks the
/// feed (or discovers the feeds a web page links to), removing takes a URL or a title, and lists
/// import and export as OPML or newsboat `urls`.
///
/// A missing list means every stored feed and is never created by a command that fails or only
/// reads; `add` and `import` refuse to create it while the database holds feeds (unless asked to).
///
/// Threading: every method may be called from any task. Every change to the list is made under
/// `FeedListLock`: the list is read again, the one change applied and written atomically, so that
/// concurrent writers (other processes, the reader) each keep their change.
public final class SubscriptionsController: Sendable {
    let environment: AppEnvironment

    public init(environment: AppEnvironment) {
        self.environment = environment
    }

    /// Reads the feed list and makes the store follow it; returns the feeds it names in the store
    /// (every feed while no list file exists). Feeds the list does not name are kept as they are.
    /// A list the store synced before, unchanged since on both sides (`FeedStore.cachedScope`), is
    /// not parsed again: only that it names its feeds is recorded.
    @discardableResult
    public func sync() throws -> FeedScope {
        try syncReportingChanges().scope
    }

    /// `sync()`, also saying whether the feeds may have changed: false when there is no list file or
    /// the store's record of this version of the list held (then only when the list names its feeds
    /// was recorded), so a screen showing the feeds need not read them again.
    package func syncReportingChanges() throws -> (scope: FeedScope, feedsMayHaveChanged: Bool) {
        guard let snapshot = try SubscriptionsFile.read(path: environment.paths.feedList) else { return (.every, false) }
        if let scope = try environment.store.confirmListed(snapshot.stamp) { return (scope, false) }
        return (try sync(SubscriptionsFile.parse(snapshot, path: environment.paths.feedList)).scope, true)
    }

    /// The feeds of the list as they are stored, without changing the store or creating the list:
    /// for the commands that only read (`count`, `export`). Every feed while no list file exists.
    /// Taken from the store's scope cache when the last sync read this very version of the file.
    public func scope() throws -> FeedScope {
        try scope(of: try SubscriptionsFile.read(path: environment.paths.feedList))
    }

    /// `scope()` of a version of the list already read (nil: no list file).
    func scope(of snapshot: SubscriptionsFile.Snapshot?) throws -> FeedScope {
        guard let snapshot else { return .every }
        if let cached = try environment.store.cachedScope(snapshot.stamp) { return cached }
        let file = try SubscriptionsFile.parse(snapshot, path: environment.paths.feedList)
        return try environment.store.scope(listing: file.entries.map(\.entry.url))
    }

    /// Every feed of the list with its tags, unread count and last fetch outcome, in feed-list order;
    /// with `includingUnlisted`, then the feeds the database keeps that the list does not name.
    public func list(includingUnlisted: Bool = false) throws -> [SubscriptionItem] {
        let scope = try sync()
        var items = try environment.store.feeds(in: scope).map { SubscriptionItem($0) }
        if includingUnlisted, scope != .every {
            let listed = Set(scope.feedIDs ?? [])
            items += try environment.store.feeds().filter { !listed.contains($0.id) }.map { SubscriptionItem($0, listed: false) }
        }
        return items
    }

    /// Removes for good the feeds outside this list that no feed list has named for `age` seconds:
    /// every article but the starred ones, and the feed itself when none is starred (see
    /// `FeedStore.pruneFeeds`). Refused (`SubscriptionsError.pruneRefused`) while no list file
    /// exists, when the list names no feed, or when every stored feed would go.
    public func prune(olderThan age: TimeInterval, dryRun: Bool) throws -> [PrunedFeed] {
        let path = environment.paths.feedList
        let (lock, file) = try lockedList()
        defer { lock.release() }
        guard file.existed else {
            throw SubscriptionsError.pruneRefused(
                path: path, reason: "is missing", missing: true)
        }
        guard !file.document.entries.isEmpty else {
            throw SubscriptionsError.pruneRefused(path: path, reason: "names no feed", missing: false)
        }
        let scope = try environment.store.scope(listing: file.entries.map(\.entry.url))
        let cutoff = Date().addingTimeInterval(-age)
        let doomed = try environment.store.pruneFeeds(outside: scope, notListedSince: cutoff, dryRun: true)
        let stored = try environment.store.counts().feeds
        if stored > 0, doomed.filter({ $0.keptStarred == 0 }).count >= stored {
            throw SubscriptionsError.pruneRefused(
                path: path, reason: "would let prune delete every one of the \(stored) stored feeds", missing: false)
        }
        return dryRun ? doomed : try environment.store.pruneFeeds(outside: scope, notListedSince: cutoff)
    }

    /// Adds a feed (see `FeedAddRequest`); returns the feed as listed.
    public func add(_ request: FeedAddRequest) async throws -> SubscriptionItem {
        // Refused early from the list as it is now, before the network; checked again under the lock.
        let early = try SubscriptionsFile.load(path: environment.paths.feedList)
        try refuseMissing(early, newList: request.newList)
        var url = request.url.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !url.isEmpty else { throw SubscriptionsError.noFeed(url: url, reason: "empty URL") }
        if !SubscriptionsFile.hasScheme(url), !url.hasPrefix("/") {
            let local = SubscriptionsFile.resolve(url, folder: FileManager.default.currentDirectoryPath)
            // `example.org/feed` is a web address unless such a file exists here.
            let looksLikeHost = url.split(separator: "/").first?.contains(".") == true && !url.hasPrefix(".")
            url = looksLikeHost && !FileManager.default.fileExists(atPath: local) ? "https://" + url : local
        }
        try refuseDuplicate(url, in: early)
        var title = request.title
        if request.check {
            let checked = try await SubscriptionCheck(fetcher: environment.makeFetcher()).check(url)
            url = checked.url
            // The feed's own title becomes the list's: cleaned of controls and escape sequences first.
            if title == nil { title = checked.title.map(ConsoleText.line) }
        }
        let (lock, fresh) = try lockedList()
        defer { lock.release() }
        var file = fresh
        try refuseMissing(file, newList: request.newList)
        try refuseDuplicate(url, in: file)
        // A feed the database kept from an earlier subscription comes back with its articles and
        // marks, and with its title and tags unless new ones are given.
        let kept = try environment.store.feed(url: url)
        if let kept, try environment.store.scope(listing: file.entries.map(\.entry.url)).contains(kept.id) {
            throw SubscriptionsError.duplicate(url)
        }
        if title == nil { title = kept?.title }
        let tags = request.tags.isEmpty ? kept?.tags ?? [] : request.tags
        let refreshInterval = request.refreshInterval ?? kept?.refreshInterval
        var entry = FeedModel.FeedListEntry(url: url, title: title, text: title ?? url, type: "rss", tags: tags)
        entry.refreshInterval = refreshInterval
        file.document.add(entry, inFolder: tags.first)
        try file.save()
        let stored: StoredFeed
        if let kept {
            try environment.store.syncFeeds([
                .init(url: url, title: title, tags: tags, refreshInterval: refreshInterval),
            ])
            stored = try environment.store.feed(id: kept.id) ?? kept
        } else {
            stored = try environment.store.addFeed(
                url: url, title: title, tags: tags, refreshInterval: refreshInterval)
        }
        return SubscriptionItem(stored, listed: true, restored: kept != nil)
    }

    /// Removes the feed named by URL or title from the list and the store (with its articles);
    /// returns the URL removed. A feed the database keeps outside this list is removed from the
    /// database by its URL or title the same way.
    @discardableResult
    public func remove(_ name: String) throws -> String {
        let (lock, fresh) = try lockedList()
        defer { lock.release() }
        var file = fresh
        guard let found = try file.find(name) else {
            guard let kept = try unlistedFeed(named: name, file: file) else { throw SubscriptionsError.notFound(name) }
            try environment.store.removeFeed(id: kept.id)
            return kept.url
        }
        file.document.remove(url: found.written)
        try file.save()
        try environment.store.removeFeed(url: found.entry.url)
        return found.entry.url
    }

    /// Changes the title (nil: the feed's own), tags (the first is the OPML folder) and refresh
    /// interval (nil: computed) of the feed named by URL or title, in the list and then the store; the
    /// feed keeps its articles and marks. With the same tags the outline is changed where it is (its
    /// other attributes kept); new tags move it to the end of its (new) folder. `fullText` (nil: as it
    /// is) sets whether a refresh fetches its new articles' pages (`FeedListEntry.fullText`).
    public func edit(
        _ name: String, title: String?, tags: [String], refreshInterval: TimeInterval?, fullText: Bool? = nil
    ) throws {
        _ = try edit(name, fullText: fullText) { _ in (title, tags, refreshInterval) }
    }

    /// Changes what `change` sets of the feed named by URL or title (`tidings feeds edit`); what it
    /// leaves nil stays as the list has it. Returns the feed's URL and its title afterwards.
    public func edit(_ name: String, _ change: FeedEdit) throws -> (url: String, title: String?) {
        var title: String?
        let url = try edit(name, fullText: nil) { entry in
            title = change.title.map { $0.isEmpty ? nil : $0 } ?? entry.title
            var tags = change.tags ?? entry.tags
            if let folder = change.folder {
                // The folder replaces the one the feed sits in (a nested path counts as one).
                let current = entry.folders.isEmpty ? Array(entry.tags.prefix(1)) : entry.folders
                let rest = tags.starts(with: current) ? Array(tags.dropFirst(current.count)) : tags
                tags = (folder.isEmpty ? [] : [folder]) + rest.filter { $0 != folder }
            }
            return (title, tags, change.refreshInterval ?? entry.refreshInterval)
        }
        return (url, title)
    }

    /// Edits the found feed with the values `values` computes from its entry, under the list's lock.
    private func edit(
        _ name: String, fullText: Bool?,
        _ values: (FeedListEntry) -> (title: String?, tags: [String], refreshInterval: TimeInterval?)
    ) throws -> String {
        let (lock, fresh) = try lockedList()
        defer { lock.release() }
        var file = fresh
        guard let found = try file.find(name) else { throw SubscriptionsError.notFound(name) }
        let url = found.written
        let (title, tags, refreshInterval) = values(found.entry)
        if tags == found.entry.tags {
            file.document.setAttribute("title", title, forURL: url)
            file.document.setAttribute("text", title ?? url, forURL: url)
            file.document.setAttribute("refreshInterval", nil, forURL: url)
            file.document.setAttribute("tidings:refresh", refreshInterval.map(DurationText.format), forURL: url)
        } else {
            var entry = found.entry
            entry.url = url
            entry.title = title
            entry.text = title ?? url
            entry.tags = tags
            entry.refreshInterval = refreshInterval
            entry.attributes.removeAll { ["refreshinterval", "tidings:refresh"].contains($0.name.lowercased()) }
            // Tags that still begin with the feed's nested folders keep it there; else the first is its folder.
            let folders = found.entry.folders
            let path = !folders.isEmpty && tags.starts(with: folders) ? folders : Array(tags.prefix(1))
            file.document.remove(url: url)
            file.document.add(entry, inFolders: path)
        }
        if let fullText { Self.setFullText(fullText, url: url, in: &file) }
        try file.save()
        try sync(SubscriptionsFile.load(path: environment.paths.feedList))
        return found.entry.url
    }

    /// The stored feed outside the list that `name` names by URL, else by title (only when one does).
    private func unlistedFeed(named name: String, file: SubscriptionsFile) throws -> StoredFeed? {
        let scope = try environment.store.scope(listing: file.entries.map(\.entry.url))
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if let feed = try environment.store.feed(url: file.resolve(trimmed)) {
            return scope.contains(feed.id) ? nil : feed
        }
        let listed = Set(scope.feedIDs ?? [])
        let titled = try environment.store.feeds().filter { feed in
            !listed.contains(feed.id) && [feed.title, feed.displayTitle].contains {
                $0?.caseInsensitiveCompare(trimmed) == .orderedSame
            }
        }
        guard titled.count <= 1 else { throw SubscriptionsError.ambiguous(name: trimmed, urls: titled.map(\.url)) }
        return titled.first
    }

    /// Whether the list marks the feed named by URL or title `tidings:full-text` (on it or a folder).
    package func isFullText(_ name: String) throws -> Bool {
        try SubscriptionsFile.load(path: environment.paths.feedList).find(name)?.entry.fullText ?? false
    }

    /// Marks the feed's own outline only where its folders do not already say the same: "true", or
    /// "false" under a folder marked "true".
    private static func setFullText(_ fullText: Bool, url: String, in file: inout SubscriptionsFile) {
        file.document.setAttribute("tidings:full-text", nil, forURL: url)
        let inherited = file.document.entries.first { $0.url == url }?.fullText ?? false
        if inherited != fullText { file.document.setAttribute("tidings:full-text", String(fullText), forURL: url) }
    }

    /// Takes the list's lock (which cleans stale temporaries), then reads the list again and makes the
    /// store follow it. A missing list is given empty, unwritten, and the store is left as it is.
    func lockedList() throws -> (FeedListLock, SubscriptionsFile) {
        let lock = try FeedListLock.acquire(list: environment.paths.feedList, config: environment.paths.config)
        let file = try SubscriptionsFile.load(path: environment.paths.feedList)
        if file.existed { try sync(file) }
        return (lock, file)
    }

    /// Loads the feed list when the file exists and makes the store follow it; returns it with the
    /// feeds it names, or nil and every feed when there is no list file (nothing is created). A list
    /// the store synced before, unchanged since on both sides, is not synced again (as `sync()`):
    /// going through 500 feeds to change nothing was half of a warm refresh's processor time.
    func synchronizeIfListed() throws -> (file: SubscriptionsFile?, scope: FeedScope) {
        guard let snapshot = try SubscriptionsFile.read(path: environment.paths.feedList) else { return (nil, .every) }
        let file = try SubscriptionsFile.parse(snapshot, path: environment.paths.feedList)
        if let scope = try environment.store.confirmListed(snapshot.stamp) { return (file, scope) }
        return (file, try sync(file).scope)
    }

    /// Makes the store follow `file`; when it is a version read from disk and not changed since, the
    /// store remembers its scope for that version (`FeedStore.cachedScope`).
    @discardableResult
    func sync(_ file: SubscriptionsFile) throws -> FeedSyncResult {
        try environment.store.syncFeeds(
            file.entries.map(\.entry).map {
                .init(url: $0.url, title: SubscriptionsController.userTitle($0), tags: $0.tags, folders: $0.folders,
                      refreshInterval: $0.refreshInterval)
            },
            stamp: file.stamp)
    }

    /// Points the list's outlines at the new URLs of feeds that moved permanently (stored URLs before
    /// and after), rereading the file first so that edits made meanwhile are kept. When the list
    /// already has an outline for the new URL (the store merged the two feeds), the moved outline is
    /// removed instead and its tags are added to the other as `category`: one URL, one outline.
    func applyMoves(_ moves: [(from: String, to: String)]) throws {
        guard FileManager.default.fileExists(atPath: environment.paths.feedList) else { return }
        let lock = try FeedListLock.acquire(list: environment.paths.feedList, config: environment.paths.config)
        defer { lock.release() }
        var file = try SubscriptionsFile.load(path: environment.paths.feedList)
        guard file.existed else { return }
        var changed = false
        for move in moves {
            let entries = file.entries
            let moved = entries.filter { FeedURL.same($0.entry.url, move.from) }
            guard !moved.isEmpty else { continue }
            if let target = entries.first(where: { FeedURL.same($0.entry.url, move.to) }) {
                let missing = moved.flatMap(\.entry.tags).filter {
                    !target.entry.tags.contains($0) && !$0.contains(",")
                }
                for (written, _) in moved where file.document.remove(url: written) { changed = true }
                if !missing.isEmpty {
                    let category = ([target.entry.attribute("category")].compactMap { $0 }
                        + missing.map { "/" + $0 }).joined(separator: ",")
                    file.document.setAttribute("category", category, forURL: target.written)
                }
            } else {
                for (written, _) in moved where file.document.updateURL(from: written, to: move.to) { changed = true }
            }
        }
        if changed { try file.save() }
    }

    /// Writes the list (nil: unchanged) and the config with `queries` appended together: both
    /// temporaries first, then both renames, so that on any failure neither file changed.
    func writeTogether(file: SubscriptionsFile?, config: ConfigQueryAppender,
                               queries: [(name: String, query: String)]) throws {
        var staged: [SafeFileWriter.Staged] = []
        if !queries.isEmpty {
            do {
                staged.append(try config.stage(queries))
            } catch {
                throw SubscriptionsError.configUnwritable(path: config.path, reason: CommandFailure(error).message)
            }
        }
        if let file {
            do {
                staged.append(try file.stage())
            } catch {
                staged.forEach { $0.discard() }
                throw error
            }
        }
        do {
            try SafeFileWriter.commit(staged)
        } catch {
            throw SubscriptionsFile.unwritable(environment.paths.feedList, error)
        }
    }

    private func refuseDuplicate(_ url: String, in file: SubscriptionsFile) throws {
        if file.entries.contains(where: { FeedURL.same($0.entry.url, url) }) {
            throw SubscriptionsError.duplicate(url)
        }
    }

    /// The title the user gave: `title`, else `text` unless it merely repeats the URL.
    static func userTitle(_ entry: FeedModel.FeedListEntry) -> String? {
        if let title = entry.title, !title.isEmpty { return title }
        if let text = entry.text, !text.isEmpty, text != entry.url, !text.hasSuffix(entry.url) { return text }
        return nil
    }
}
