/// The output shapes of `tidings extract`.
public enum ExtractFormat: String, Sendable, Hashable, CaseIterable {
    /// One JSON object with the article's fields.
    case json
    /// The title, a blank line, then the article's plain text.
    case text
    /// The sanitized article HTML alone.
    case html
}
