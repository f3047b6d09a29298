/// One file to download: where from, the partial file to stream into, and the validator it started
/// with, so that a resumed download continues only the same file.
///
/// The bytes already in `partPath` are the resume point: the download asks for the rest with
/// `Range: bytes=N-` and `If-Range: validator`; without a validator, or when the server answers with
/// the whole file, the partial file is emptied and the download starts from zero.
public struct DownloadRequest: Sendable, Hashable {
    /// Chosen by the caller (a queue row's id); returned unchanged in events and results.
    public var id: Int64
    public var url: String
    /// The partial file (`NAME.part`); created when missing, its folder must exist.
    public var partPath: String
    /// The ETag (preferred) or Last-Modified the partial file's bytes came with.
    public var validator: String?

    public init(id: Int64, url: String, partPath: String, validator: String? = nil) {
        self.id = id
        self.url = url
        self.partPath = partPath
        self.validator = validator
    }
}

/// How downloads run: how many at once, how many per server, and when a silent server counts as
/// stalled. Timeouts to connect, the proxy from the environment, redirects and the User-Agent come
/// from the `FetchConfiguration` the downloader is given; there is no limit on a download's length.
public struct DownloadLimits: Sendable, Hashable {
    public var maxConcurrent: Int
    public var maxPerHost: Int
    /// Seconds with fewer than `stallBytesPerSecond` bytes a second before a download is stopped as stalled.
    public var stallSeconds: Int
    public var stallBytesPerSecond: Int

    public init(maxConcurrent: Int = 2, maxPerHost: Int = 1, stallSeconds: Int = 30, stallBytesPerSecond: Int = 1) {
        self.maxConcurrent = maxConcurrent
        self.maxPerHost = maxPerHost
        self.stallSeconds = stallSeconds
        self.stallBytesPerSecond = stallBytesPerSecond
    }
}
