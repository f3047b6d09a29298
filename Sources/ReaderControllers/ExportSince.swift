import FeedModel
import Foundation

/// Reads `--since`: a duration back from now (`90m`, `12h`, `2d`, `1w`, or several, `1d12h`; units
/// s, m, h, d, w) or a date (RFC 3339 / ISO 8601 such as `2026-11-01` or `2026-11-01T08:00:00Z`,
/// or RFC 822).
public enum ExportSince {
    /// The instant `text` means, or nil when it is neither a duration nor a date.
    public static func parse(_ text: String, now: Date = Date()) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let seconds = duration(trimmed) { return now.addingTimeInterval(-seconds) }
        return DateParser.parse(trimmed)
    }

    private static func duration(_ text: String) -> TimeInterval? {
        var total: TimeInterval = 0
        var number: Int?
        var sawUnit = false
        for c in text.lowercased() {
            if let digit = c.wholeNumberValue, c.isASCII {
                let (value, overflow) = (number ?? 0).multipliedReportingOverflow(by: 10)
                guard !overflow, value <= 1_000_000_000 else { return nil }
                number = value + digit
                continue
            }
            guard let n = number else { return nil }
            let unit: TimeInterval
            switch c {
            case "s": unit = 1
            case "m": unit = 60
            case "h": unit = 3600
            case "d": unit = 86_400
            case "w": unit = 7 * 86_400
            default: return nil
            }
            total += Double(n) * unit
            number = nil
            sawUnit = true
        }
        return sawUnit && number == nil ? total : nil
    }
}
