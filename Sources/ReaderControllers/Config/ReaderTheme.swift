import TerminalView

/// The styles the reader draws with, one per screen element; the config file's `[colors]` table
/// changes them. Colours are dropped at output time when `NO_COLOR` is set (bold, reverse and
/// underline stay, so the screen still reads).
public struct ReaderTheme: Sendable, Hashable {
    public var titleBar = Style(reverse: true, bold: true)
    public var statusLine = Style(reverse: true)
    public var header = Style(bold: true, underline: true)
    public var selection = Style(reverse: true)
    public var unread = Style(bold: true)
    public var read = Style()
    public var star = Style(foreground: .yellow, bold: true)
    public var date = Style(foreground: .cyan)
    public var feed = Style(foreground: .green)
    public var link = Style(foreground: .blue, underline: true)
    public var error = Style(foreground: .red, bold: true)
    public var articleTitle = Style(bold: true)
    public var articleHeader = Style(foreground: .cyan)

    public init() {}

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
