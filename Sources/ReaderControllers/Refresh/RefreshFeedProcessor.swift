import FeedFetch
import FeedModel
import FeedStore
import Foundation

/// Turns one fetch result into store changes: a 304 or an identical body is recorded as unchanged;
/// a new body is parsed (transport charset as hint, final URL as base) and applied in one transaction;
/// a 410 disables the feed; other failures are recorded with a back-off, keeping the stored articles;
/// a permanent redirect moves the stored feed first. Each feed's articles are searchable once stored.
///
/// Threading: stateless apart from its immutable parts; `process` runs synchronously on the caller's
/// thread and may run on several threads at once (the store serialises writes).
struct RefreshFeedProcessor: Sendable {
    let store: FeedStore
    let schedule: RefreshSchedule
    let start: ContinuousClock.Instant
    let ignoreRules: IgnoreRules

    struct Outcome: Sendable {
        var result: RefreshFeedResult
        /// A permanent redirect to write back to the feed list: the stored URL before and after.
        var move: (from: String, to: String)?
    }

    func process(_ fetch: FetchResult, feed: StoredFeed, explicitlyNamed: Bool, cancelled: Bool) -> Outcome {
        let now = Date()
        var feedID = feed.id
        var url = feed.url
        var move: (from: String, to: String)?
        func finish(
            _ status: RefreshFeedStatus, new: Int = 0, updated: Int = 0, error: String? = nil
        ) -> Outcome {
            Outcome(
                result: RefreshFeedResult(
                    feedID: feedID, url: url, title: feed.displayTitle, status: status, httpStatus: fetch.status,
                    new: new, updated: updated, error: error, movedFrom: move?.from, merged: feedID != feed.id,
                    seconds: (ContinuousClock.now - start).seconds),
                move: move)
        }
        if cancelled || fetch.error == .cancelled { return finish(.cancelled) }
        do {
            if let target = fetch.permanentRedirect, target != feed.url, fetch.error == nil {
                feedID = try store.recordPermanentRedirect(feedID: feed.id, to: target)
                move = (feed.url, target)
                url = target
            }
            if let error = fetch.error {
                return try failed(fetch, feed: feed, feedID: feedID, error: error, now: now, finish)
            }
            if feed.fetchState.disabled, explicitlyNamed {
                try store.setDisabled(false, feedID: feedID)
            }
            let userInterval = feed.refreshInterval
            if fetch.notModified {
                try store.recordUnchanged(feedID: feedID, fetch: FetchRecord(
                    fetchedAt: now, status: fetch.status, etag: fetch.etag, lastModified: fetch.lastModified,
                    nextFetchAt: schedule.next(
                        after: now, userInterval: userInterval, maxAge: fetch.cacheMaxAge, ttlMinutes: nil,
                        updatePeriod: nil)))
                return finish(.unchanged)
            }
            let hash = BodyHash.of(fetch.body)
            if feedID == feed.id ? feed.fetchState.bodyHash == hash : try store.bodyHashMatches(feedID: feedID, hash: hash) {
                try store.recordUnchanged(feedID: feedID, fetch: FetchRecord(
                    fetchedAt: now, status: fetch.status, etag: fetch.etag, lastModified: fetch.lastModified,
                    bodyHash: hash,
                    nextFetchAt: schedule.next(
                        after: now, userInterval: userInterval, maxAge: fetch.cacheMaxAge, ttlMinutes: nil,
                        updatePeriod: nil)))
                return finish(.unchanged)
            }
            let parsed: Feed
            do {
                parsed = try FeedParser.parse(fetch.body, baseURL: fetch.finalURL, charset: fetch.charset)
            } catch {
                return try failed(
                    fetch, feed: feed, feedID: feedID, reason: error.description, retryAfter: nil, now: now, finish)
            }
            let applied = try store.apply(feedID: feedID, feed: parsed, fetch: FetchRecord(
                fetchedAt: now, status: fetch.status, etag: fetch.etag, lastModified: fetch.lastModified,
                bodyHash: hash,
                nextFetchAt: schedule.next(
                    after: now, userInterval: userInterval, maxAge: fetch.cacheMaxAge, ttlMinutes: parsed.ttl,
                    updatePeriod: parsed.updateInterval)), ignoring: ignoreRules)
            return finish(.updated, new: applied.new, updated: applied.updated)
        } catch {
            return finish(.failed, error: "cannot store: \(CommandFailure(error, database: store.path).message)")
        }
    }

    private func failed(
        _ fetch: FetchResult, feed: StoredFeed, feedID: Int64, error: FetchError, now: Date,
        _ finish: (RefreshFeedStatus, Int, Int, String?) -> Outcome
    ) throws -> Outcome {
        if case .gone = error {
            let reason = "gone (HTTP 410): feed disabled"
            try store.recordGone(feedID: feedID, at: now, reason: reason)
            return finish(.gone, 0, 0, reason)
        }
        var retryAfter: Int?
        if case .rateLimited(let seconds) = error { retryAfter = seconds ?? fetch.retryAfter }
        return try failed(
            fetch, feed: feed, feedID: feedID, reason: error.description, retryAfter: retryAfter, now: now, finish)
    }

    private func failed(
        _ fetch: FetchResult, feed: StoredFeed, feedID: Int64, reason: String, retryAfter: Int?, now: Date,
        _ finish: (RefreshFeedStatus, Int, Int, String?) -> Outcome
    ) throws -> Outcome {
        let next = schedule.next(
            afterFailure: now, failures: feed.fetchState.consecutiveFailures + 1, retryAfter: retryAfter,
            userInterval: feed.refreshInterval)
        try store.recordFailure(
            feedID: feedID, at: now, status: fetch.status == 0 ? nil : fetch.status, error: reason, nextFetchAt: next)
        return finish(.failed, 0, 0, reason)
    }
}
