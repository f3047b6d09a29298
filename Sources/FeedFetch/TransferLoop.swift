import CCurl
import Foundation

/// The one thread and the one libcurl multi handle that run every transfer of a `FeedFetcher`.
///
/// Threading: `start`, `cancel` and `stop` may be called from any thread; they leave a command under
/// `lock` and wake the loop with `curl_multi_wakeup`. Everything else (easy handles, the admission
/// queues, the batches) belongs to the loop thread alone, which is why the class can be
/// `@unchecked Sendable`. Results leave through each batch's `AsyncStream` continuation.
final class TransferLoop: @unchecked Sendable {
    private enum Command {
        case start(Batch)
        case cancel(batchID: UInt64?)
    }

    private let configuration: FetchConfiguration
    private let multi: UnsafeMutableRawPointer
    private let lock = NSLock()
    private var inbox: [Command] = []  // guarded by lock
    private var stopRequested = false  // guarded by lock
    private var closed = false  // guarded by lock; once true, `multi` is being freed
    private var nextBatchID: UInt64 = 1  // guarded by lock
    private var loopThread: pthread_t?  // guarded by lock; set when the loop starts
    private let finished = DispatchSemaphore(value: 0)

    // Loop thread only.
    private var batches: [UInt64: Batch] = [:]
    private var active: [UnsafeMutableRawPointer: Transfer] = [:]
    private var activePerHost: [String: Int] = [:]
    private var waiting: [String: HostQueue] = [:]
    private var waitingHosts: [String] = []

    /// Returns nil when libcurl cannot create a multi handle.
    init?(configuration: FetchConfiguration) {
        guard let multi = curl_multi_init() else { return nil }
        self.multi = multi
        self.configuration = configuration
        let perHost = max(1, configuration.maxPerHost)
        let total = max(1, configuration.maxConcurrent)
        _ = tidings_curl_multi_setopt_long(multi, CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX)
        _ = tidings_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, perHost)
        _ = tidings_curl_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, total)
        _ = tidings_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, total)
        let thread = Thread { [self] in run() }
        thread.name = "tidings.fetch"
        thread.start()
    }

    /// Queues a batch; its results arrive on `continuation`, which is finished after the last one.
    func start(_ requests: [FetchRequest], continuation: AsyncStream<FetchResult>.Continuation) -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        let id = nextBatchID
        nextBatchID += 1
        let batch = Batch(id: id, requests: requests, continuation: continuation)
        if closed {
            batch.finishAll(with: .cancelled)
        } else {
            inbox.append(.start(batch))
            curl_multi_wakeup(multi)
        }
        return id
    }

    /// Cancels one batch, or every batch when `batchID` is nil.
    func cancel(batchID: UInt64?) {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        inbox.append(.cancel(batchID: batchID))
        curl_multi_wakeup(multi)
    }

    /// Cancels everything, frees every handle and waits for the loop thread to end, unless called on
    /// that thread (the last reference to a fetcher can go when a stream finishes there): then the
    /// loop ends once the current step returns.
    func stop() {
        lock.lock()
        let wasRunning = !stopRequested
        stopRequested = true
        if !closed { curl_multi_wakeup(multi) }
        let onLoopThread = loopThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
        lock.unlock()
        if wasRunning && !onLoopThread { finished.wait() }
    }
}

extension TransferLoop {
    private func run() {
        lock.lock()
        loopThread = pthread_self()
        lock.unlock()
        var running: Int32 = 0
        while true {
            let (commands, stopping) = takeCommands()
            for command in commands {
                switch command {
                case .start(let batch): enqueue(batch)
                case .cancel(let id): cancelBatches(id)
                }
            }
            if stopping { break }
            admit()
            curl_multi_perform(multi, &running)
            collectCompleted()
            if admit() > 0 { continue }
            let wait: Int32 = active.isEmpty ? 10_000 : 1_000
            curl_multi_poll(multi, nil, 0, wait, nil)
        }
        lock.lock()
        closed = true
        let leftovers = inbox
        inbox.removeAll()
        lock.unlock()
        for case .start(let batch) in leftovers { batch.finishAll(with: .cancelled) }
        cancelBatches(nil)
        curl_multi_cleanup(multi)
        finished.signal()
    }

    private func takeCommands() -> ([Command], Bool) {
        lock.lock()
        defer { lock.unlock() }
        let commands = inbox
        inbox.removeAll()
        return (commands, stopRequested)
    }

    private func enqueue(_ batch: Batch) {
        guard !batch.isDone else { return }
        batches[batch.id] = batch
        for request in batch.requests {
            let target = RequestTarget(request: request)
            if waiting[target.hostKey] == nil {
                waiting[target.hostKey] = HostQueue()
                waitingHosts.append(target.hostKey)
            }
            waiting[target.hostKey]?.items.append(Waiting(request: request, batchID: batch.id))
        }
    }

