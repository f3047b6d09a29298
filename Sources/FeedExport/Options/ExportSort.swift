/// The order of an export.
public enum ExportSort: String, Sendable, Hashable, CaseIterable {
    /// Newest first.
    case date
    /// By feed title, newest first within a feed.
    case feed
}
