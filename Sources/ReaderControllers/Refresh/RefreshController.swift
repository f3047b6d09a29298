import FeedFetch
import FeedModel
import FeedStore
import Foundation
import Synchronization

/// Refreshes feeds: `tidings refresh` (cron or terminal), the terminal reader's R and r keys, and
/// `tidings export --refresh` all call `run`, with `RefreshOptions.unattended` the only difference.
///
/// One run: takes the refresh lock (another running refresh makes it throw `RefreshError.locked`,
/// unless `waitForLock`), makes the store follow the feed list, fetches the chosen feeds concurrently
/// with their validators, parses and stores each feed as its result arrives (the feeds ready at once,
/// a few, in one transaction with their articles' search entries and validators, so an interrupted
/// run loses at most that group, which the next run fetches again, and search finds a feed's articles
/// once it is stored), writes permanent redirects back to the feed
/// list, fetches the pages of the new articles of feeds marked for full text (`FullTextFetcher`, once
/// every feed is stored), then applies the retention policy (to every feed but those whose response was cut off).
/// Meanwhile the write-ahead log is copied into the database file in the background
/// (`BackgroundCheckpoints`). A first refresh of many feeds leaves the indexes
/// that order article lists out while it stores them and builds them once at its end
/// (`FeedStore.deferListIndexes`); a run killed before that has them built by the next.
///
/// Threading: `run` may be called from any task; one run at a time per database (the lock). `progress`
/// is called after every feed as soon as it is stored, serially (under a lock), from any task; keep it short. `cancel` may
/// be called from any thread: the running fetches stop, the feeds not yet stored are reported as
/// `.cancelled`, and `run` returns the summary so far. Cancelling the task that awaits `run` does the same.
public final class RefreshController: Sendable {
    private let environment: AppEnvironment
    private let state = Mutex(RunState())

    public init(environment: AppEnvironment) {
        self.environment = environment
    }

    /// Runs one refresh and returns what it did per feed. Throws `RefreshError` when it cannot start
    /// (locked, unknown feed name), `SubscriptionsError` when the feed list cannot be read, and database
    /// errors; failures of single feeds are results, not errors.
    public func run(
        _ options: RefreshOptions, progress: @escaping @Sendable (RefreshProgress) -> Void = { _ in }
    ) async throws -> RefreshSummary {
        let lock = try await RefreshLock.acquire(path: environment.paths.refreshLock, wait: options.waitForLock)
        defer { lock.release() }
        return try await runLocked(options, progress: progress)
    }

    /// Runs one refresh, then `then` with its summary while still holding the refresh lock, so that
    /// no other writer that takes the lock (another refresh, `account remove`) comes between the
    /// local feeds and what follows them: `tidings refresh` syncs the accounts there
    /// (`SyncController.runHoldingLock`). Throws as `run` does, and what `then` throws.
    package func run<T>(
        _ options: RefreshOptions, progress: @escaping @Sendable (RefreshProgress) -> Void = { _ in },
        then: (RefreshSummary) async throws -> T
    ) async throws -> (summary: RefreshSummary, then: T) {
        let lock = try await RefreshLock.acquire(path: environment.paths.refreshLock, wait: options.waitForLock)
        defer { lock.release() }
        let summary = try await runLocked(options, progress: progress)
        return (summary, try await then(summary))
    }

