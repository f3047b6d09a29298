import FeedHTML
import FeedModel
import Foundation
import TidingsText

/// Reads `--since`: a duration back from now (`90m`, `12h`, `2d`, `1w`, or several, `1d12h`; units
/// s, m, h, d, w) or a date (RFC 3339 / ISO 8601 such as `2026-11-01` or `2026-11-01T08:00:00Z`,
/// or RFC 822).
public enum ExportSince {
    /// The instant `text` means, or nil when it is neither a duration nor a date.
    public static func parse(_ text: String, now: Date = Date()) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let seconds = DurationText.parse(trimmed) { return now.addingTimeInterval(-seconds) }
        return DateParser.parse(trimmed)
    }
}
