import FeedModel
import Foundation
import GRDB

/// The Tidings database: feeds, articles, read and starred marks, fetch state and export states, in
/// one SQLite file (WAL mode, foreign keys on, a 10 s busy timeout, schema migrated on open, keeping a
/// copy first: `SchemaUpgrade`).
///
/// Threading: a `FeedStore` may be shared by any number of threads and tasks, and several processes
/// may open the same file at once (the reader and a cron refresh): reads run concurrently on a pool of
/// connections and never wait for writes; writes are serialised, each method committing its own
/// transaction before it returns. Every method is synchronous and blocks the calling thread for the
/// duration of its database work, so call it off the main loop when that matters. Closures passed in
/// (`forEachArticle`) run synchronously before the method returns, on an unspecified thread; they must
/// not call back into the same store.
///
/// Errors: `FeedStoreError` for refused requests; GRDB's `DatabaseError` for database failures.
/// Memory: each connection in use (one writer, readers as reads overlap, at most five) caches up to
/// 16 MB of pages.
public final class FeedStore: Sendable {
    /// The database file.
    public let path: String
    private let pool: DatabasePool

    /// Opens (creating if needed) the database at `path` and migrates it to the current schema.
    /// The folder must exist.
    public init(path: String) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.foreignKeysEnabled = true
        configuration.label = "FeedStore"
        // DatabasePool sets WAL with synchronous = NORMAL: a killed process loses no committed
        // transaction (only a power cut may lose the last ones). A 16 MB page cache per connection
        // (SQLite's default is 2 MB) makes a streamed export of 100,000 articles ~30 % cheaper.
        // (A new file gets 16 KB pages from `SchemaUpgrade`, which creates it.)
        // The WAL is checkpointed every 16 MB (1024 pages) instead of SQLite's 1000 pages: a refresh
        // writes one transaction per feed, and with the default a cold refresh of 500 feeds
        // checkpointed ~190 times, copying the same hot pages back and syncing each time (half its
        // time on a real disk). After a checkpoint the WAL file is cut back to 64 MB: the one large
        // transaction that indexes a whole refresh for search otherwise leaves a WAL as large as
        // that text on disk.
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = -16384")
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 1024")
            try db.execute(sql: "PRAGMA journal_size_limit = 67108864")
            // Temporary tables (the articles being stored, for ignore rules) stay in memory.
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            db.add(function: RegexpFunction.function)
            SearchFunctions.register(db)
        }
        self.path = path
        // Migrated before the pool opens it: opening a pool writes to the file (GRDB makes sure a WAL
        // file exists), and a failed upgrade must leave the file as it was.
        try SchemaUpgrade.run(path: path)
        pool = try DatabasePool(path: path, configuration: configuration)
    }

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
    public func setTitle(_ title: String?, feedID: Int64) throws {
        try updateFeed(feedID, sql: "title = ?", [ArticleIdentity.nonEmpty(title)])
    }

    /// Replaces the feed's tags (blank and repeated ones dropped, order kept).
    public func setTags(_ tags: [String], feedID: Int64) throws {
        try pool.write { db in
            try requireFeed(db, feedID)
            try FeedWriter.setTags(db, feedID: feedID, tags)
        }
    }

    /// Sets or clears the user's refresh interval of a feed, in seconds.
    public func setRefreshInterval(_ seconds: TimeInterval?, feedID: Int64) throws {
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
                result = try FeedWriter.sync(db, entries, now: now)
                version = try FeedListScopeCache.dataVersion(db)
                return .commit
            }
            guard let result else { throw FeedStoreError.inconsistent("the feed list sync returned nothing") }
            if let stamp, let version {
                let places = entries.map { FeedListPlace(url: $0.url, folder: $0.tags.first) }
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

    /// Where each feed of the list version `stamp` sits (URL and folder, in file order), as its last
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
            return .listed(try urls.compactMap { try FeedReader.resolve(db, url: $0) }.filter { seen.insert($0).inserted })
        }
    }

    /// Every tag (of the feeds in `scope`) with its feed count and article counts, by name.
    public func tags(in scope: FeedScope = .every) throws -> [TagSummary] {
        try pool.read { db in try FeedReader.tagSummaries(db, in: try scope.widened(db)) }
    }

    /// Counts for `tidings count` and the reader's first screen: feeds, articles and unread articles
    /// of the feeds in `scope`, and every starred article of the database (the Starred row); the
    /// articles ignore rules hid are left out unless `includeIgnored`.
    public func counts(in scope: FeedScope = .every, includeIgnored: Bool = false) throws -> ArticleCounts {
        try pool.read { db in try FeedReader.counts(db, in: try scope.widened(db), includeIgnored: includeIgnored) }
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

    // MARK: Fetch results

    /// Stores a fetched and parsed feed in one transaction: new articles inserted, known ones updated
    /// in place keeping their marks (identity rules: `ArticleIdentity`), the full-text index updated,
    /// the document's title, site URL and description recorded, and the fetch state set from `fetch`
    /// (validators and body hash as given, failures reset, error cleared). Search finds the new and
    /// changed articles (by their new text only) once this returns.
    ///
    /// The new and changed articles that `ignoring` matches are marked ignored in the same
    /// transaction (call `applyIgnoreRules` with the same rules first, so that the stored articles
    /// follow them too).
    @discardableResult
    public func apply(
        feedID: Int64, feed: Feed, fetch: FetchRecord, ignoring: IgnoreRules = .none
    ) throws -> ApplyResult {
        let prepared = ArticleWriter.Prepared(feed, fetchedAt: fetch.fetchedAt.timeIntervalSince1970)
        return try pool.write { db in
            try ArticleWriter.apply(
                db, feedID: feedID, feed: feed, prepared: prepared, fetch: fetch, ignoring: ignoring)
        }
    }

    /// Marks every article again when `rules` differ from those this store last applied (articles
    /// the old rules hid and the new ones do not come back; marks are untouched), in one
    /// transaction. Returns the number of articles the rules now hide, or nil when the rules had not
    /// changed (then this costs one read). Starred articles are never hidden.
    @discardableResult
    public func applyIgnoreRules(_ rules: IgnoreRules, now: Date = Date()) throws -> Int? {
        guard try pool.read({ db in try IgnoreWriter.changed(db, rules) }) else { return nil }
        return try pool.write { db in try IgnoreWriter.reapply(db, rules: rules, now: now) }
    }

    /// Records a fetch that brought nothing new (304 Not Modified, or a body whose hash matched):
    /// time, status and schedule; validators and body hash only where `fetch` carries them.
    public func recordUnchanged(feedID: Int64, fetch: FetchRecord) throws {
        let at = fetch.fetchedAt.timeIntervalSince1970
        try updateFeed(
            feedID,
            sql: """
                etag = coalesce(?, etag), last_modified = coalesce(?, last_modified), body_hash = coalesce(?, body_hash),
                last_fetch_at = ?, last_success_at = ?, last_status = ?, last_error = NULL, consecutive_failures = 0,
                next_fetch_at = ?
                """,
            [fetch.etag, fetch.lastModified, fetch.bodyHash, at, at, fetch.status,
             fetch.nextFetchAt?.timeIntervalSince1970])
    }

    /// Records a failed fetch (network error, HTTP error, unparsable body); the stored articles stay.
    /// Returns the number of consecutive failures including this one.
    @discardableResult
    public func recordFailure(feedID: Int64, at date: Date, status: Int?, error: String, nextFetchAt: Date?) throws
        -> Int
    {
        try pool.write { db in
            try db.execute(
                sql: """
                    UPDATE feeds SET last_fetch_at = ?, last_status = ?, last_error = ?,
                        consecutive_failures = consecutive_failures + 1, next_fetch_at = ?
                    WHERE id = ?
                    """,
                arguments: [date.timeIntervalSince1970, status, error, nextFetchAt?.timeIntervalSince1970, feedID])
            guard db.changesCount > 0 else { throw FeedStoreError.feedNotFound(feedID) }
            return try Int.fetchOne(
                db, sql: "SELECT consecutive_failures FROM feeds WHERE id = ?", arguments: [feedID]) ?? 0
        }
    }

    /// Records that the feed is gone for good (410): it is disabled with `reason`; articles stay.
    public func recordGone(feedID: Int64, at date: Date, status: Int = 410, reason: String) throws {
        try updateFeed(
            feedID,
            sql: "last_fetch_at = ?, last_status = ?, last_error = ?, disabled = 1, disabled_reason = ?",
            [date.timeIntervalSince1970, status, reason, reason])
    }

    /// Moves a feed to the target of a permanent redirect (the old URL still finds it). When a feed
    /// with that URL already exists the two are merged into it (see `FeedWriter.redirect`). Returns
    /// the id of the feed that now has the URL; the caller updates the feed list (OPML) to match.
    @discardableResult
    public func recordPermanentRedirect(feedID: Int64, to url: String) throws -> Int64 {
        try pool.write { db in try FeedWriter.redirect(db, feedID: feedID, to: url) }
    }

    /// Sets when the feed should be fetched next (nil: as soon as possible).
    public func scheduleNextFetch(feedID: Int64, at date: Date?) throws {
        try updateFeed(feedID, sql: "next_fetch_at = ?", [date?.timeIntervalSince1970])
    }

    /// True when `hash` is the body hash stored by the feed's last `apply` or `recordUnchanged`: the
    /// body need not be parsed or stored again.
    public func bodyHashMatches(feedID: Int64, hash: String) throws -> Bool {
        try pool.read { db in
            try Bool.fetchOne(
                db, sql: "SELECT body_hash = ? FROM feeds WHERE id = ?", arguments: [hash, feedID]) ?? false
        }
    }

    // MARK: Article lists

    /// Rows `offset..<offset+limit` of the list and the list's total, from one snapshot.
    public func articlePage(_ query: ArticleQuery, offset: Int, limit: Int) throws -> ArticlePage {
        return try pool.read { db in
            let filter = ArticleFilter(try query.widened(db))
            let total = try ArticleReader.count(db, filter)
            return ArticlePage(
                offset: offset, rows: try ArticleReader.page(db, filter, offset: offset, limit: limit, total: total),
                total: total)
        }
    }

    /// Rows `offset..<offset+limit` of the list.
    public func articleSummaries(_ query: ArticleQuery, offset: Int, limit: Int) throws -> [ArticleSummary] {
        return try pool.read { db in
            let filter = ArticleFilter(try query.widened(db))
            guard offset > ArticleReader.deepOffset else {
                return try ArticleReader.summaries(db, filter, offset: offset, limit: limit)
            }
            let total = try ArticleReader.count(db, filter)
            return try ArticleReader.page(db, filter, offset: offset, limit: limit, total: total)
        }
    }

    /// Up to `limit` rows that follow the article `articleID` in list order (keyset paging: as fast
    /// deep in the list as at its top). Empty when that article no longer exists.
    public func articleSummaries(_ query: ArticleQuery, after articleID: Int64, limit: Int) throws
        -> [ArticleSummary]
    {
        return try pool.read { db in
            let filter = ArticleFilter(try query.widened(db))
            guard let key = try ArticleFilter.key(db, articleID: articleID) else { return [] }
            return try ArticleReader.summaries(db, filter, extra: filter.condition(after: key), limit: limit)
        }
    }

    /// The number of articles in the list.
    public func countArticles(_ query: ArticleQuery) throws -> Int {
        return try pool.read { db in
            let filter = ArticleFilter(try query.widened(db))
            return try ArticleReader.count(db, filter) }
    }

    /// The unread and total articles of each list (query feeds in the feed list), from one snapshot,
    /// one pass over each list.
    public func listCounts(_ queries: [ArticleQuery]) throws -> [ListCount] {
        try pool.read { db in try queries.map { try ArticleReader.listCount(db, ArticleFilter(try $0.widened(db))) } }
    }

    /// The row index of an article in the list, or nil when the list does not contain it.
    public func index(of articleID: Int64, in query: ArticleQuery) throws -> Int? {
        return try pool.read { db in
            let filter = ArticleFilter(try query.widened(db))
            guard let key = try ArticleFilter.key(db, articleID: articleID),
                  try ArticleReader.count(db, filter, extra: ("a.id = ?", [articleID])) == 1
            else { return nil }
            return try ArticleReader.count(db, filter, extra: filter.condition(after: key, before: true))
        }
    }

    /// The first unread article after `articleID` in the order of `query` (before it, with
    /// `backward`), or the first (last) unread of the list when `articleID` is nil or gone. For "next
    /// unread across feeds" pass a query over every feed sorted `.byFeed`: it runs through the
    /// current feed, then the following feeds in feed-list order. Nil when there is none; no wrap.
    public func nextUnread(after articleID: Int64?, in query: ArticleQuery, backward: Bool = false) throws
        -> ArticleSummary?
    {
        var unread = query
        unread.unreadOnly = true
        return try pool.read { db in
            let filter = ArticleFilter(try unread.widened(db))
            let key = try articleID.flatMap { try ArticleFilter.key(db, articleID: $0) }
            let extra = key.map { filter.condition(after: $0, before: backward) }
            return try ArticleReader.summaries(db, filter, extra: extra, reversed: backward, limit: 1).first
        }
    }

    /// The full article, or nil when it no longer exists.
    public func article(id: Int64) throws -> StoredArticle? {
        try pool.read { db in try ArticleReader.article(db, id: id) }
    }

    // MARK: Marks (each call commits at once)

    /// Marks articles read or unread; returns how many changed.
    @discardableResult
    public func setRead(_ read: Bool, articleIDs: [Int64]) throws -> Int {
        try pool.write { db in try MarkWriter.setRead(db, read, ids: articleIDs, now: Date()) }
    }

    /// Stars or unstars articles; returns how many changed.
    @discardableResult
    public func setStarred(_ starred: Bool, articleIDs: [Int64]) throws -> Int {
        try pool.write { db in try MarkWriter.setStarred(db, starred, ids: articleIDs) }
    }

    /// Marks every unread article of the list read; returns how many changed.
    @discardableResult
    public func markAllRead(_ query: ArticleQuery) throws -> Int {
        return try pool.write { db in
            let filter = ArticleFilter(try query.widened(db))
            return try MarkWriter.markAllRead(db, filter, now: Date()) }
    }

    // MARK: Export

    /// Streams the articles of the list to `body`, in list order, at most `limit`: one row is in
    /// memory at a time, from one snapshot (a refresh committing meanwhile is not seen, and is not
    /// blocked). Without `withContent`, `summary` and `content` are nil (faster for headline formats).
    /// For `--new`, set `query.notExportedBy` to the state name, collect the ids written, and once the
    /// output is complete call `advanceExportState`. `body` runs on an unspecified thread before this
    /// returns and must not call this store; an error it throws stops the stream and is rethrown.
    public func forEachArticle(
        matching query: ArticleQuery, limit: Int? = nil, withContent: Bool = true,
        _ body: (StoredArticle) throws -> Void
    ) throws {
        try pool.read { db in
            let filter = ArticleFilter(try query.widened(db))
            try ArticleReader.forEach(db, filter, limit: limit, withContent: withContent, body)
        }
    }

    /// Records `articleIDs` as exported by the state `name` (created on first use), and with
    /// `markRead` marks them read, in one transaction. Call only after the output was written.
    public func advanceExportState(name: String, through articleIDs: [Int64], markRead: Bool) throws {
        try pool.write { db in
            try ExportStateWriter.advance(db, name: name, through: articleIDs, markRead: markRead, now: Date())
        }
    }

    public func exportStates() throws -> [ExportState] {
        try pool.read { db in try ExportStateWriter.states(db) }
    }

    /// Forgets an export state (its next `--new` export starts over); false when there was none.
    @discardableResult
    public func removeExportState(name: String) throws -> Bool {
        try deleteRows("DELETE FROM export_states WHERE name = ?", [name])
    }

    // MARK: Maintenance

    /// Deletes what `policy` lets go, in one feed or all (of `scope`: a refresh leaves the feeds
    /// outside its feed list as they are); returns the number of articles deleted.
    @discardableResult
    public func applyRetention(
        _ policy: RetentionPolicy, feedID: Int64? = nil, in scope: FeedScope = .every, now: Date = Date()
    ) throws -> Int {
        try pool.write { db in try RetentionWriter.apply(db, policy, feedID: feedID, scope: scope, now: now) }
    }

    /// Copies everything in the write-ahead log into the database file and cuts the log to zero
    /// bytes (a TRUNCATE checkpoint), waiting up to the busy timeout for readers on older snapshots.
    /// After a bulk write (a refresh) the log can be as large as everything written, and it stays on
    /// disk until the next checkpoint that finds no reader. Throws when it could not complete; nothing
    /// is lost then, the log is only left as it was.
    public func truncateWriteAheadLog() throws {
        _ = try pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }

    /// SQLite's `PRAGMA integrity_check`, then FTS5's check that the full-text index holds exactly
    /// the stored articles' text: `["ok"]` when both are sound, else what is wrong.
    public func integrityCheck() throws -> [String] {
        let pages = try pool.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        guard pages == ["ok"] else { return pages }
        do {
            // An INSERT by its form, but it only reads: FTS5 compares the index with the view it indexes.
            try pool.write { db in
                try db.execute(sql: "INSERT INTO article_search (article_search) VALUES ('integrity-check')")
            }
        } catch let error as DatabaseError {
            return ["search index: \(error.message ?? error.description)"]
        }
        return pages
    }

    private func updateFeed(_ id: Int64, sql assignments: String, _ values: StatementArguments) throws {
        try pool.write { db in
            try db.execute(sql: "UPDATE feeds SET \(assignments) WHERE id = ?", arguments: values + [id])
            guard db.changesCount > 0 else { throw FeedStoreError.feedNotFound(id) }
        }
    }

    /// Runs one DELETE in its own transaction; true when it removed a row.
    private func deleteRows(_ sql: String, _ arguments: StatementArguments) throws -> Bool {
        try pool.write { db in
            try db.execute(sql: sql, arguments: arguments)
            return db.changesCount > 0
        }
    }

    private func requireFeed(_ db: Database, _ id: Int64) throws {
        guard try Bool.fetchOne(db, sql: "SELECT 1 FROM feeds WHERE id = ?", arguments: [id]) != nil else {
            throw FeedStoreError.feedNotFound(id)
        }
    }
}
