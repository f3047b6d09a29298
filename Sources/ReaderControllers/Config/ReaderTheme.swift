import TerminalView

/// The styles the reader draws with, one per screen element; the config file's `[colors]` table
/// changes them. Colours are dropped at output time when `NO_COLOR` is set (bold, reverse and
/// underline stay, so the screen still reads).
package struct ReaderTheme: Sendable, Hashable {
    package var titleBar = Style(reverse: true, bold: true)
    package var statusLine = Style(reverse: true)
    package var header = Style(bold: true, underline: true)
    package var selection = Style(reverse: true)
    package var unread = Style(bold: true)
    package var read = Style()
    package var star = Style(foreground: .yellow, bold: true)
    package var date = Style(foreground: .cyan)
    package var feed = Style(foreground: .green)
    package var link = Style(foreground: .blue, underline: true)
    package var error = Style(foreground: .red, bold: true)
    package var articleTitle = Style(bold: true)
    package var articleHeader = Style(foreground: .cyan)

    package init() {}

    /// The element names the config file's `[colors]` table accepts.
    static let elementNames = [
        "title_bar", "status_line", "header", "selection", "unread", "read", "star", "date", "feed", "link", "error",
        "article_title", "article_header",
    ]

    /// The style an element name of `[colors]` sets; nil for an unknown name.
    static func keyPath(forElement name: String) -> WritableKeyPath<ReaderTheme, Style>? {
        switch name {
        case "title_bar": \.titleBar
        case "status_line": \.statusLine
        case "header": \.header
        case "selection": \.selection
        case "unread": \.unread
        case "read": \.read
        case "star": \.star
        case "date": \.date
        case "feed": \.feed
        case "link": \.link
        case "error": \.error
        case "article_title": \.articleTitle
        case "article_header": \.articleHeader
        default: nil
        }
    }
}

extension Style {
    fileprivate init(reverse: Bool, bold: Bool) {
        self.init(bold: bold, reverse: reverse)
    }
}
