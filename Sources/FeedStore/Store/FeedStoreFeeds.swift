import FeedModel
import Foundation
import GRDB

// The feeds: adding, removing, listing and editing them, and following a feed list.
extension FeedStore {
    // MARK: Feeds

    /// Adds a feed; throws `FeedStoreError.duplicateFeed` when its URL (or an earlier URL of a feed
    /// that moved there) is already stored.
    @discardableResult
    public func addFeed(url: String, title: String? = nil, tags: [String] = [], refreshInterval: TimeInterval? = nil)
        throws -> StoredFeed
    {
        let entry = FeedWriter.Entry(url: url, title: title, tags: tags, refreshInterval: refreshInterval)
        return try pool.write { db in
            let id = try FeedWriter.add(db, entry, now: Date())
            guard let feed = try FeedReader.feed(db, id: id) else { throw FeedStoreError.feedNotFound(id) }
            return feed
        }
    }

    /// Removes a feed with its articles; false when there was none.
    @discardableResult
    public func removeFeed(id: Int64) throws -> Bool {
        try deleteRows("DELETE FROM feeds WHERE id = ?", [id])
    }

    /// Removes the feed at `url` (or that moved away from it) with its articles; false when none.
    @discardableResult
    public func removeFeed(url: String) throws -> Bool {
        try pool.write { db in
            guard let id = try FeedReader.resolve(db, url: url.trimmingCharacters(in: .whitespacesAndNewlines))
            else { return false }
            try db.execute(sql: "DELETE FROM feeds WHERE id = ?", arguments: [id])
            return true
        }
    }

    /// Every feed (or every feed in `scope`) with its tags, fetch state and article counts, in
    /// feed-list order (title, case-insensitive).
    public func feeds(in scope: FeedScope = .every) throws -> [StoredFeed] {
        try pool.read { db in try FeedReader.feeds(db, where: try scope.widened(db).condition("f.id")) }
    }

    public func feed(id: Int64) throws -> StoredFeed? {
        try pool.read { db in try FeedReader.feed(db, id: id) }
    }

    /// The feed at `url`, or the feed that moved away from it by a permanent redirect.
    public func feed(url: String) throws -> StoredFeed? {
        try pool.read { db in
            try FeedReader.resolve(db, url: url.trimmingCharacters(in: .whitespacesAndNewlines))
                .flatMap { try FeedReader.feed(db, id: $0) }
        }
    }

    /// Enabled feeds (in `scope`) whose next fetch time is unset or not after `date`, in feed-list order.
    public func feedsDue(at date: Date = Date(), in scope: FeedScope = .every) throws -> [StoredFeed] {
        try pool.read { db in
            try FeedReader.feeds(
                db,
                where: "f.disabled = 0 AND (f.next_fetch_at IS NULL OR f.next_fetch_at <= ?) AND "
                    + (try scope.widened(db).condition("f.id")),
                arguments: [date.timeIntervalSince1970])
        }
    }

    /// Sets or clears (nil or blank) the user's title of a feed.
    package func setTitle(_ title: String?, feedID: Int64) throws {
        try updateFeed(feedID, sql: "title = ?", [ArticleIdentity.nonEmpty(title)])
    }

    /// Replaces the feed's tags (blank and repeated ones dropped, order kept).
    package func setTags(_ tags: [String], feedID: Int64) throws {
        try pool.write { db in
            try requireFeed(db, feedID)
            try FeedWriter.setTags(db, feedID: feedID, tags)
        }
    }

    /// Sets or clears the user's refresh interval of a feed, in seconds.
    package func setRefreshInterval(_ seconds: TimeInterval?, feedID: Int64) throws {
        try updateFeed(feedID, sql: "refresh_interval = ?", [seconds])
    }

    /// Disables a feed (refresh skips it) or enables it again, clearing the reason and failure count.
    public func setDisabled(_ disabled: Bool, reason: String? = nil, feedID: Int64) throws {
        try updateFeed(
            feedID, sql: "disabled = ?, disabled_reason = ?, consecutive_failures = 0",
            [disabled, disabled ? reason : nil])
    }

