import Foundation

/// The outcome of one feed in a refresh.
public struct RefreshFeedResult: Sendable, Hashable, Codable {
    public let feedID: Int64
    /// The feed's URL after this refresh (the new one after a permanent redirect).
    public let url: String
    public let title: String
    public let status: RefreshFeedStatus
    /// The final HTTP status (0 for local files and transfers that got no answer).
    public let httpStatus: Int
    public let new: Int
    public let updated: Int
    /// Why it failed, in one line; nil on success.
    public let error: String?
    /// The URL the feed moved from by a permanent redirect during this refresh.
    public let movedFrom: String?
    /// True when the URL it moved to was already another feed's: the two were merged into that one
    /// (`feedID`), articles, marks and tags.
    public let merged: Bool
    /// Seconds from the start of the refresh's fetches to this feed being stored.
    public let seconds: Double

    package init(
        feedID: Int64, url: String, title: String, status: RefreshFeedStatus, httpStatus: Int = 0, new: Int = 0,
        updated: Int = 0, error: String? = nil, movedFrom: String? = nil, merged: Bool = false, seconds: Double = 0
    ) {
        self.merged = merged
        self.feedID = feedID
        self.url = RefreshFeedResult.withoutCredentials(url)
        self.title = RefreshFeedResult.withoutCredentials(title)
        self.status = status
        self.httpStatus = httpStatus
        self.new = new
        self.updated = updated
        self.error = error
        self.movedFrom = movedFrom
        self.seconds = seconds
    }

    /// `text` with the `user:password@` part of a URL removed, so that messages never show credentials.
    static func withoutCredentials(_ text: String) -> String {
        guard let scheme = text.range(of: "://") else { return text }
        let authorityEnd = text[scheme.upperBound...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? text.endIndex
        guard let at = text[scheme.upperBound..<authorityEnd].lastIndex(of: "@") else { return text }
        return String(text[..<scheme.upperBound]) + String(text[text.index(after: at)...])
    }

    /// True for the outcomes that make a refresh exit 1.
    package var isFailure: Bool { status == .failed || status == .gone || status == .incomplete }

    enum CodingKeys: String, CodingKey {
        case feedID = "id", url, title, status, httpStatus = "http_status", new, updated, error
        case movedFrom = "moved_from", merged, seconds
    }
}
