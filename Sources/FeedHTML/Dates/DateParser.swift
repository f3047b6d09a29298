import Foundation

/// Turns the dates feeds carry into instants: RFC 822/1123 and their wild variants, ISO 8601,
/// RFC 3339 and W3C-DTF.
///
/// Hand-written over UTF-8 bytes (no `DateFormatter`, no regular expressions) because it runs for
/// every item of every feed. Accepted forms:
/// - RFC 822/1123/2822 and relatives: optional weekday, day and month in either order, two-, three-
///   or four-digit years (00-49 mean 20xx, 50-99 mean 19xx, as RFC 2822 says), missing seconds,
///   fractions, `am`/`pm`, named zones (see below), numeric offsets with or without a colon,
///   `GMT+2`, parenthesised comments, any case, extra spaces, missing commas, asctime order, month and weekday names in English,
///   German, French, Spanish, Italian, Dutch, Portuguese, Hungarian and Greek.
/// - ISO 8601 / RFC 3339 / W3C-DTF: year only, year-month, date, date and time with `T`, `t` or a
///   space, with or without seconds and fractions, `Z` or an offset (a missing zone means UTC),
///   the basic (compact) form `20040228T181455Z`, and `/` as a date separator (`2006/09/15`).
/// - Truncated ISO 8601: `031231`, `03-12-31` (two-digit years as in RFC 822), `2003-12`, ordinal
///   dates `2003-335` and `2003335`.
/// - Korean dates (`2004년 05월 28일 01:31:15`, `2004-05-25 오후 11:23:17`), read in Korea's time
///   (+09:00) when they name no zone, as feedparser reads them; Greek and Hungarian month names.
///
/// Zone names include the North American ones with and without S/D (`EST`, `ET`, `AKDT`, `HAST`...)
/// and the military letters, read with the signs RFC 822 gave them (A = -0100 ... M = -1200, N =
/// +0100 ... Y = +1200), as feedparser does: RFC 2822 §4.3 says those signs were historically
/// wrong, but any other reading is a guess too. A letter counts only at the end, after the time. A
/// numeric zone that does not read (`+00:zz`) makes the whole date unreadable, not UTC. A date that
/// cannot be read returns `nil`; no input crashes it. Stateless and thread-safe.
public enum DateParser {
    /// The longest input considered; anything longer is not a date.
    package static let maximumLength = 200

    /// Parses a date string; `nil` when it is not a date this parser understands.
    public static func parse(_ text: some StringProtocol) -> Date? {
        if let result = text.utf8.withContiguousStorageIfAvailable({ parse(bytes: $0) }) {
            return result
        }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { parse(bytes: $0) }
    }

    /// Parses a date held as UTF-8 bytes.
    public static func parse(_ bytes: [UInt8]) -> Date? {
        bytes.withUnsafeBufferPointer { parse(bytes: $0) }
    }

    /// Parses a date held as UTF-8 bytes without copying them (the feed parser's hot path).
    public static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var start = 0
        var end = bytes.count
        while start < end, DateScanner.isSpace(bytes[start]) { start += 1 }
        while end > start, DateScanner.isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end, end - start <= maximumLength else { return nil }
        var scanner = DateScanner(bytes: bytes, position: start, end: end)
        let fields: DateFields?
        if scanner.looksLikeISO8601() {
            fields = scanner.parseISO8601()
        } else if end - start <= 8, DateScanner.isDigit(bytes[start]),
            let short = { (probe: DateScanner) -> DateFields? in
                var probe = probe
                return probe.parseTwoDigitYearISO8601()
            }(scanner)
        {
            fields = short
        } else {
            fields = scanner.parseRFC822()
        }
        guard let fields else { return nil }
        return fields.date()
    }
}

/// The parts of a date as read, before validation.
package struct DateFields {
    package var year = 0
    package var month = 1
    package var day = 1
    package var hour = 0
    package var minute = 0
    package var second = 0
    package var fraction = 0.0
    /// Seconds east of UTC.
    package var offset = 0

    /// Validates the fields and converts them to an instant.
    package func date() -> Date? {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        guard day >= 1, day <= DateFields.daysIn(month: month, year: year) else { return nil }
        guard (0...24).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        if hour == 24, minute != 0 || second != 0 || fraction != 0 { return nil }
        guard abs(offset) <= 18 * 3600 else { return nil }
        let days = DateFields.daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    package static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthIndex = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }
}
