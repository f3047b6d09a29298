/// Why a fetch failed, in the terms a caller acts on (retry later, stop asking, show the user).
public enum FetchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The connect timeout, the total timeout or the low-speed limit ran out.
    case timeout
    /// The decompressed body grew past `FetchConfiguration.maxBodyBytes`.
    case tooLarge(limit: Int)
    /// The response headers grew past `FetchConfiguration.maxHeaderBytes`.
    case headersTooLarge(limit: Int)
    case tooManyRedirects(limit: Int)
    /// A redirect led back to a URL already visited in the same chain.
    case redirectLoop(url: String)
    case connectFailed
    case dns
    case tls
    /// The connection ended before the promised body arrived (closed mid-body, short Content-Length).
    /// The result's body holds the part that arrived when it is in no content coding.
    case truncated
    /// The body is not a whole stream of its content coding (gzip, deflate, br, zstd): cut short, or
    /// damaged (a whole-buffer decoder cannot tell the two apart).
    case incompleteEncoding(coding: String)
    /// A `file://` URL or plain path that does not exist or cannot be read.
    case fileUnreadable
    /// A `file://` URL or plain path naming a FIFO, socket or device (`kind`: "a FIFO"), which
    /// could block the fetch for ever; refused without reading it.
    case notRegularFile(path: String, kind: String)
    /// A final status of 400 or above that has no more specific case.
    case httpStatus(Int)
    /// 410 Gone: the caller should stop fetching this feed.
    case gone
    /// 429, or 503 with Retry-After: try again after `retryAfter` seconds when known.
    case rateLimited(retryAfter: Int?)
    case cancelled
    /// A scheme other than http, https or file, or a redirect to one.
    case protocolNotAllowed
    case other(String)

    /// True when the response was cut short: the server sent less than the whole document, so the
    /// caller must not take what arrived for all of it.
    public var isIncomplete: Bool {
        switch self {
        case .truncated, .incompleteEncoding: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .timeout: "timed out"
        case .tooLarge(let limit): "body larger than \(limit) bytes"
        case .headersTooLarge(let limit): "headers larger than \(limit) bytes"
        case .tooManyRedirects(let limit): "more than \(limit) redirects"
        case .redirectLoop(let url): "redirect loop at \(url)"
        case .connectFailed: "could not connect"
        case .dns: "could not resolve the host name"
        case .tls: "TLS handshake or certificate verification failed"
        case .truncated: "connection closed before the whole body arrived"
        case .incompleteEncoding(let coding): "the body is not a whole \(coding) stream (cut short or damaged)"
        case .fileUnreadable: "file not found or not readable"
        case .notRegularFile(let path, let kind): "\(path) is \(kind), not a regular file"
        case .httpStatus(let code): "HTTP status \(code)"
        case .gone: "gone (HTTP 410): the feed was removed"
        case .rateLimited(let seconds?): "rate limited: retry after \(seconds) s"
        case .rateLimited(nil): "rate limited"
        case .cancelled: "cancelled"
        case .protocolNotAllowed: "protocol not allowed (only http, https and file)"
        case .other(let message): message
        }
    }
}
