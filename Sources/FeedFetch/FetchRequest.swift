/// One feed to fetch: where it is, the validators stored from the last fetch, and optional credentials.
///
/// `url` may be `http://`, `https://`, `file://` or a plain absolute path. Credentials written into the
/// URL (`https://user:pass@host/feed`) are moved out of it before the transfer starts; explicit
/// `credentials` win over those in the URL. Neither ever appears in a result, an error or a description.
/// A sync API call adds a method, a body and headers; these are hidden from descriptions too.
public struct FetchRequest: Sendable, Hashable {
    /// Chosen by the caller (a feed's row id, an index); returned unchanged in the result.
    public var id: Int64
    public var url: String
    /// The ETag stored from the last successful fetch, sent as If-None-Match.
    public var etag: String?
    /// The Last-Modified stored from the last successful fetch, sent as If-Modified-Since.
    public var lastModified: String?
    public var credentials: FetchCredentials?
    public var method: FetchMethod
    /// Sent with a POST; a POST without one sends an empty body.
    public var body: FetchBody?
    /// Sent after the default ones; an `Accept` here replaces the feed types Tidings asks for.
    public var headers: [FetchHeader]

    public init(
        id: Int64, url: String, etag: String? = nil, lastModified: String? = nil,
        credentials: FetchCredentials? = nil, method: FetchMethod = .get, body: FetchBody? = nil,
        headers: [FetchHeader] = []
    ) {
        self.id = id
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.credentials = credentials
        self.method = method
        self.body = body
        self.headers = headers
    }
}

/// HTTP basic credentials for a feed; the password is hidden from every description and mirror.
public struct FetchCredentials: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    public var user: String
    public var password: String

    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    public var description: String { "\(user):<hidden>" }
    public var customMirror: Mirror { Mirror(self, children: ["user": user, "password": "<hidden>"]) }
}

extension FetchRequest: CustomStringConvertible {
    public var description: String { "FetchRequest(id: \(id), url: \(RequestTarget(request: self).url))" }
}
