/// What a `Downloader` reports: a download started (with what it resumed from), made progress, or ended.
public enum DownloadEvent: Sendable, Hashable {
    /// The response chose how the file is written: from `offset` (a resumed range) or from zero.
    case started(id: Int64, offset: Int64, total: Int64?, etag: String?, lastModified: String?)
    /// `done` bytes of the file are in the partial file, of `total` when the server said.
    case progress(id: Int64, done: Int64, total: Int64?)
    case finished(DownloadResult)
}

/// How one download ended. On success the partial file holds the whole file (its size checked against
/// the server's Content-Length or Content-Range); on failure it holds what arrived, to resume from.
public struct DownloadResult: Sendable, Hashable {
    public let id: Int64
    public let url: String
    /// Bytes in the partial file at the end.
    public let bytes: Int64
    public let total: Int64?
    public let status: Int
    public let etag: String?
    public let lastModified: String?
    public let error: DownloadError?

    public init(
        id: Int64, url: String, bytes: Int64, total: Int64?, status: Int, etag: String?, lastModified: String?,
        error: DownloadError?
    ) {
        self.id = id
        self.url = url
        self.bytes = bytes
        self.total = total
        self.status = status
        self.etag = etag
        self.lastModified = lastModified
        self.error = error
    }
}

/// Why a download stopped before the whole file was in its partial file.
public enum DownloadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The transfer failed as a feed fetch would (timeout, status, connection closed early, ...).
    case fetch(FetchError)
    /// No bytes (or too few) arrived for `seconds`.
    case stalled(seconds: Int)
    /// Writing the partial file failed with ENOSPC (or EDQUOT): the partial file is kept to resume.
    case diskFull(path: String)
    /// Opening or writing the partial file failed for another reason.
    case writeFailed(path: String, reason: String)
    /// The file's size differs from what the server announced.
    case sizeMismatch(expected: Int64, received: Int64)
    /// The server answered a resume with a range that does not continue the partial file.
    case unusableRange
    case cancelled

    /// False when the partial file's bytes cannot be trusted to resume from: start again from zero.
    public var keepsPartialFile: Bool {
        switch self {
        case .sizeMismatch, .unusableRange: false
        default: true
        }
    }

    public var description: String {
        switch self {
        case .fetch(let error): error.description
        case .stalled(let seconds): "stalled: no data for \(seconds) s"
        case .diskFull(let path): "disk full while writing \(path)"
        case .writeFailed(let path, let reason): "cannot write \(path): \(reason)"
        case .sizeMismatch(let expected, let received):
            "the file has \(received) bytes but the server announced \(expected)"
        case .unusableRange: "the server sent a range that does not continue the partial file"
        case .cancelled: "cancelled"
        }
    }
}