    /// Moves waiting requests into the multi handle while the total and per-host limits allow, taking
    /// hosts in turn so one large host does not starve the others. Returns how many started.
    @discardableResult
    private func admit() -> Int {
        let total = max(1, configuration.maxConcurrent)
        var started = 0
        var progressed = true
        while progressed && active.count < total && !waitingHosts.isEmpty {
            progressed = false
            for host in waitingHosts where active.count < total {
                let limit = host == "file:" ? total : max(1, configuration.maxPerHost)
                guard activePerHost[host, default: 0] < limit, let item = waiting[host]?.pop() else { continue }
                startTransfer(item, hostKey: host)
                started += 1
                progressed = true
            }
            pruneEmptyQueues()
        }
        return started
    }

    private func pruneEmptyQueues() {
        waitingHosts.removeAll { waiting[$0]?.isEmpty ?? true }
        for host in waiting.keys where waiting[host]?.isEmpty ?? false { waiting[host] = nil }
    }

    private func startTransfer(_ item: Waiting, hostKey: String) {
        guard let batch = batches[item.batchID] else { return }
        guard let transfer = Transfer(request: item.request, batchID: item.batchID, configuration: configuration)
        else {
            batch.deliver(FetchResult(
                requestID: item.request.id, url: RequestTarget(request: item.request).url,
                error: .other("libcurl could not create a transfer")))
            finishIfDone(batch)
            return
        }
        guard curl_multi_add_handle(multi, transfer.easy) == CURLM_OK else {
            batch.deliver(transfer.result(code: CURLE_FAILED_INIT))
            finishIfDone(batch)
            return
        }
        active[transfer.easy] = transfer
        activePerHost[hostKey, default: 0] += 1
    }

    private func collectCompleted() {
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                let transfer = active[easy]
            else { continue }
            let code = tidings_curl_msg_result(message)
            let result = transfer.result(code: code)
            remove(transfer)
            if let batch = batches[transfer.batchID] {
                batch.deliver(result)
                finishIfDone(batch)
            }
        }
    }

    private func remove(_ transfer: Transfer) {
        curl_multi_remove_handle(multi, transfer.easy)
        active[transfer.easy] = nil
        activePerHost[transfer.target.hostKey, default: 1] -= 1
        if activePerHost[transfer.target.hostKey] == 0 { activePerHost[transfer.target.hostKey] = nil }
    }

    private func cancelBatches(_ id: UInt64?) {
        let cancelled = id.map { id in batches[id].map { [$0] } ?? [] } ?? Array(batches.values)
        guard !cancelled.isEmpty else { return }
        let ids = Set(cancelled.map(\.id))
        for transfer in active.values where ids.contains(transfer.batchID) {
            let url = transfer.target.url
            remove(transfer)
            batches[transfer.batchID]?.deliver(
                FetchResult(requestID: transfer.request.id, url: url, error: .cancelled))
        }
        for host in waiting.keys {
            let dropped = waiting[host]?.removeAll { ids.contains($0.batchID) } ?? []
            for item in dropped {
                batches[item.batchID]?.deliver(FetchResult(
                    requestID: item.request.id, url: RequestTarget(request: item.request).url, error: .cancelled))
            }
        }
        pruneEmptyQueues()
        for batch in cancelled { finishIfDone(batch) }
    }

    private func finishIfDone(_ batch: Batch) {
        if batch.isDone {
            batch.continuation.finish()
            batches[batch.id] = nil
        }
    }
}

/// One call to `FeedFetcher.fetch`: its requests, its stream, and how many results are still owed.
/// Loop thread only, except `finishAll` on a loop that has already closed.
private final class Batch {
    let id: UInt64
    let requests: [FetchRequest]
    let continuation: AsyncStream<FetchResult>.Continuation
    private var owed: Int

    init(id: UInt64, requests: [FetchRequest], continuation: AsyncStream<FetchResult>.Continuation) {
        self.id = id
        self.requests = requests
        self.continuation = continuation
        owed = requests.count
    }

    var isDone: Bool { owed == 0 }

    func deliver(_ result: FetchResult) {
        guard owed > 0 else { return }
        owed -= 1
        continuation.yield(result)
    }

    func finishAll(with error: FetchError) {
        for request in requests {
            deliver(FetchResult(requestID: request.id, url: RequestTarget(request: request).url, error: error))
        }
        continuation.finish()
    }
}

private struct Waiting {
    let request: FetchRequest
    let batchID: UInt64
}

/// Requests waiting for a slot on one host, in arrival order.
private struct HostQueue {
    var items: [Waiting] = []
    private var head = 0

    var isEmpty: Bool { head >= items.count }

    mutating func pop() -> Waiting? {
        guard head < items.count else { return nil }
        head += 1
        return items[head - 1]
    }

    /// Removes and returns the waiting items that match.
    mutating func removeAll(where matches: (Waiting) -> Bool) -> [Waiting] {
        let remaining = items[head...]
        items = remaining.filter { !matches($0) }
        head = 0
        return remaining.filter(matches)
    }
}
