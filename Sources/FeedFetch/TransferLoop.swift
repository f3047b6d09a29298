import CCurl
import Foundation
import Synchronization

/// The one thread and the one libcurl multi handle that run every transfer of a `FeedFetcher`.
///
/// Threading: `start`, `cancel` and `stop` may be called from any thread; they leave a command in
/// `shared` (a `Mutex`) and wake the loop with `curl_multi_wakeup`. The loop runs on a thread of its
/// own (libcurl's `curl_multi_poll` blocks, which a task of Swift's cooperative pool must not do);
/// `stop` joins that thread. Results leave through each batch's `AsyncStream` continuation.
///
/// Why `@unchecked Sendable` is safe: the stored properties other threads reach are `let`s of
/// `Sendable` types (`configuration`, `shared`) and `multi`, a pointer those threads only pass to
/// `curl_multi_wakeup`, which libcurl documents as callable from any thread, and only under `shared`'s
/// lock while `closed` is false (the loop sets it, under the same lock, before freeing the handle).
/// Every other property (easy handles, admission queues, batches) is touched only by the loop
/// thread, inside `run()` and the private methods it calls.
final class TransferLoop: @unchecked Sendable {
    /// What other threads hand to the loop; only values cross.
    private enum Command: Sendable {
        case start(id: UInt64, requests: [FetchRequest], continuation: AsyncStream<FetchResult>.Continuation)
        case cancel(batchID: UInt64?)
    }

    /// The state shared between the loop thread and its callers.
    private struct Shared: Sendable {
        var inbox: [Command] = []
        var stopRequested = false
        /// Once true, `multi` is being freed: no more wakeups.
        var closed = false
        var nextBatchID: UInt64 = 1
        /// Whether `stop` has taken the thread (joined it, or detached it when called on it).
        var threadTaken = false
    }

    private let configuration: FetchConfiguration
    private let multi: UnsafeMutableRawPointer
    private let shared = Mutex(Shared())
    /// The loop thread: written once in `init`, before `self` reaches any caller (callers get the loop
    /// through `FeedFetcher`, after `init` returned), then only read, by `stop`.
    private var thread: pthread_t

    // Loop thread only.
    private var batches: [UInt64: Batch] = [:]
    private var active: [UnsafeMutableRawPointer: Transfer] = [:]
    private var activePerHost: [String: Int] = [:]
    private var waiting: [String: HostQueue] = [:]
    private var waitingHosts: [String] = []

    /// Returns nil when libcurl cannot create a multi handle or the thread cannot be started.
    init?(configuration: FetchConfiguration) {
        guard let multi = curl_multi_init() else { return nil }
        self.multi = multi
        self.configuration = configuration
        thread = pthread_t()
        let perHost = max(1, configuration.maxPerHost)
        let total = max(1, configuration.maxConcurrent)
        _ = tidings_curl_multi_setopt_long(multi, CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX)
        _ = tidings_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, perHost)
        _ = tidings_curl_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, total)
        _ = tidings_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, total)
        // The thread owns one reference to the loop until `run` returns.
        let context = Unmanaged.passRetained(self).toOpaque()
        var started = pthread_t()
        let status = pthread_create(&started, nil, { context in
            guard let context else { return nil }
            Thread.current.name = "tidings.fetch"
            let loop = Unmanaged<TransferLoop>.fromOpaque(context).takeRetainedValue()
            loop.run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<TransferLoop>.fromOpaque(context).release()
            curl_multi_cleanup(multi)
            return nil
        }
        thread = started
    }

    /// Queues a batch; its results arrive on `continuation`, which is finished after the last one.
    func start(_ requests: [FetchRequest], continuation: AsyncStream<FetchResult>.Continuation) -> UInt64 {
        let (id, accepted) = shared.withLock { state -> (UInt64, Bool) in
            let id = state.nextBatchID
            state.nextBatchID += 1
            guard !state.closed else { return (id, false) }
            state.inbox.append(.start(id: id, requests: requests, continuation: continuation))
            curl_multi_wakeup(multi)
            return (id, true)
        }
        if !accepted { Batch(id: id, requests: requests, continuation: continuation).finishAll(with: .cancelled) }
        return id
    }

    /// Cancels one batch, or every batch when `batchID` is nil.
    func cancel(batchID: UInt64?) {
        shared.withLock { state in
            guard !state.closed else { return }
            state.inbox.append(.cancel(batchID: batchID))
            curl_multi_wakeup(multi)
        }
    }

    /// Cancels everything, frees every handle and waits for the loop thread to end (joins it), unless
    /// called on that thread (the last reference to a fetcher can go when a stream finishes there):
    /// then the thread is detached and ends once the current step returns. Later calls return at once.
    func stop() {
        let takesThread = shared.withLock { state -> Bool in
            state.stopRequested = true
            if !state.closed { curl_multi_wakeup(multi) }
            defer { state.threadTaken = true }
            return !state.threadTaken
        }
        guard takesThread else { return }
        if pthread_equal(thread, pthread_self()) != 0 {
            pthread_detach(thread)
        } else {
            pthread_join(thread, nil)
        }
    }
}

extension TransferLoop {
    private func run() {
        var running: Int32 = 0
        while true {
            let (commands, stopping) = takeCommands()
            for command in commands {
                switch command {
                case .start(let id, let requests, let continuation):
                    enqueue(Batch(id: id, requests: requests, continuation: continuation))
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
        let leftovers = shared.withLock { state -> [Command] in
            state.closed = true
            defer { state.inbox.removeAll() }
            return state.inbox
        }
        for case .start(let id, let requests, let continuation) in leftovers {
            Batch(id: id, requests: requests, continuation: continuation).finishAll(with: .cancelled)
        }
        cancelBatches(nil)
        curl_multi_cleanup(multi)
    }

    private func takeCommands() -> ([Command], Bool) {
        shared.withLock { state in
            defer { state.inbox.removeAll() }
            return (state.inbox, state.stopRequested)
        }
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
        let target = RequestTarget(request: item.request)
        if target.isFile, let problem = LocalFileCheck.problem(fileURL: target.url) {
            batch.deliver(FetchResult(requestID: item.request.id, url: target.url, error: problem))
            finishIfDone(batch)
            return
        }
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
