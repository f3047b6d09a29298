/// The outcome of one `FetchRequest`: where it ended, the headers that matter, the body, and the error.
///
/// A 304 is a success: `notModified` is true and `body` is empty. `body` holds the decompressed bytes and
/// is empty whenever `error` is set, except `.truncated`: then it holds the part that arrived (when it
/// was in no content coding), which is never the whole document. URLs here never contain credentials.
public struct FetchResult: Sendable, Hashable {
    public var requestID: Int64
    /// The requested URL (a plain path is given as its `file://` URL).
    public var url: String
    /// The URL the last redirect led to, or `url` when there was none.
    public var finalURL: String
    /// The final HTTP status; 0 for `file://` and for transfers that got no response.
    public var status: Int
    public var etag: String?
    public var lastModified: String?
    /// The media type without parameters, e.g. `application/rss+xml`.
    public var contentType: String?
    /// The `charset` parameter of Content-Type as sent, e.g. `ISO-8859-1`; the body is not transcoded.
    public var charset: String?
    /// Retry-After in seconds from now (both the delta and the HTTP-date forms).
    public var retryAfter: Int?
    /// Cache-Control max-age in seconds.
    public var cacheMaxAge: Int?
    public var body: [UInt8]
    public var notModified: Bool
    /// The new address to store for the feed: set only when every hop of the chain was 301 or 308.
    public var permanentRedirect: String?
    public var redirectCount: Int
    /// Wall time of the whole transfer, redirects included, in seconds.
    public var totalSeconds: Double
    public var error: FetchError?

    public init(
        requestID: Int64, url: String, finalURL: String? = nil, status: Int = 0, etag: String? = nil,
        lastModified: String? = nil, contentType: String? = nil, charset: String? = nil,
        retryAfter: Int? = nil, cacheMaxAge: Int? = nil, body: [UInt8] = [], notModified: Bool = false,
        permanentRedirect: String? = nil, redirectCount: Int = 0, totalSeconds: Double = 0,
        error: FetchError? = nil
    ) {
        self.requestID = requestID
        self.url = url
        self.finalURL = finalURL ?? url
        self.status = status
        self.etag = etag
        self.lastModified = lastModified
        self.contentType = contentType
        self.charset = charset
        self.retryAfter = retryAfter
        self.cacheMaxAge = cacheMaxAge
        self.body = body
        self.notModified = notModified
        self.permanentRedirect = permanentRedirect
        self.redirectCount = redirectCount
        self.totalSeconds = totalSeconds
        self.error = error
    }

    /// True when the fetch brought a body or a 304.
    public var succeeded: Bool { error == nil }
}
