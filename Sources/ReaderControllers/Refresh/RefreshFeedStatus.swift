/// How one feed's refresh ended.
public enum RefreshFeedStatus: String, Sendable, Hashable, Codable {
    /// A new body was parsed and stored.
    case updated
    /// 304 Not Modified, or a body identical to the last one: nothing parsed or written.
    case unchanged
    /// Fetching or parsing failed; the stored articles stay and the feed is retried later.
    case failed
    /// 410 Gone: the feed was disabled.
    case gone
    /// The refresh was cancelled before this feed finished.
    case cancelled
}
