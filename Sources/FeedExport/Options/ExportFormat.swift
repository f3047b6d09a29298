/// The output shapes of `tidings export`.
public enum ExportFormat: String, Sendable, Hashable, CaseIterable {
    /// One line per article: date, feed, title, URL (aligned on a terminal, tab-separated otherwise).
    case text
    /// Grouped by feed, `- [Title](URL) — date`.
    case markdown
    /// One standalone HTML5 page with inline CSS and sanitized bodies.
    case html
    /// JSON Feed 1.1; each item names its source feed in `_tidings.source`.
    case json
    /// An RSS 2.0 aggregate feed; each item names its source feed in `<source url>`.
    case rss
    /// An Atom 1.0 aggregate feed; each entry names its source feed in `<source>`.
    case atom
    /// sfeed's tab-separated layout (timestamp, title, link, content, content-type, id, author,
    /// enclosure, category), readable by sfeed's tools.
    case tsv
    /// RFC 4180 comma-separated values with a header row.
    case csv
}
