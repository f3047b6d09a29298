import FeedStore
import Foundation
import Synchronization

/// The rows of one article list, read from the store a page at a time as the table asks for them and
/// kept by page index; a few pages are kept, so memory stays flat however long the list is. When the
/// table nears the end of the pages it has, the next page is read ahead on a background queue, so
/// scrolling rarely waits for the database.
///
/// The first page of a query feed or a search is shown before the list is counted: with a full first
/// page, such a list is counted on a background queue (a full-text or regular-expression query over
/// 100,000 articles costs many times its first page), `wake` runs when the count arrives, and until
/// then `total` is the rows read so far and `totalIsExact` false. `settleTotal` waits for the count
/// (before a key moves in the list). Other lists (a feed, a tag, All unread) count from indexes in
/// a few milliseconds, with the first page.
///
/// Threading: main actor only; the read-ahead and the count run on the reader's
/// `SerialBackgroundQueue`s and hand their pages and count over through a `Mutex` (the store is
/// thread-safe).
@MainActor
final class ArticleListPages {
    nonisolated static let pageSize = 100
    nonisolated static let maximumPages = 16

    let store: FeedStore
    let query: ArticleQuery
    private var pages: [Int: [ArticleSummary]] = [:]
    private var recentPages: [Int] = []
    private let readAhead = ReadAhead()
    private let counter: BackgroundCount
    /// Bumped by `reload`, so a page read ahead (or a count) before it is not used after it.
    private var generation = 0
    private var knownTotal = 0
    /// The background count is running (`knownTotal` is then the rows read so far).
    private var counting = false
    /// The outcome of the last count taken.
    private var lastCount: Result<Int, any Error>?

    init(store: FeedStore, query: ArticleQuery, wake: @escaping @Sendable () -> Void = {}) {
        self.store = store
        self.query = query
        counter = BackgroundCount(wake: wake)
    }

    deinit {
        // Reads ahead still queued for a list no longer shown (a new order, another feed) are dropped.
        readAhead.reset(generation: -1)
        counter.cancel()
    }

    /// Records that the reader just drew a frame for a key: reads ahead wait for the next pause.
    nonisolated static func noteFrameDrawn() {
        ReadAhead.noteKeyHandled()
    }

    /// Rows in the list, as of the last `reload`: the rows read so far while it is still being counted.
    var total: Int {
        if counting, let counted = counter.take(generation: generation) { finish(counted) }
        return knownTotal
    }

    /// False while the list is being counted in the background.
    var totalIsExact: Bool {
        _ = total
        return !counting
    }

    /// Waits for the count of the list when it is still running, so that `total` is exact.
    func settleTotal() throws {
        guard counting else { return }
        finish(counter.wait(generation: generation))
        if case .failure(let error) = lastCount { throw error }
    }

    private func finish(_ counted: Result<Int, any Error>) {
        counting = false
        lastCount = counted
        if case .success(let count) = counted { knownTotal = count }
    }

    /// Forgets the cached pages and reads the first page again; the total is counted again (in the
    /// background when the first page is full).
    func reload() throws {
        pages = [:]
        recentPages = []
        generation += 1
        readAhead.reset(generation: generation)
        counter.cancel()
        counting = false
        lastCount = nil
        guard query.expression != nil || query.search != nil else {
            let first = try store.articlePage(query, offset: 0, limit: Self.pageSize)
            knownTotal = first.total
            remember(first.rows, page: 0)
            prefetchEnd()
            return
        }
        let rows = try store.articleSummaries(query, offset: 0, limit: Self.pageSize)
        knownTotal = rows.count
        remember(rows, page: 0)
        guard rows.count == Self.pageSize else { return }
        counting = true
        let store = self.store
        let query = self.query
        counter.start(generation: generation) { try store.countArticles(query) }
    }

    /// The row at `index`, reading its page when not cached; nil past the end.
    func row(at index: Int) throws -> ArticleSummary? {
        guard index >= 0, index < total else { return nil }
        let page = index / Self.pageSize
        let rows: [ArticleSummary]
        if let cached = pages[page] {
            rows = cached
            touch(page)
        } else if let arrived = readAhead.take(page: page, generation: generation) {
            rows = arrived
            remember(rows, page: page)
        } else {
            rows = try read(page: page)
            remember(rows, page: page)
        }
        let offset = index - page * Self.pageSize
        return offset < rows.count ? rows[offset] : nil
    }

