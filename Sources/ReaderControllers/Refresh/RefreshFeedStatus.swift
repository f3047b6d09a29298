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
    /// The response was cut off (a body shorter than announced, a coded stream cut short, a document
    /// whose root element never closed): only its new whole articles were stored, nothing stored
    /// changed, and the feed is fetched whole next time. Counts as a failure.
    case incomplete
    /// The refresh was cancelled before this feed finished.
    case cancelled
}
