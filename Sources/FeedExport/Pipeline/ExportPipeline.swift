import Dispatch
import FeedStore

/// Prepares articles (sanitizes their bodies, the costly part of the content formats) on worker
/// threads while the database thread keeps reading, and hands them back in list order.
///
/// Articles are gathered in batches of `batchSize`; each batch is prepared by one task on the global
/// concurrent queue, so all cores share the work. At most `maxInFlight` batches wait at once, which
/// bounds memory whatever the number of articles.
///
/// Threading: `add` and `finish` are called from one thread (the one streaming from the store); the
/// `emit` closure runs on that thread, in list order. Worker tasks touch only their own batch.
final class ExportPipeline {
    private let preparation: ExportPreparation
    /// The store to read full texts from (`ExportOptions.fullText`), nil to write the feeds' bodies.
    private let fullTexts: FeedStore?
    private let batchSize: Int
    private let maxInFlight: Int
    private var batch: [ExportItem] = []
    private var pending: [PreparedBatch] = []
    private var head = 0

    init(preparation: ExportPreparation, fullTexts: FeedStore? = nil, batchSize: Int = 32, maxInFlight: Int = 16) {
        self.preparation = preparation
        self.fullTexts = fullTexts
        self.batchSize = batchSize
        self.maxInFlight = maxInFlight
        batch.reserveCapacity(batchSize)
    }

    deinit {
        // Batches still running (after an error stopped the stream) finish before their memory goes.
        for prepared in pending[head...] { _ = prepared.wait() }
    }

    /// Queues `article`; emits, in order, every article whose batch is ready.
    func add(_ article: consuming StoredArticle, emit: (borrowing ExportItem) throws -> Void) throws {
        batch.append(ExportItem(article))
        guard batch.count >= batchSize else { return }
        submit()
        while head < pending.count, pending.count - head > maxInFlight || pending[head].isReady {
            try drainHead(emit)
        }
    }

    /// Emits everything still queued, waiting for the workers.
    func finish(emit: (borrowing ExportItem) throws -> Void) throws {
        if !batch.isEmpty { submit() }
        while head < pending.count { try drainHead(emit) }
    }

    /// Hands the gathered items to a worker, which prepares them in place (the batch's array moves to
    /// the worker; no article is copied).
    private func submit() {
        let prepared = PreparedBatch(items: batch)
        batch = []
        batch.reserveCapacity(batchSize)
        let preparation = preparation
        let fullTexts = fullTexts
        pending.append(prepared)
        DispatchQueue.global().async {
            prepared.prepare(preparation, fullTexts: fullTexts)
        }
    }

    private func drainHead(_ emit: (borrowing ExportItem) throws -> Void) throws {
        let prepared = pending[head]
        head += 1
        if head > 64 {
            pending.removeFirst(head)
            head = 0
        }
        let items = prepared.wait()
        for index in items.indices { try emit(items[index]) }
    }
}

/// One batch's items, handed to the worker that prepares them and back to the streaming thread: the
/// project's one pattern for synchronous code waiting for a result from another thread (docs/architecture.md,
/// "Concurrency").
///
/// Why `@unchecked Sendable` is safe: `items` is set by the streaming thread before the batch is
/// queued, then mutated only by the one worker, which signals `done` when it is finished; the
/// streaming thread reads or clears it only after a successful wait on `done` (`isReady` or `wait`),
/// and the semaphore orders the worker's writes before those reads. `taken` is touched only by the
/// streaming thread. The worker never touches the batch after `signal`.
private final class PreparedBatch: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var items: [ExportItem]
    private var taken = false

    init(items: [ExportItem]) {
        self.items = items
    }

    /// On the worker: prepares every item in place (with its full text from `fullTexts`, when given
    /// and stored; a failed read leaves the feed's body), then lets the streaming thread take them.
    func prepare(_ preparation: ExportPreparation, fullTexts: FeedStore?) {
        for index in items.indices { items[index].prepare(preparation) }
        if let fullTexts, let found = try? fullTexts.fullTexts(articleIDs: items.map(\.article.id)) {
            for index in items.indices {
                if let html = found[items[index].article.id]?.html { items[index].useFullText(html, preparation: preparation) }
            }
        }
        done.signal()
    }

    /// True (and the items are then the caller's) when the worker has finished.
    var isReady: Bool {
        if taken { return true }
        taken = done.wait(timeout: .now()) == .success
        return taken
    }

    /// Waits for the worker and takes the items.
    func wait() -> [ExportItem] {
        if !taken {
            done.wait()
            taken = true
        }
        defer { items = [] }
        return items
    }
}
