import FeedModel
import FeedStore
import Foundation

/// A missing feed list is not an empty one: what `SubscriptionsController` says and refuses while the
/// list file is missing and the database holds feeds, and the export of every stored feed
/// (`feeds export --all`) that recreates the list.
extension SubscriptionsController {
    /// Refuses to create the list (`SubscriptionsError.listMissing`) while the database holds feeds:
    /// they would all fall out of its scope. `newList` starts a list without them all the same.
    func refuseMissing(_ file: SubscriptionsFile, newList: Bool) throws {
        guard !file.existed, !newList else { return }
        let stored = try localFeedCount()
        if stored > 0 { throw SubscriptionsError.listMissing(path: environment.paths.feedList, feeds: stored) }
    }

    /// One line saying that the list is missing while the database holds feeds (so every stored feed
    /// is in use) and how to recreate it; nil when there is a list or nothing stored.
    public func missingListNotice() throws -> String? {
        let path = environment.paths.feedList
        var info = stat()
        // Through a link: a link to no file is a missing list too.
        guard stat(path, &info) != 0, errno == ENOENT else { return nil }
        let stored = try localFeedCount()
        guard stored > 0 else { return nil }
        let inUse = stored == 1 ? "the one feed of the database is in use" : "all \(stored) feeds of the database are in use"
        return "the feed list \(path) is missing, so \(inUse): recreate it with \(SubscriptionsError.recreateCommand(path))"
    }

    /// The stored feeds a feed list may name: an account's feeds come from its service, listed or not.
    private func localFeedCount() throws -> Int {
        try environment.store.counts().feeds - environment.store.accountFeedIDs().count
    }

    /// Appends to `file`'s document the stored feeds it does not name, for `feeds export --all`.
    func addUnlisted(to file: inout SubscriptionsFile) throws {
        let listed = file.existed ? try environment.store.scope(listing: file.entries.map(\.entry.url)).feedIDs ?? [] : []
        let known = Set(listed)
        file.document.add(try environment.store.feeds().filter { !known.contains($0.id) && $0.account == nil }.map { feed in
            var entry = FeedModel.FeedListEntry(
                url: feed.url, title: feed.title, text: feed.title ?? feed.displayTitle, type: "rss", tags: feed.tags)
            entry.refreshInterval = feed.refreshInterval
            return (entry, Array(feed.tags.prefix(1)))
        })
    }
}
