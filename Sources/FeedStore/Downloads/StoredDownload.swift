import Foundation

/// Where a queued download stands.
public enum DownloadState: String, Sendable, Hashable, CaseIterable {
    case queued, downloading, paused, done, failed
}

/// One entry of the download queue: an enclosure, what is known of its episode, and how far it got.
/// `filePath` is the final name, chosen once when the download first starts; the partial file is
/// `filePath + ".part"`. `etag`/`lastModified` are the validators the partial file's bytes came with.
public struct StoredDownload: Sendable, Hashable, Identifiable {
    public let id: Int64
    package let articleID: Int64?
    public let url: String
    public let articleTitle: String?
    public let feedTitle: String?
    public let published: Date?
    public let mimeType: String?
    package let queuedAt: Date
    public var state: DownloadState
    public var bytesDone: Int64
    public var bytesTotal: Int64?
    public var filePath: String?
    public var etag: String?
    public var lastModified: String?
    public var failure: String?
    /// The placed file's device and inode (`dev:ino`), recorded when the download was moved into place.
    public var fileIdentity: String?
    /// When the reader's player last played this enclosure (`FeedStore.markPlayed`); nil: never.
    public var playedAt: Date?

    package init(
        id: Int64, articleID: Int64?, url: String, articleTitle: String?, feedTitle: String?, published: Date?,
        mimeType: String?, queuedAt: Date, state: DownloadState, bytesDone: Int64, bytesTotal: Int64? = nil,
        filePath: String? = nil, etag: String? = nil, lastModified: String? = nil, failure: String? = nil,
        fileIdentity: String? = nil, playedAt: Date? = nil
    ) {
        self.id = id
        self.articleID = articleID
        self.url = url
        self.articleTitle = articleTitle
        self.feedTitle = feedTitle
        self.published = published
        self.mimeType = mimeType
        self.queuedAt = queuedAt
        self.state = state
        self.bytesDone = bytesDone
        self.bytesTotal = bytesTotal
        self.filePath = filePath
        self.etag = etag
        self.lastModified = lastModified
        self.failure = failure
        self.fileIdentity = fileIdentity
        self.playedAt = playedAt
    }
}

/// An enclosure to add to the queue, with the episode it belongs to.
public struct NewDownload: Sendable, Hashable {
    package var articleID: Int64?
    public var url: String
    public var articleTitle: String?
    public var feedTitle: String?
    public var published: Date?
    public var mimeType: String?

    public init(
        articleID: Int64?, url: String, articleTitle: String?, feedTitle: String?, published: Date?, mimeType: String?
    ) {
        self.articleID = articleID
        self.url = url
        self.articleTitle = articleTitle
        self.feedTitle = feedTitle
        self.published = published
        self.mimeType = mimeType
    }
}
