import CCurl

/// Fetches many feeds at once over HTTP(S) and from local files, and reports each result as it completes.
///
/// One dedicated thread runs libcurl's multi interface for all transfers of this fetcher: it limits
/// transfers in total and per host, multiplexes HTTP/2, reuses connections and caches DNS across batches.
/// Threading: every method may be called from any thread or task. Results are delivered through the
/// returned `AsyncStream`, which finishes after the last result of the batch (cancelled ones included).
/// Dropping the last reference to the fetcher cancels what is still running and frees every handle.
public final class FeedFetcher: Sendable {
    private let loop: TransferLoop?

    public init(configuration: FetchConfiguration = FetchConfiguration()) {
        Self.globalInit()
        loop = TransferLoop(configuration: configuration)
    }

    deinit {
        loop?.stop()
    }

    /// Starts fetching `requests`; results arrive in completion order, one per request.
    ///
    /// Ending the iteration early (or cancelling the consuming task) cancels the rest of this batch.
    /// The stream keeps the fetcher alive until it finishes, so `FeedFetcher().fetch(...)` works.
    public func fetch(_ requests: [FetchRequest]) -> AsyncStream<FetchResult> {
        let (stream, continuation) = AsyncStream.makeStream(of: FetchResult.self)
        guard let loop else {
            for request in requests {
                continuation.yield(FetchResult(
                    requestID: request.id, url: request.url, error: .other("libcurl could not start")))
            }
            continuation.finish()
            return stream
        }
        guard !requests.isEmpty else {
            continuation.finish()
            return stream
        }
        let id = loop.start(requests, continuation: continuation)
        continuation.onTermination = { termination in
            if case .cancelled = termination { self.loop?.cancel(batchID: id) }
        }
        return stream
    }

    /// Fetches `requests` and returns every result, in completion order.
    public func fetchAll(_ requests: [FetchRequest]) async -> [FetchResult] {
        var results: [FetchResult] = []
        results.reserveCapacity(requests.count)
        for await result in fetch(requests) {
            results.append(result)
        }
        return results
    }

    /// Stops every running batch promptly: unfinished requests report `FetchError.cancelled`, every
    /// transfer's handle is freed, and the streams finish.
    public func cancel() {
        loop?.cancel(batchID: nil)
    }

    /// Initialises libcurl for the process. The composition root calls this once before any concurrency
    /// starts; later calls, and the call every `FeedFetcher.init` makes as a guard, do nothing.
    public static func globalInit() {
        _ = curlGlobalInit
    }
}

/// Swift runs a global's initialiser exactly once, on first use, under its own lock.
private let curlGlobalInit: CURLcode = curl_global_init(tidings_curl_global_all())