    /// Makes the stored feeds follow a feed list (the OPML file is the source of truth for the feeds
    /// it names): adds the feeds it names that are missing, sets the title (`title`, else `text`
    /// unless it is just the URL), tags and refresh interval of those present (URLs compared by
    /// `FeedURL.key`; a URL a feed moved away from finds that feed), and records that the list names
    /// them. Feeds it does not name are left exactly as they are, articles and marks included: they
    /// are only out of this list's scope (`FeedSyncResult.scope`). Entries with a blank URL are
    /// skipped. One transaction.
    ///
    /// With `stamp` (the version of the list file the entries were read from), the feeds the list
    /// names are then remembered for that version (`cachedScope(_:)`, `confirmListed(_:)`), in a
    /// transaction of its own that only writes when no other connection changed the database since
    /// the sync committed (else the next sync remembers them). That record is a cache: when it cannot
    /// be written (a full disk) the sync still succeeded, and nothing is remembered.
    @discardableResult
    public func syncFeeds(_ entries: [FeedListEntry], stamp: FeedListStamp? = nil) throws -> FeedSyncResult {
        try pool.writeWithoutTransaction { db in
            let now = Date()
            var result: FeedSyncResult?
            var version: Int?
            try db.inTransaction(.immediate) {
                result = try FeedWriter.sync(db, entries, now: now).withAccountFeeds(try Self.accountFeedIDs(db))
                version = try FeedListScopeCache.dataVersion(db)
                return .commit
            }
            guard let result else { throw FeedStoreError.inconsistent("the feed list sync returned nothing") }
            if let stamp, let version {
                let places = entries.map {
                    FeedListPlace(url: $0.url, folders: $0.folders.isEmpty ? Array($0.tags.prefix(1)) : $0.folders)
                }
                try? FeedListScopeCache.recordAfterSync(
                    db, stamp, ids: result.listed, places: places, syncedAt: version, now: now)
            }
            return result
        }
    }

    /// The scope of the list version `stamp` as its last sync recorded it (`syncFeeds(_:stamp:)`),
    /// when that still holds: the file is the same version and no feed, tag or alias changed since.
    /// Nil otherwise (read the list and call `scope(listing:)`). Reads only.
    public func cachedScope(_ stamp: FeedListStamp) throws -> FeedScope? {
        try pool.read { db in try FeedListScopeCache.lookup(db, stamp).map { .listed($0.ids) } }
    }

    /// Where each feed of the list version `stamp` sits (URL and folder path, in file order), as its last
    /// sync recorded it, when that still holds (as `cachedScope(_:)`); nil otherwise. Reads only.
    public func cachedPlaces(_ stamp: FeedListStamp) throws -> [FeedListPlace]? {
        try pool.read { db in try FeedListScopeCache.places(db, stamp) }
    }

    /// For a sync of a list that `cachedScope(_:)` knows: the store already follows it, so only when
    /// the list names its feeds is recorded, as `syncFeeds` does (a feed at most once an hour: a write
    /// only when one is due). Returns the list's scope, or nil when the record no longer holds (then sync
    /// in full with `syncFeeds(_:stamp:)`).
    public func confirmListed(_ stamp: FeedListStamp, now: Date = Date()) throws -> FeedScope? {
        guard let cached = try pool.read({ db in try FeedListScopeCache.lookup(db, stamp) }) else { return nil }
        if cached.listedAt >= now.timeIntervalSince1970 - FeedListScopeCache.listedInterval {
            return .listed(cached.ids)
        }
        return try pool.write { db in try FeedListScopeCache.confirm(db, stamp, now: now).map { .listed($0) } }
    }

    /// The scope of a feed list read without changing the store: the ids of the stored feeds the URLs
    /// name (compared by `FeedURL.key`, moved feeds found by their old URL), in order, each once.
    public func scope(listing urls: [String]) throws -> FeedScope {
        try pool.read { db in
            var seen = Set<Int64>()
            let ids = try urls.compactMap { try FeedReader.resolve(db, url: $0) } + Self.accountFeedIDs(db)
            return .listed(ids.filter { seen.insert($0).inserted })
        }
    }

    /// The stored feed each URL names (compared by `FeedURL.key`, moved feeds found by their old URL),
    /// nil where none; one read for the whole batch.
    public func feedIDs(matching urls: [String]) throws -> [Int64?] {
        try pool.read { db in try urls.map { try FeedReader.resolve(db, url: $0) } }
    }

    /// Every tag (of the feeds in `scope`) with its feed count and article counts, by name.
    public func tags(in scope: FeedScope = .every) throws -> [TagSummary] {
        try pool.read { db in try FeedReader.tagSummaries(db, in: try scope.widened(db)) }
    }

    /// Counts for `tidings count` and the reader's first screen: feeds, articles and unread articles
    /// of the feeds in `scope`, and every starred article of the database (the Starred row); the
    /// articles ignore rules hid are left out unless `includeIgnored`, and copies of one article in
    /// several feeds count once while `collapsesCopies`.
    public func counts(in scope: FeedScope = .every, includeIgnored: Bool = false) throws -> ArticleCounts {
        try pool.read { db in
            try FeedReader.counts(
                db, in: try scope.widened(db), includeIgnored: includeIgnored, collapsingCopies: collapsesCopies)
        }
    }

    /// Cleans up feeds no feed list wants any more (`tidings feeds prune`): each feed outside `scope`
    /// that no list has named since `cutoff` loses every article but its starred ones, and goes
    /// altogether when none is starred. Starred articles are never deleted. With `dryRun` nothing is
    /// deleted; the result says what would be. One transaction.
    public func pruneFeeds(outside scope: FeedScope, notListedSince cutoff: Date, dryRun: Bool = false) throws
        -> [PrunedFeed]
    {
        try pool.write { db in try FeedWriter.prune(db, outside: scope, notListedSince: cutoff, dryRun: dryRun) }
    }
}
