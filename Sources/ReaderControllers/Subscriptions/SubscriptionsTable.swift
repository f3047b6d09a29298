import TerminalView
import TidingsText

/// `tidings feeds list` as text. On a terminal: a header and aligned columns (feed, unread, total,
/// tags, status, URL), names and statuses cut to fit, an untitled feed shown as `-` rather than its URL
/// twice. Off a terminal: one TAB-separated line per feed for scripts, no header: title (empty when
/// untitled), URL, unread, total, tags (comma-separated), status. Either way every field is cleaned by
/// `ConsoleText`, so neither a tab nor an escape sequence from a feed can break a row.
public struct SubscriptionsTable: Sendable {
    public let items: [SubscriptionItem]
    /// The terminal's width in cells, or `nil` off a terminal.
    public let terminalWidth: Int?

    public init(items: [SubscriptionItem], terminalWidth: Int?) {
        self.items = items
        self.terminalWidth = terminalWidth
    }

    /// The rows, each ending in a line break; nothing at all for an empty list.
    public var text: String {
        guard !items.isEmpty else { return "" }
        guard terminalWidth != nil else {
            return items.map { item in
                [item.name ?? "", item.url, String(item.unread), String(item.total), item.tags.joined(separator: ","),
                 item.status].map(ConsoleText.line).joined(separator: "\t") + "\n"
            }.joined()
        }
        let rows = items.map { item in
            [item.name.map(ConsoleText.line) ?? "-", String(item.unread), String(item.total),
             ConsoleText.line(item.tags.joined(separator: ", ")), ConsoleText.line(item.status), ConsoleText.line(item.url)]
        }
        let header = ["FEED", "UNREAD", "TOTAL", "TAGS", "STATUS", "URL"]
        let caps = [32, 6, 6, 20, 28, Int.max]
        let widths = header.indices.map { column in
            min(caps[column], ([header] + rows).map { TextWidth.width(of: $0[column]) }.max() ?? 0)
        }
        let numeric: Set<Int> = [1, 2]
        return ([header] + rows).map { row in
            var line = ""
            for column in row.indices {
                if column == row.count - 1 {
                    line += row[column]
                } else {
                    line += TextWidth.fit(row[column], width: widths[column], alignment: numeric.contains(column) ? .right : .left)
                    line += "  "
                }
            }
            return line + "\n"
        }.joined()
    }
}
