import Foundation

/// A moment broken into its UTC calendar fields, computed without libc or a calendar object (so it is the
/// same on every machine and in every locale). Dates outside the years 0001–9999 are clamped to them, so
/// that any date, even a hostile one, formats without trapping.
public struct UTCDateTime: Sendable, Hashable {
    public let year: Int
    /// 1–12.
    public let month: Int
    /// 1–31.
    public let day: Int
    public let hour: Int
    public let minute: Int
    public let second: Int
    /// 0–999; always 0 when built with `wholeSeconds`.
    public let millisecond: Int
    /// 0 for Sunday to 6 for Saturday.
    public let weekday: Int

    /// The fields of `date`: rounded to the millisecond, or cut to the whole second (rounding down, as
    /// `gmtime` does) when `wholeSeconds`.
    public init(_ date: Date, wholeSeconds: Bool = false) {
        let t = min(max(date.timeIntervalSince1970, -62_135_596_800), 253_402_300_799)
        let whole = t.rounded(.down)
        var seconds = Int64(whole)
        var millis = wholeSeconds ? 0 : Int(((t - whole) * 1000).rounded())
        if millis == 1000 {
            millis = 0
            seconds += 1
        }
        var days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
        let secondOfDay = seconds - days * 86400
        weekday = Int(((days % 7) + 11) % 7)  // 1970-01-01 was a Thursday
        // Civil-from-days (Howard Hinnant's algorithm).
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let doe = days - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let month = mp < 10 ? mp + 3 : mp - 9
        year = Int(yoe + era * 400 + (month <= 2 ? 1 : 0))
        self.month = Int(month)
        day = Int(doy - (153 * mp + 2) / 5 + 1)
        hour = Int(secondOfDay / 3600)
        minute = Int(secondOfDay / 60 % 60)
        second = Int(secondOfDay % 60)
        millisecond = millis
    }
}