    private func runLocked(
        _ options: RefreshOptions, progress: @escaping @Sendable (RefreshProgress) -> Void
    ) async throws -> RefreshSummary {
        let start = ContinuousClock.now
        let subscriptions = SubscriptionsController(environment: environment)
        let (list, scope) = try subscriptions.synchronizeIfListed()
        let feeds = try select(options, list: list, scope: scope)
        try environment.store.applyIgnoreRules(options.ignoreRules)
        // A first refresh after an import stores far more than the store holds, so the list indexes are
        // built once at the end (`FeedStore.deferListIndexes`); else any a killed run left out are built now.
        let neverStored = feeds.count { $0.fetchState.lastSuccessAt == nil && $0.totalCount == 0 }
        let deferredIndexes = try environment.store.deferListIndexes(newFeeds: neverStored)
        if !deferredIndexes { try environment.store.restoreListIndexes() }

        let fetcher = environment.makeFetcher()
        state.withLock { state in
            state.fetcher = fetcher
            state.running = true
        }
        defer { state.withLock { $0 = RunState() } }

        let processor = RefreshFeedProcessor(
            store: environment.store, schedule: RefreshSchedule(), start: start, ignoreRules: options.ignoreRules)
        let recorder = RefreshRecorder(total: feeds.count, progress: progress)
        let byID = Dictionary(feeds.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let requests = feeds.map {
            FetchRequest(id: $0.id, url: $0.url, etag: $0.fetchState.etag, lastModified: $0.fetchState.lastModified)
        }

        let named = !options.feeds.isEmpty
        let fullTextFeeds = Self.fullTextFeeds(feeds, list: list)
        let autoDownloadFeeds = AutoDownload.feeds(feeds, list: list)
        // Fetch (libcurl's thread), prepare up to `parallelism` feeds at once, store with one writer: the
        // one stage that cannot be split, so the feeds waiting for it go in as one transaction. At most
        // `window` feeds are in flight (bounding memory), hosts taken in turn so one slow host can't fill it.
        let preparers = options.parallelism
        // The writer then never stops to copy the log into the database file (nil: it does, as
        // without them: they only save time, so a refresh goes on when they cannot start).
        let checkpoints = try? environment.store.startBackgroundCheckpoints()
        defer { checkpoints?.stop() }
        let window = environment.fetchConfiguration.maxConcurrent + 2 * preparers + 1
        await withTaskCancellationHandler {
            await withTaskGroup(of: PipelineStep.self) { group in
                var waiting = Self.takingHostsInTurn(requests)[...]
                var fetched: [FetchResult] = []
                var prepared: [(RefreshFeedProcessor.Preparation, StoredFeed)] = []
                var fetching = 0
                var preparing = 0
                // The feeds the writer is storing, as one group.
                var writing = 0
                func schedule() {
                    if writing == 0, !prepared.isEmpty {
                        let batch = Array(prepared)
                        prepared = []
                        let stop = isCancelled
                        group.addTask {
                            let outcomes = processor.process(group: batch, explicitlyNamed: named, cancelled: stop)
                            if let failure = outcomes.lazy.compactMap(\.storeFailure).first { self.stop(for: failure) }
                            for (outcome, (_, feed)) in zip(outcomes, batch) {
                                recorder.record(
                                    outcome, fullText: fullTextFeeds.contains(feed.id),
                                    autoDownload: autoDownloadFeeds[feed.id] != nil)
                            }
                            return .written
                        }
                        writing = batch.count
                    }
                    while preparing + prepared.count < 2 * preparers, !fetched.isEmpty {
                        let result = fetched.removeFirst()
                        guard let feed = byID[result.requestID] else { continue }
                        let stop = isCancelled
                        group.addTask {
                            // A cancelled run stores nothing more: there is nothing to prepare.
                            let preparation = stop
                                ? RefreshFeedProcessor.Preparation(fetch: result, now: Date())
                                : processor.prepare(result, feed: feed)
                            return .prepared(preparation, feed)
                        }
                        preparing += 1
                    }
                    if isCancelled { waiting = [] }
                    let inFlight = { fetching + fetched.count + preparing + prepared.count + writing }
                    while inFlight() < window, let request = waiting.popFirst() {
                        // Started here, in order, so that the fetcher queues them in this order.
                        let stream = fetcher.fetch([request])
                        // A cancel that came between the check above and this fetch missed it.
                        if isCancelled { fetcher.cancel() }
                        group.addTask {
                            var result: FetchResult?
                            for await delivered in stream { result = delivered }
                            return .fetched(result)
                        }
                        fetching += 1
                    }
                }
                schedule()
                while let step = await group.next() {
                    switch step {
                    case .fetched(let result):
                        fetching -= 1
                        if let result { fetched.append(result) }
                    case .prepared(let preparation, let feed):
                        preparing -= 1
                        prepared.append((preparation, feed))
                    case .written:
                        writing = 0
                    }
                    schedule()
                }
            }
        } onCancel: {
            fetcher.cancel()
        }
        // Full texts once every feed's own articles are stored, so that they never wait for pages.
        let pages = isCancelled ? [] : (try? environment.store.articleLinks(recorder.fullTextArticleIDs)) ?? []
        if !pages.isEmpty {
            let fullText = FullTextFetcher(store: environment.store, fetcher: fetcher, ignoreRules: options.ignoreRules)
            _ = await withTaskCancellationHandler {
                await fullText.run(pages)
            } onCancel: {
                fetcher.cancel()
            }
        }
        // Queued, not downloaded: `downloads run` (or the reader) downloads them.
        if !isCancelled, !autoDownloadFeeds.isEmpty {
            try AutoDownload(environment: environment).queue(recorder.autoDownloadArticleIDs, keep: autoDownloadFeeds)
        }
        checkpoints?.stop()
        if deferredIndexes { try environment.store.restoreListIndexes() }
        let recordedIDs = Set(recorder.results.map(\.feedID))
        for feed in feeds where !recordedIDs.contains(feed.id) {
            recorder.record(.init(result: RefreshFeedResult(
                feedID: feed.id, url: feed.url, title: feed.displayTitle, status: .cancelled,
                seconds: (ContinuousClock.now - start).seconds)))
        }
        let results = recorder.results
        let moves = recorder.moves
        if !moves.isEmpty { try subscriptions.applyMoves(moves) }
        let listed = moves.isEmpty ? scope : try subscriptions.scope()
        let cancelled = Task.isCancelled || state.withLock { $0.cancelled }
        let storeFailure = state.withLock { $0.storeFailure }
        var deleted = 0
        if let retention = options.retention, !isCancelled, results.contains(where: { $0.status == .updated }) {
            deleted = try environment.store.applyRetention(retention, in: try retentionScope(scope, results))
        }
        // A refresh may write far more than the log's usual size: leave no log of that size on disk.
        if results.contains(where: { $0.status == .updated }) { try? environment.store.truncateWriteAheadLog() }
        return RefreshSummary(
            feeds: results, seconds: (ContinuousClock.now - start).seconds, deleted: deleted, cancelled: cancelled,
            scope: listed,
            storeFailure: storeFailure.map { "\($0.message); what was stored stays, the next refresh fetches the rest" })
    }

    /// The ids of `feeds` whose new articles' pages are fetched for their full text: those the feed
    /// list marks `tidings:full-text` (on the feed or a folder it sits in).
    static func fullTextFeeds(_ feeds: [StoredFeed], list: SubscriptionsFile?) -> Set<Int64> {
        guard let list else { return [] }
        let urls = Set(list.entries.lazy.filter(\.entry.fullText).map(\.entry.url))
        guard !urls.isEmpty else { return [] }
        return Set(feeds.lazy.filter { urls.contains($0.url) }.map(\.id))
    }

    /// Stops the run when storing failed for a cause every other feed would meet too (a full disk):
    /// the feeds stored stay, the others are left for the next refresh. The first cause is kept.
    private func stop(for failure: CommandFailure) {
        let fetcher = state.withLock { state -> FeedFetcher? in
            if state.storeFailure == nil { state.storeFailure = failure }
            return state.fetcher
        }
        fetcher?.cancel()
    }

    /// Stops the running refresh, if any (see the type's threading notes).
    public func cancel() {
        let fetcher = state.withLock { state -> FeedFetcher? in
            guard state.running else { return nil }
            state.cancelled = true
            return state.fetcher
        }
        fetcher?.cancel()
    }

    /// The requests reordered so that consecutive ones go to different hosts where possible: the
    /// first of each host in order of appearance, then the second of each, and so on.
    static func takingHostsInTurn(_ requests: [FetchRequest]) -> [FetchRequest] {
        var queues: [[FetchRequest]] = []
        var queueOfHost: [String: Int] = [:]
        for request in requests {
            let components = URLComponents(string: request.url)
            let host = "\(components?.scheme ?? ""):\(components?.host ?? ""):\(components?.port ?? 0)"
            if let index = queueOfHost[host] {
                queues[index].append(request)
            } else {
                queueOfHost[host] = queues.count
                queues.append([request])
            }
        }
        guard queues.count > 1 else { return requests }
        var ordered: [FetchRequest] = []
        ordered.reserveCapacity(requests.count)
        var round = 0
        while ordered.count < requests.count {
            for queue in queues where round < queue.count { ordered.append(queue[round]) }
            round += 1
        }
        return ordered
    }

    /// The feeds of `scope` retention may run over: none whose response was cut off this run, which
    /// must not make anything go (what it lacks cannot be told from what it left out).
    private func retentionScope(_ scope: FeedScope, _ results: [RefreshFeedResult]) throws -> FeedScope {
        let cut = Set(results.lazy.filter { $0.status == .incomplete }.map(\.feedID))
        guard !cut.isEmpty else { return scope }
        let ids = try scope.feedIDs ?? environment.store.feeds(in: .every).map(\.id)
        return .listed(ids.filter { !cut.contains($0) })
    }

    /// True once the run stops early: cancelled, or storing failed for good.
    private var isCancelled: Bool {
        Task.isCancelled || state.withLock { $0.cancelled || $0.storeFailure != nil }
    }

    /// The feeds this run fetches, all of the list in use (`scope`): those named, or every enabled one
    /// with `all`, or the enabled ones due. Feeds the database keeps outside the list are not fetched.
    private func select(_ options: RefreshOptions, list: SubscriptionsFile?, scope: FeedScope) throws -> [StoredFeed] {
        let store = environment.store
        // An account's feeds come from its service (`SyncController`), never fetched here.
        guard !options.feeds.isEmpty else {
            return options.all
                ? try store.feeds(in: scope).filter { !$0.fetchState.disabled && $0.account == nil }
                : try store.feedsDue(in: scope).filter { $0.account == nil }
        }
        var chosen: [StoredFeed] = []
        for name in options.feeds {
            let url = try list?.find(name)?.entry.url ?? list?.resolve(name) ?? name
            guard let feed = try store.feed(url: url), scope.contains(feed.id), feed.account == nil else {
                throw RefreshError.unknownFeed(name)
            }
            if !chosen.contains(where: { $0.id == feed.id }) { chosen.append(feed) }
        }
        return chosen
    }
}

/// Collects the outcome of each feed as it is stored and reports progress, from the tasks that
/// store feeds. Thread-safe: `record` runs `progress` under the lock, so reports stay in order.
private final class RefreshRecorder: Sendable {
    private struct Tally {
        var results: [RefreshFeedResult] = []
        var moves: [(from: String, to: String)] = []
        var newArticles = 0
        var errors = 0
        var fullTextArticleIDs: [Int64] = []
        var autoDownloadArticleIDs: [Int64: [Int64]] = [:]
    }

