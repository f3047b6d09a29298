import FeedFetch
import FeedModel
import FeedStore
import Foundation

/// Turns one fetch result into store changes: a 304 or an identical body is recorded as unchanged;
/// a new body is parsed (transport charset as hint, final URL as base) and applied in one transaction;
/// a 410 disables the feed; other failures are recorded with a back-off, keeping the stored articles;
/// a permanent redirect moves the stored feed first. Each feed's articles are searchable once stored.
/// A cut-off response (a body shorter than announced, a coded stream cut short, a document whose
/// root never closed) changes nothing stored: only its new whole articles are added, and the fetch
/// is recorded as failed without its validators, so that the next refresh fetches it whole.
///
/// The work is in two steps, so that a refresh can keep the store's one writer busy: `prepare` does
/// what needs no write (body hash, parse, the store's `prepare`: search text, compressed bodies),
/// `process` the rest, using what `prepare` did.
///
/// Threading: stateless apart from its immutable parts; both steps run synchronously on the caller's
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
        /// The articles stored for the first time (whose pages a full-text feed then fetches).
        var newArticleIDs: [Int64] = []
        /// Why storing failed when no other feed could be stored either (a full disk, an I/O error):
        /// the refresh stops.
        var storeFailure: CommandFailure?
    }

    /// What `prepare` did for one fetch. Once hashed and parsed, the fetch keeps no body.
    struct Preparation: Sendable {
        var fetch: FetchResult
        /// The time the fetch is recorded with (the prepared document's articles were made for it).
        let now: Date
        var hash: String?
        var document: PreparedDocument?
        var parseError: String?
    }

    /// The part of a fetch's handling that writes nothing: for a new body of a feed that is not being
    /// moved, its hash, and unless that matches the stored one its parsed and prepared document (or
    /// why it cannot be parsed). Anything else is left to `process`.
    func prepare(_ fetch: FetchResult, feed: StoredFeed) -> Preparation {
        var preparation = Preparation(fetch: fetch, now: Date())
        // The part of a body cut short is parsed for its whole articles; it is never compared as a whole.
        let part = fetch.error == .truncated && !fetch.body.isEmpty
        guard fetch.error == nil || part, !fetch.notModified,
            fetch.permanentRedirect == nil || fetch.permanentRedirect == feed.url
        else { return preparation }
        if !part {
            let hash = BodyHash.of(fetch.body)
            preparation.hash = hash
            guard feed.fetchState.bodyHash != hash else { return preparation }
        }
        do {
            let parsed = try FeedParser.parse(fetch.body, baseURL: fetch.finalURL, charset: fetch.charset)
            // A store that cannot prepare now (a failed read) is asked again by `process`, which reports it.
            // `lastSuccessAt` alone misses a feed stored only from cut-off documents (they record no
            // success): its articles tell that it may have a dictionary.
            preparation.document = try? store.prepare(
                feedID: feed.id, feed: parsed, fetchedAt: preparation.now,
                neverStored: feed.fetchState.lastSuccessAt == nil && feed.totalCount == 0)
        } catch {
            preparation.parseError = error.description
        }
        if preparation.document != nil || preparation.parseError != nil { preparation.fetch.body = [] }
        return preparation
    }

    /// Both steps at once.
    func process(_ fetch: FetchResult, feed: StoredFeed, explicitlyNamed: Bool, cancelled: Bool) -> Outcome {
        process(prepare(fetch, feed: feed), feed: feed, explicitlyNamed: explicitlyNamed, cancelled: cancelled)
    }

    /// What `plan` made of a prepared fetch: its outcome, or a document still to store and the
    /// outcome to give once it is stored (or could not be).
    private enum Step {
        case done(Outcome)
        case store(PreparedDocument, FetchRecord, finish: (Result<ApplyResult, any Error>) -> Outcome)
    }

    /// Records a prepared fetch in the store.
    func process(_ preparation: Preparation, feed: StoredFeed, explicitlyNamed: Bool, cancelled: Bool) -> Outcome {
        switch plan(preparation, feed: feed, explicitlyNamed: explicitlyNamed, cancelled: cancelled, beforeMove: {}) {
        case .done(let outcome):
            return outcome
        case .store(let document, let record, let finish):
            return finish(Result { try store.apply(document, fetch: record, ignoring: ignoreRules) })
        }
    }

    /// Records several prepared fetches, in order, and gives their outcomes in that order. The
    /// documents to store go into one transaction (`FeedStore.apply(group:)`); a feed moved by a
    /// permanent redirect first has the documents before it stored, since moving may merge feeds.
    /// Should that transaction fail, each document is stored alone, so that a failure stays its own.
    func process(
        group: [(Preparation, StoredFeed)], explicitlyNamed: Bool, cancelled: Bool
    ) -> [Outcome] {
        var outcomes: [Outcome?] = Array(repeating: nil, count: group.count)
        var pending: [(index: Int, document: PreparedDocument, record: FetchRecord,
                       finish: (Result<ApplyResult, any Error>) -> Outcome)] = []
        func storePending() {
            guard !pending.isEmpty else { return }
            let together = pending.count > 1
                ? try? store.apply(group: pending.map { ($0.document, $0.record) }, ignoring: ignoreRules) : nil
            for (n, entry) in pending.enumerated() {
                outcomes[entry.index] = entry.finish(together.map { .success($0[n]) }
                    ?? Result { try store.apply(entry.document, fetch: entry.record, ignoring: ignoreRules) })
            }
            pending = []
        }
        for (index, (preparation, feed)) in group.enumerated() {
            switch plan(
                preparation, feed: feed, explicitlyNamed: explicitlyNamed, cancelled: cancelled, beforeMove: storePending)
            {
            case .done(let outcome):
                outcomes[index] = outcome
            case .store(let document, let record, let finish):
                pending.append((index, document, record, finish))
            }
        }
        storePending()
        return outcomes.compactMap { $0 }
    }

    /// Writes what a prepared fetch needs but its document, which it returns to store (calling
    /// `beforeMove` before it moves a feed).
    private func plan(
        _ preparation: Preparation, feed: StoredFeed, explicitlyNamed: Bool, cancelled: Bool, beforeMove: () -> Void
    ) -> Step {
        let fetch = preparation.fetch
        let now = preparation.now
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
        func cannotStore(_ error: any Error) -> Outcome {
            let failure = CommandFailure(error, database: store.path)
            var outcome = finish(.failed, error: "cannot store: \(failure.message)")
            if DatabaseFailure(error)?.kind == .io { outcome.storeFailure = failure }
            return outcome
        }
        if cancelled || fetch.error == .cancelled { return .done(finish(.cancelled)) }
        do {
            if let target = fetch.permanentRedirect, target != feed.url, fetch.error == nil {
                beforeMove()
                feedID = try store.recordPermanentRedirect(feedID: feed.id, to: target)
                move = (feed.url, target)
                url = target
            }
            if let error = fetch.error {
                if error.isIncomplete {
                    return .done(try incomplete(
                        preparation, feed: feed, feedID: feedID, cause: error.description, finish))
                }
                return .done(try failed(fetch, feed: feed, feedID: feedID, error: error, now: now, finish))
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
                return .done(finish(.unchanged))
            }
            let hash = preparation.hash ?? BodyHash.of(fetch.body)
            if feedID == feed.id ? feed.fetchState.bodyHash == hash : try store.bodyHashMatches(feedID: feedID, hash: hash) {
                try store.recordUnchanged(feedID: feedID, fetch: FetchRecord(
                    fetchedAt: now, status: fetch.status, etag: fetch.etag, lastModified: fetch.lastModified,
                    bodyHash: hash,
                    nextFetchAt: schedule.next(
                        after: now, userInterval: userInterval, maxAge: fetch.cacheMaxAge, ttlMinutes: nil,
                        updatePeriod: nil)))
                return .done(finish(.unchanged))
            }
            if let reason = preparation.parseError {
                return .done(try failed(
                    fetch, feed: feed, feedID: feedID, reason: reason, retryAfter: nil, now: now, finish))
            }
            let document: PreparedDocument
            if let prepared = preparation.document, prepared.feedID == feedID {
                document = prepared
            } else {
                let parsed: Feed
                do {
                    parsed = try FeedParser.parse(fetch.body, baseURL: fetch.finalURL, charset: fetch.charset)
                } catch {
                    return .done(try failed(
                        fetch, feed: feed, feedID: feedID, reason: error.description, retryAfter: nil, now: now, finish))
                }
                document = try store.prepare(feedID: feedID, feed: parsed, fetchedAt: now)
            }
            let parsed = document.feed
            if !parsed.isComplete {
                let root = parsed.format == .jsonFeed10 || parsed.format == .jsonFeed11
                    ? "the JSON document's top-level object" : "the document's root element"
                return .done(try incomplete(
                    preparation, feed: feed, feedID: feedID, cause: "\(root) never closes", document: document, finish))
            }
            let record = FetchRecord(
                fetchedAt: now, status: fetch.status, etag: fetch.etag, lastModified: fetch.lastModified,
                bodyHash: hash,
                nextFetchAt: schedule.next(
                    after: now, userInterval: userInterval, maxAge: fetch.cacheMaxAge, ttlMinutes: parsed.ttl,
                    updatePeriod: parsed.updateInterval))
            return .store(document, record) { stored in
                do {
                    let applied = try stored.get()
                    var outcome = finish(.updated, new: applied.new, updated: applied.updated)
                    outcome.newArticleIDs = applied.newArticleIDs
                    return outcome
                } catch {
                    return cannotStore(error)
                }
            }
        } catch {
            return .done(cannotStore(error))
        }
    }

    /// Records a cut-off response: the new whole articles of what arrived, when it could be read as a
    /// feed, and the fetch as failed with `cause`, its validators left out.
    private func incomplete(
        _ preparation: Preparation, feed: StoredFeed, feedID: Int64, cause: String, document: PreparedDocument? = nil,
        _ finish: (RefreshFeedStatus, Int, Int, String?) -> Outcome
    ) throws -> Outcome {
        let fetch = preparation.fetch
        let reason = "incomplete response: \(cause); what was stored is kept, new whole articles added"
        let next = schedule.next(
            afterFailure: preparation.now, failures: feed.fetchState.consecutiveFailures + 1, retryAfter: nil,
            userInterval: feed.refreshInterval)
        var readable = document
        if readable == nil, let prepared = preparation.document, prepared.feedID == feedID {
            readable = prepared
        } else if readable == nil, preparation.parseError == nil, !fetch.body.isEmpty,
            let parsed = try? FeedParser.parse(fetch.body, baseURL: fetch.finalURL, charset: fetch.charset)
        {
            readable = try store.prepare(feedID: feedID, feed: parsed, fetchedAt: preparation.now)
        }
        guard let readable else {
            try store.recordFailure(
                feedID: feedID, at: preparation.now, status: fetch.status == 0 ? nil : fetch.status, error: reason,
                nextFetchAt: next)
            return finish(.incomplete, 0, 0, reason)
        }
        let applied = try store.applyIncomplete(
            readable, fetch: FetchRecord(fetchedAt: preparation.now, status: fetch.status, nextFetchAt: next),
            reason: reason, ignoring: ignoreRules)
        var outcome = finish(.incomplete, applied.new, 0, reason)
        outcome.newArticleIDs = applied.newArticleIDs
        return outcome
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