    /// Starts reading the pages next to the one holding `index` when they are not held yet: the two
    /// after it in one go, each after the last row of the one before (keyset paging, as fast deep in
    /// the list as at its top), and the one before it, before its first row. A page with no held
    /// neighbour to start from is read by offset.
    func prefetch(around index: Int) {
        let page = index / Self.pageSize
        readAhead.noteKeyHandled(at: page)
        let store = self.store
        let query = self.query
        let size = Self.pageSize
        let ahead = [page + 1, page + 2].filter { $0 * size < total && pages[$0] == nil }
        if let first = ahead.first {
            let previous = pages[first - 1]
            let after = previous?.count == size ? previous?.last?.id : nil
            readAhead.start(pages: ahead, generation: generation) { deliver in
                var anchor = after
                for number in ahead {
                    var rows: [ArticleSummary] = []
                    if let last = anchor { rows = try store.articleSummaries(query, after: last, limit: size) }
                    if rows.isEmpty { rows = try store.articleSummaries(query, offset: number * size, limit: size) }
                    deliver(number, rows)
                    anchor = rows.count == size ? rows.last?.id : nil
                }
            }
        }
        let behind = page - 1
        if behind >= 0, pages[behind] == nil {
            let before = pages[page]?.first?.id
            readAhead.start(pages: [behind], generation: generation) { deliver in
                if let before {
                    let rows = try store.articleSummaries(query, before: before, limit: size)
                    if rows.count == size { return deliver(behind, rows) }
                }
                deliver(behind, try store.articleSummaries(query, offset: behind * size, limit: size))
            }
        }
    }

    /// Asks the store, on the background queue, for the pages the list's last `endPages` pages are read
    /// from (`FeedStore.prefetchListEnd`: a hint to the kernel, no rows read), so that `G` and the
    /// `PgUp`s after it find them in the page cache on a store file the kernel had paged out. Once per
    /// order of a list longer than that; at once, not after a pause as reads ahead: it is cheap (ids
    /// from the index), and the disk reads it starts are what `G` would otherwise wait for.
    private func prefetchEnd() {
        guard knownTotal > Self.endPages * Self.pageSize else { return }
        let store = self.store
        let query = self.query
        let rows = Self.endPages * Self.pageSize
        readAhead.hint(generation: generation) { _ = try? store.prefetchListEnd(query, rows: rows) }
    }

    /// The pages at the end of a list that `prefetchEnd` asks for.
    nonisolated static let endPages = 3

    /// Reads one page: after the last row of the page before, or before the first row of the page
    /// after, when that one is held (keyset paging), else by offset.
    private func read(page: Int) throws -> [ArticleSummary] {
        if let previous = pages[page - 1], previous.count == Self.pageSize, let last = previous.last {
            let rows = try store.articleSummaries(query, after: last.id, limit: Self.pageSize)
            if !rows.isEmpty || page * Self.pageSize >= total { return rows }
        }
        if page > 0, let next = pages[page + 1], let first = next.first {
            // A full page before it exists when the list did not shrink meanwhile; else by offset.
            let rows = try store.articleSummaries(query, before: first.id, limit: Self.pageSize)
            if rows.count == Self.pageSize { return rows }
        }
        return try store.articleSummaries(query, offset: page * Self.pageSize, limit: Self.pageSize)
    }

    /// Pages held right now (for tests of the paging).
    var cachedPageCount: Int { pages.count }

    /// Waits until the background jobs queued so far (reads ahead, hints) have run (for tests).
    nonisolated static func waitForBackgroundJobs() {
        ReadAhead.waitForQueuedJobs()
    }

    private func remember(_ rows: [ArticleSummary], page: Int) {
        pages[page] = rows
        touch(page)
        // The first page stays: `g` and the first screen never wait for it.
        while recentPages.count > Self.maximumPages, let oldest = recentPages.firstIndex(where: { $0 != 0 }) {
            pages[recentPages.remove(at: oldest)] = nil
        }
    }

    private func touch(_ page: Int) {
        recentPages.removeAll { $0 == page }
        recentPages.append(page)
    }
}

/// The count of a list, taken on a `SerialBackgroundQueue` of its own (a count may take seconds, and
/// must not hold up the pages read ahead) and waiting to be taken by the UI thread. A count of an
/// older generation is dropped, and skipped when its turn comes after a newer one started.
///
/// Thread-safe: the state is behind a `Mutex`. The UI thread waits for a count only when a key needs
/// it, on the `DispatchSemaphore` its job signals once when it ends (counted or skipped).
private final class BackgroundCount: Sendable {
    private struct State {
        var generation = 0
        var result: Result<Int, any Error>?
        /// Signalled by the job of `generation` when it ends.
        var done: DispatchSemaphore?
    }

    private static let queue = SerialBackgroundQueue()
    private let state = Mutex(State())
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    func start(generation: Int, count: @escaping @Sendable () throws -> Int) {
        let done = DispatchSemaphore(value: 0)
        state.withLock { $0 = State(generation: generation, done: done) }
        Self.queue.run { [self] in
            defer { done.signal() }
            guard state.withLock({ $0.generation == generation }) else { return }
            let outcome = Result { try count() }
            let current = state.withLock { state -> Bool in
                guard generation == state.generation else { return false }
                state.result = outcome
                return true
            }
            if current { wake() }
        }
    }

    /// Drops the count running or queued (its list is no longer shown).
    func cancel() {
        state.withLock { $0 = State(generation: -1) }
    }

    /// The count of `generation`, if it arrived.
    func take(generation: Int) -> Result<Int, any Error>? {
        state.withLock { generation == $0.generation ? $0.result : nil }
    }

    /// The count of `generation` (the last one started), waiting for it.
    func wait(generation: Int) -> Result<Int, any Error> {
        let done = state.withLock { generation == $0.generation && $0.result == nil ? $0.done : nil }
        done?.wait()
        return take(generation: generation) ?? .success(0)
    }
}