    private let total: Int
    private let progress: @Sendable (RefreshProgress) -> Void
    private let tally = Mutex(Tally())

    init(total: Int, progress: @escaping @Sendable (RefreshProgress) -> Void) {
        self.total = total
        self.progress = progress
    }

    var results: [RefreshFeedResult] { tally.withLock { $0.results } }
    var moves: [(from: String, to: String)] { tally.withLock { $0.moves } }
    /// The new articles of full-text feeds, in the order they were stored.
    var fullTextArticleIDs: [Int64] { tally.withLock { $0.fullTextArticleIDs } }

    /// The new articles of auto-download feeds, by feed.
    var autoDownloadArticleIDs: [Int64: [Int64]] { tally.withLock { $0.autoDownloadArticleIDs } }

    func record(_ outcome: RefreshFeedProcessor.Outcome, fullText: Bool = false, autoDownload: Bool = false) {
        tally.withLock { tally in
            if fullText { tally.fullTextArticleIDs += outcome.newArticleIDs }
            if autoDownload, !outcome.newArticleIDs.isEmpty {
                tally.autoDownloadArticleIDs[outcome.result.feedID, default: []] += outcome.newArticleIDs
            }
            tally.results.append(outcome.result)
            if let move = outcome.move { tally.moves.append(move) }
            tally.newArticles += outcome.result.new
            if outcome.result.isFailure { tally.errors += 1 }
            progress(RefreshProgress(
                done: tally.results.count, total: total, newArticles: tally.newArticles, errors: tally.errors,
                latest: outcome.result))
        }
    }
}

/// What a task of a refresh's pipeline did: fetched a feed (nil when the fetcher delivered nothing),
/// prepared one for the writer, or stored and recorded a group of them.
private enum PipelineStep: Sendable {
    case fetched(FetchResult?)
    case prepared(RefreshFeedProcessor.Preparation, StoredFeed)
    case written
}

private struct RunState: ~Copyable {
    var fetcher: FeedFetcher?
    var running = false
    var cancelled = false
    var storeFailure: CommandFailure?
}

extension Duration {
    /// The duration in seconds as a `Double`.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
