import FeedStore
import Foundation
import TerminalView

/// Dates and counts as the reader shows them: compact in lists (time today, day this year, full date
/// otherwise), complete in the article view, in the local time zone. Immutable, so any thread may use
/// one.
final class ReaderFormat: Sendable {
    private let calendar: Calendar
    private let now: Date
    private let today: DateComponents
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    init(now: Date = Date(), timeZone: TimeZone = .current) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
        self.now = now
        today = calendar.dateComponents([.year, .month, .day], from: now)
    }

    /// `14:05` today, `Mar 04` this year, `2023-03-04` before.
    func compact(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let year = parts.year ?? 0, month = parts.month ?? 1, day = parts.day ?? 1
        if year == today.year, month == today.month, day == today.day {
            return "\(Self.two(parts.hour ?? 0)):\(Self.two(parts.minute ?? 0))"
        }
        if year == today.year, date <= now {
            return "\(Self.months[max(0, min(11, month - 1))]) \(Self.two(day))"
        }
        return "\(year)-\(Self.two(month))-\(Self.two(day))"
    }

    /// `2024-03-04 14:05`.
    func full(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return "\(parts.year ?? 0)-\(Self.two(parts.month ?? 1))-\(Self.two(parts.day ?? 1)) "
            + "\(Self.two(parts.hour ?? 0)):\(Self.two(parts.minute ?? 0))"
    }

    private static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// Feed text made safe for one cell row: control characters and escape sequences removed.
    static func clean(_ text: String?) -> String {
        guard let text, !text.isEmpty else { return "" }
        return TerminalSanitizer.singleLine(text)
    }

    /// The article order as the status line and messages name it.
    static func sortName(_ sort: ArticleSort) -> String {
        switch sort {
        case .newestFirst: "date, newest first"
        case .oldestFirst: "date, oldest first"
        case .titleAscending: "title A-Z"
        case .titleDescending: "title Z-A"
        case .byFeed: "feed A-Z"
        case .byFeedDescending: "feed Z-A"
        }
    }
}

extension ArticleSort {
    /// The order `S` switches to: date, title, feed, each both ways, then round again.
    var next: ArticleSort {
        let cycle: [ArticleSort] = [.newestFirst, .oldestFirst, .titleAscending, .titleDescending, .byFeed, .byFeedDescending]
        let index = cycle.firstIndex(of: self) ?? 0
        return cycle[(index + 1) % cycle.count]
    }
}