/// Pages read on the reader's serial background queue (shared by every list, so one page is read at a
/// time however many lists were opened) and waiting to be taken by the UI loop. Thread-safe: the
/// state is behind a `Mutex`.
///
/// A page is read once keys have paused (`quietPeriod` since the reader last drew a frame), not
/// while they come one after the other: a read running beside a key's handling took the UI thread's
/// core on a busy machine, and a key that comes before the page arrived reads it itself anyway (a
/// keyset read). A held key repeats slower than the pause, which leaves the read-ahead its turn after
/// each frame. Reads asked for during a burst of keys that the selection has left behind by then
/// (more than two pages away) are dropped, not read.
private final class ReadAhead: Sendable {
    private struct State {
        var generation = 0
        var inFlight: Set<Int> = []
        var arrived: [Int: [ArticleSummary]] = [:]
        /// The page of the selection when the last frame was drawn.
        var selectedPage = 0
        /// Signalled when the reads are dropped, to end the wait for a pause of the job waiting.
        var pausing: DispatchSemaphore?
    }

    /// How long after the last key's frame the read-ahead waits before reading.
    static let quietPeriod: UInt64 = 8_000_000
    /// When the reader last drew a frame (`DispatchTime` uptime nanoseconds).
    private static let lastKey = Mutex<UInt64>(0)

    /// Records that a key was just handled (a frame drawn): reads ahead wait for the next pause.
    static func noteKeyHandled() {
        let now = DispatchTime.now().uptimeNanoseconds
        lastKey.withLock { $0 = now }
    }

    /// Records that this list's frame was drawn with the selection on `page`.
    func noteKeyHandled(at page: Int) {
        Self.noteKeyHandled()
        state.withLock { $0.selectedPage = page }
    }

    /// Waits until no key was handled for `quietPeriod`; returns false at once when the list's reads
    /// are dropped meanwhile (`reset`). A timed wait until the pause would end, again when a key came
    /// meanwhile and moved that end.
    private func waitForPause(generation: Int) -> Bool {
        let dropped = DispatchSemaphore(value: 0)
        guard state.withLock({ state -> Bool in
            guard generation == state.generation else { return false }
            state.pausing = dropped
            return true
        }) else { return false }
        while true {
            let end = Self.lastKey.withLock { $0 } &+ Self.quietPeriod
            guard DispatchTime.now().uptimeNanoseconds < end else { break }
            if dropped.wait(timeout: DispatchTime(uptimeNanoseconds: end)) == .success { return false }
        }
        return state.withLock { state in
            guard generation == state.generation else { return false }
            state.pausing = nil
            return true
        }
    }

    private static let queue = SerialBackgroundQueue()
    private let state = Mutex(State())

    func reset(generation: Int) {
        state.withLock { state in
            state.pausing?.signal()
            state = State(generation: generation)
        }
    }

    /// Reads `pages` in one job unless one of them is already being read or waiting: `read` hands each
    /// page's rows to the function it is given as soon as it has them, so the first page can be taken
    /// while the next is read.
    func start(
        pages: [Int], generation: Int,
        read: @escaping @Sendable (_ deliver: (Int, [ArticleSummary]) -> Void) throws -> Void
    ) {
        let started = state.withLock { state -> Bool in
            guard generation == state.generation,
                  !pages.contains(where: { state.inFlight.contains($0) || state.arrived[$0] != nil })
            else { return false }
            if state.arrived.count >= 6 { state.arrived = [:] }
            state.inFlight.formUnion(pages)
            return true
        }
        guard started else { return }
        Self.queue.run { [self] in
            let wanted = waitForPause(generation: generation) && state.withLock { state -> Bool in
                guard generation == state.generation else { return false }
                if pages.contains(where: { abs($0 - state.selectedPage) <= 2 }) { return true }
                state.inFlight.subtract(pages)
                return false
            }
            guard wanted else { return }
            try? read { page, rows in
                state.withLock { state in
                    guard generation == state.generation, state.inFlight.remove(page) != nil else { return }
                    state.arrived[page] = rows
                }
            }
            // Pages a failed read did not bring may be asked for again.
            state.withLock { state in
                guard generation == state.generation else { return }
                state.inFlight.subtract(pages)
            }
        }
    }

    /// Queues `job`, which hints the kernel and reads no rows, to run at once (not after a pause)
    /// unless the list was read again meanwhile.
    func hint(generation: Int, _ job: @escaping @Sendable () -> Void) {
        Self.queue.run { [self] in
            guard state.withLock({ $0.generation == generation }) else { return }
            job()
        }
    }

    /// Waits until the jobs queued so far have run.
    static func waitForQueuedJobs() {
        let done = DispatchSemaphore(value: 0)
        queue.run { done.signal() }
        done.wait()
    }

    /// The page, if it arrived for this generation (removed from the waiting ones).
    func take(page: Int, generation: Int) -> [ArticleSummary]? {
        state.withLock { state in
            guard generation == state.generation else { return nil }
            return state.arrived.removeValue(forKey: page)
        }
    }
}
