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
    private let batchSize: Int
    private let maxInFlight: Int
    private var batch: [StoredArticle] = []
    private var pending: [PreparedBatch] = []
    private var head = 0

    init(preparation: ExportPreparation, batchSize: Int = 32, maxInFlight: Int = 16) {
        self.preparation = preparation
        self.batchSize = batchSize
        self.maxInFlight = maxInFlight
        batch.reserveCapacity(batchSize)
    }

    deinit {
        // Batches still running (after an error stopped the stream) finish before their memory goes.
        for prepared in pending[head...] { _ = prepared.wait() }
    }

    /// Queues `article`; emits, in order, every article whose batch is ready.
    func add(_ article: StoredArticle, emit: (ExportItem) throws -> Void) throws {
        batch.append(article)
        guard batch.count >= batchSize else { return }
        submit()
        while head < pending.count, pending.count - head > maxInFlight || pending[head].isReady {
            try drainHead(emit)
        }
    }

    /// Emits everything still queued, waiting for the workers.
    func finish(emit: (ExportItem) throws -> Void) throws {
        if !batch.isEmpty { submit() }
        while head < pending.count { try drainHead(emit) }
    }

    private func submit() {
        let prepared = PreparedBatch()
        let articles = batch
        let preparation = preparation
        batch.removeAll(keepingCapacity: true)
        pending.append(prepared)
        DispatchQueue.global().async {
            prepared.complete(articles.map { ExportItem($0, preparation: preparation) })
        }
    }

    private func drainHead(_ emit: (ExportItem) throws -> Void) throws {
        let prepared = pending[head]
        head += 1
        if head > 64 {
            pending.removeFirst(head)
            head = 0
        }
        for item in prepared.wait() { try emit(item) }
    }
}

/// One batch's prepared items, handed from the worker that made them to the streaming thread: the
/// project's one pattern for synchronous code waiting for a result from another thread (README,
/// "Concurrency").
///
/// Why `@unchecked Sendable` is safe: `items` is written once, by the one worker, before it signals
/// `done`; the streaming thread reads or clears it only after a successful wait on `done` (`isReady`
/// or `wait`), and the semaphore orders that write before those reads. `taken` is touched only by
/// the streaming thread. The worker never touches the batch after `signal`.
private final class PreparedBatch: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var items: [ExportItem] = []
    private var taken = false

    func complete(_ items: [ExportItem]) {
        self.items = items
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
