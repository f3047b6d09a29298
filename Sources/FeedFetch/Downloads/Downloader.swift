import CCurl
import Foundation
import Synchronization

/// Downloads files over HTTP(S) into partial files, resuming what they hold, and reports each
/// download's start, progress and end.
///
/// One thread of its own runs libcurl's multi interface for all the downloads of one `run`, at most
/// `DownloadLimits.maxConcurrent` at once and `maxPerHost` per server; the others wait their turn.
/// Threading: `run` and `cancel` may be called from any thread. Events arrive through the returned
/// `AsyncStream`, which finishes after the last download ended (cancelled ones report
/// `DownloadError.cancelled`). `cancel` wakes the loop at once, so a stop takes milliseconds.
///
/// Why `@unchecked Sendable` is safe: other threads reach only `shared` (a `Mutex`) and `multi`, which
/// they pass only to `curl_multi_wakeup` (callable from any thread), under the lock while `closed` is
/// false. Every other property is touched only by the loop thread.
public final class Downloader: @unchecked Sendable {
    private struct Shared: Sendable {
        var cancelled = false
        var closed = false
        /// Downloads to stop on their own (`cancel(ids:)`), not yet taken by the loop.
        var cancelledIDs: Set<Int64> = []
    }

    private let configuration: FetchConfiguration
    private let limits: DownloadLimits
    private let multi: UnsafeMutableRawPointer?
    private let shared = Mutex(Shared())
    /// How often progress is reported per download.
    private static let progressInterval: Duration = .milliseconds(200)

    // Loop thread only.
    private var waiting: [DownloadRequest] = []
    private var active: [UnsafeMutableRawPointer: DownloadTransfer] = [:]
    private var activePerHost: [String: Int] = [:]
    private var reported: [Int64: Int64] = [:]

