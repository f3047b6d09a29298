import Foundation
import TidingsText

/// The dates and durations a query compares with.
enum QueryValues {
    /// A date as the span it names: `2026-01-05` is that whole day in local time; an RFC 3339
    /// time (`2026-01-05T08:00:00Z`, `2026-01-05T08:00+01:00`) is that second.
    static func dateRange(_ text: String, column: Int) throws(QuerySyntaxError) -> (start: Date, end: Date) {
        if let day = day(text) { return day }
        if let instant = instant(text) { return (instant, instant.addingTimeInterval(1)) }
        throw QuerySyntaxError(
            column: column, message: "expected a date (2026-01-31 or 2026-01-31T08:00:00Z), found \"\(text)\"")
    }

    /// A duration in TidingsText's notation (`90s`, `30m`, `12h`, `7d`, `2w`, `1d12h`), or a bare
    /// number of days (as newsboat's `age`).
    static func duration(_ text: String, column: Int) throws(QuerySyntaxError) -> TimeInterval {
        guard let seconds = DurationText.parse(text, bareNumberUnit: 86_400) else {
            throw QuerySyntaxError(column: column, message: "expected a duration (30m, 12h, 7d, 2w), found \"\(text)\"")
        }
        return seconds
    }

    private static func day(_ text: String) -> (start: Date, end: Date)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        let calendar = Calendar(identifier: .gregorian)
        let components = DateComponents(timeZone: TimeZone.current, year: year, month: month, day: day)
        guard let start = calendar.date(from: components),
              calendar.component(.day, from: start) == day,
              let end = calendar.date(byAdding: .day, value: 1, to: start)
        else { return nil }
        return (start, end)
    }

    private static func instant(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [
            [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds],
        ] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text.uppercased()) { return date }
        }
        return nil
    }
}
