import FeedModel
import Foundation
import GRDB

// What refresh records: stored feeds, unchanged and failed fetches, redirects, schedules.
extension FeedStore {
    /// The reason recorded for a document that does not say why it is incomplete.
    private static let cutOff = "the document was cut off"

    // MARK: Fetch results

    /// Stores a fetched and parsed feed in one transaction: new articles inserted, known ones updated
    /// in place keeping their marks (identity rules: `ArticleIdentity`), the full-text index updated,
    /// the document's title, site URL and description recorded, and the fetch state set from `fetch`
    /// (validators and body hash as given, failures reset, error cleared). Search finds the new and
    /// changed articles (by their new text only) once this returns.
    ///
    /// The new and changed articles that `ignoring` matches are marked ignored in the same
    /// transaction (call `applyIgnoreRules` with the same rules first, so that the stored articles
    /// follow them too). A cut-off document (`Feed.isComplete` false) only adds its new articles
    /// (`applyIncomplete`).
    @discardableResult
    public func apply(
        feedID: Int64, feed: Feed, fetch: FetchRecord, ignoring: IgnoreRules = .none
    ) throws -> ApplyResult {
        try apply(prepare(feedID: feedID, feed: feed, fetchedAt: fetch.fetchedAt), fetch: fetch, ignoring: ignoring)
    }

    /// Does the part of `apply` that needs no write (identity keys, search text, compressed bodies,
    /// hashes), on the caller's thread and alongside the store's one writer, so that a refresh keeps
    /// that writer busy with SQL only. `fetchedAt` must be the `fetchedAt` of the `FetchRecord` the
    /// document is then applied with. Reads the feed's body dictionary (a read, never blocked by
    /// the writer), unless `neverStored` says that no document of the feed was ever stored (its
    /// `FetchState.lastSuccessAt` is nil): only `apply` stores a dictionary, so such a feed has none,
    /// and every feed of a first refresh saves that read.
    public func prepare(feedID: Int64, feed: Feed, fetchedAt: Date, neverStored: Bool = false) throws
        -> PreparedDocument
    {
        // The feed's body dictionary, or a new one from this document (stored with its articles).
        let stored = neverStored ? nil : try pool.read { db in try BodyDictionary.latest(db, feedID: feedID) }
        let dictionary = stored ?? BodyDictionary(madeFrom: feed)
        return PreparedDocument(
            feedID: feedID, feed: feed,
            articles: ArticleWriter.Prepared(feed, fetchedAt: fetchedAt.timeIntervalSince1970, dictionary: dictionary))
    }

    /// `apply` of a document made ready by `prepare`: one transaction, the same rules. `fetch` is
    /// the record of the fetch the document was prepared for (same `fetchedAt`). A document that is
    /// not complete (`Feed.isComplete` false) is stored as `applyIncomplete` stores it, its parse
    /// error as the reason.
    @discardableResult
    public func apply(
        _ document: PreparedDocument, fetch: FetchRecord, ignoring: IgnoreRules = .none
    ) throws -> ApplyResult {
        guard document.feed.isComplete else {
            return try applyIncomplete(
                document, fetch: fetch, reason: document.feed.error ?? Self.cutOff, ignoring: ignoring)
        }
        return try pool.write { db in
            try ArticleWriter.apply(
                db, feedID: document.feedID, feed: document.feed, prepared: document.articles, fetch: fetch,
                ignoring: ignoring)
        }
    }

    /// `apply` of several prepared documents in one transaction, each stored by the same rules, so
    /// that their articles, search entries and fetch states (validators included) are committed
    /// together or not at all: a refresh killed meanwhile fetches every one of them again.
    package func apply(
        group: [(document: PreparedDocument, fetch: FetchRecord)], ignoring: IgnoreRules = .none
    ) throws -> [ApplyResult] {
        try pool.write { db in
            try ArticleWriter.apply(
                db,
                group: group.map { document, fetch in
                    (document.feedID, document.feed, document.articles, fetch,
                     document.feed.isComplete ? nil : document.feed.error ?? Self.cutOff)
                },
                ignoring: ignoring)
        }
    }

    /// Stores what a cut-off response can give without changing anything stored: its new articles
    /// (those whose item closed before the cut), in one transaction. Known articles stay as they are,
    /// and so do the feed's title, description, validators and body hash, so that the next refresh
    /// fetches the document whole; its articles count as no newer document for retention. The fetch
    /// is recorded as failed with `reason` (time, status, schedule from `fetch`; its validators and
    /// body hash are not stored).
    @discardableResult
    public func applyIncomplete(
        _ document: PreparedDocument, fetch: FetchRecord, reason: String, ignoring: IgnoreRules = .none
    ) throws -> ApplyResult {
        try pool.write { db in
            try ArticleWriter.apply(
                db, feedID: document.feedID, feed: document.feed, prepared: document.articles, fetch: fetch,
                ignoring: ignoring, incomplete: reason)
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
            try db.cachedStatement(
                sql: """
                    UPDATE feeds SET last_fetch_at = ?, last_status = ?, last_error = ?,
                        consecutive_failures = consecutive_failures + 1, next_fetch_at = ?
                    WHERE id = ?
                    """
            ).execute(arguments: [date.timeIntervalSince1970, status, error, nextFetchAt?.timeIntervalSince1970, feedID])
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
    package func scheduleNextFetch(feedID: Int64, at date: Date?) throws {
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
}