    public init(configuration: FetchConfiguration, limits: DownloadLimits) {
        FeedFetcher.globalInit()
        self.configuration = configuration
        self.limits = limits
        multi = curl_multi_init()
        if let multi {
            _ = tidings_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, max(1, limits.maxPerHost))
            _ = tidings_curl_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, max(1, limits.maxConcurrent))
        }
    }

    deinit {
        if let multi { curl_multi_cleanup(multi) }
    }

    /// Starts downloading `requests` (call once per downloader); events arrive in the order they happen.
    public func run(_ requests: [DownloadRequest]) -> AsyncStream<DownloadEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: DownloadEvent.self)
        guard multi != nil else {
            for request in requests {
                continuation.yield(.finished(Self.failed(request, .fetch(.other("libcurl could not start")))))
            }
            continuation.finish()
            return stream
        }
        waiting = requests
        let thread = Thread { [self] in
            loop(continuation)
        }
        thread.name = "tidings.download"
        thread.start()
        return stream
    }

    /// Stops every download promptly: each reports `DownloadError.cancelled`, its partial file kept.
    public func cancel() {
        shared.withLock { state in
            state.cancelled = true
            if !state.closed, let multi { curl_multi_wakeup(multi) }
        }
    }

    /// Stops the downloads with these request ids promptly, running or waiting, and lets the others
    /// go on: each reports `DownloadError.cancelled`, its partial file left for the caller to remove.
    public func cancel(ids: Set<Int64>) {
        shared.withLock { state in
            state.cancelledIDs.formUnion(ids)
            if !state.closed, let multi { curl_multi_wakeup(multi) }
        }
    }

    private func loop(_ continuation: AsyncStream<DownloadEvent>.Continuation) {
        guard let multi else { return }
        var running: Int32 = 0
        var lastProgress = ContinuousClock.now
        while !shared.withLock({ $0.cancelled }) {
            let dropped = shared.withLock { state -> Set<Int64> in
                defer { state.cancelledIDs = [] }
                return state.cancelledIDs
            }
            drop(dropped, multi, continuation)
            admit(multi, continuation)
            if active.isEmpty && waiting.isEmpty { break }
            curl_multi_perform(multi, &running)
            collect(multi, continuation)
            if ContinuousClock.now - lastProgress >= Self.progressInterval {
                lastProgress = ContinuousClock.now
                reportProgress(continuation)
            }
            curl_multi_poll(multi, nil, 0, 200, nil)
        }
        shared.withLock { $0.closed = true }
        for transfer in active.values {
            curl_multi_remove_handle(multi, transfer.easy)
            transfer.flush()
            continuation.yield(.finished(Self.cancelled(transfer)))
        }
        active.removeAll()
        for request in waiting { continuation.yield(.finished(Self.failed(request, .cancelled))) }
        waiting.removeAll()
        continuation.finish()
    }

    /// Starts waiting downloads while the total and per-host limits allow, in the order given.
    private func admit(_ multi: UnsafeMutableRawPointer, _ continuation: AsyncStream<DownloadEvent>.Continuation) {
        var index = 0
        while index < waiting.count && active.count < max(1, limits.maxConcurrent) {
            let request = waiting[index]
            let host = RequestTarget(request: FetchRequest(id: request.id, url: request.url)).hostKey
            guard activePerHost[host, default: 0] < max(1, limits.maxPerHost) else {
                index += 1
                continue
            }
            waiting.remove(at: index)
            do {
                let transfer = try DownloadTransfer(request: request, configuration: configuration, limits: limits)
                guard curl_multi_add_handle(multi, transfer.easy) == CURLM_OK else {
                    continuation.yield(.finished(transfer.result(code: CURLE_FAILED_INIT)))
                    continue
                }
                active[transfer.easy] = transfer
                activePerHost[host, default: 0] += 1
            } catch {
                continuation.yield(.finished(Self.failed(request, error)))
            }
        }
    }

    /// Ends the downloads `cancel(ids:)` named: waiting ones before they start, running ones where they are.
    private func drop(
        _ ids: Set<Int64>, _ multi: UnsafeMutableRawPointer, _ continuation: AsyncStream<DownloadEvent>.Continuation
    ) {
        guard !ids.isEmpty else { return }
        for request in waiting where ids.contains(request.id) {
            continuation.yield(.finished(Self.failed(request, .cancelled)))
        }
        waiting.removeAll { ids.contains($0.id) }
        for (easy, transfer) in active where ids.contains(transfer.request.id) {
            curl_multi_remove_handle(multi, easy)
            active[easy] = nil
            activePerHost[transfer.target.hostKey, default: 1] -= 1
            continuation.yield(.finished(Self.cancelled(transfer)))
        }
    }

    /// The result of a running download stopped where it was.
    private static func cancelled(_ transfer: DownloadTransfer) -> DownloadResult {
        DownloadResult(
            id: transfer.request.id, url: transfer.target.url, bytes: transfer.done, total: transfer.total,
            status: 0, etag: nil, lastModified: nil, error: .cancelled)
    }

    private func collect(_ multi: UnsafeMutableRawPointer, _ continuation: AsyncStream<DownloadEvent>.Continuation) {
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                let transfer = active[easy]
            else { continue }
            let result = transfer.result(code: tidings_curl_msg_result(message))
            if let started = transfer.startedEvent, reported[transfer.request.id] == nil { continuation.yield(started) }
            curl_multi_remove_handle(multi, easy)
            active[easy] = nil
            activePerHost[transfer.target.hostKey, default: 1] -= 1
            continuation.yield(.finished(result))
        }
    }

    private func reportProgress(_ continuation: AsyncStream<DownloadEvent>.Continuation) {
        for transfer in active.values {
            guard let started = transfer.startedEvent else { continue }
            transfer.flush()  // a slow download's file and progress keep up with what arrived
            let id = transfer.request.id
            if reported[id] == nil { continuation.yield(started) }
            guard reported[id] != transfer.done else { continue }
            reported[id] = transfer.done
            continuation.yield(.progress(id: id, done: transfer.done, total: transfer.total))
        }
    }

    private static func failed(_ request: DownloadRequest, _ error: DownloadError) -> DownloadResult {
        DownloadResult(
            id: request.id, url: RequestTarget(request: FetchRequest(id: request.id, url: request.url)).url,
            bytes: 0, total: nil, status: 0, etag: nil, lastModified: nil, error: error)
    }
}
