/// The output shapes of `tidings count`.
public enum CountFormat: String, Sendable, Hashable, CaseIterable {
    /// A sentence: `12 unread articles in 4 feeds`.
    case text
    /// One JSON object: `{"articles":…,"unread":…,"starred":…,"feeds":…,"feeds_with_unread":…}`.
    case json
}
