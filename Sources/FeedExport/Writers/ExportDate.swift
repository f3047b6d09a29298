import Foundation
import TidingsText

/// Date shapes of the export formats, written straight into an `ExportBuffer` (no formatter
/// objects, no locale dependence except `local`, which follows the TZ environment variable).
enum ExportDate {
    private static let days: [StaticString] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months: [StaticString] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// RFC 3339 in UTC, whole seconds: `2026-11-21T14:03:00Z` (JSON Feed, Atom, CSV, templates).
    static func rfc3339(_ date: Date, into out: inout ExportBuffer) {
        RFC3339.write(date, .seconds, into: &out)
    }

    /// RFC 822 (as RSS 2.0 wants it, four-digit year) in UTC: `Sat, 21 Nov 2026 14:03:00 +0000`.
    static func rfc822(_ date: Date, into out: inout ExportBuffer) {
        let time = UTCDateTime(date, wholeSeconds: true)
        out.raw(days[time.weekday])
        out.raw(", ")
        two(time.day, &out)
        out.byte(0x20)
        out.raw(months[time.month - 1])
        out.byte(0x20)
        // Four digits always: a year below 1000 written short would read back as a two- or three-digit
        // year (`01 Jan 111` is 2011).
        if time.year < 1000 { out.raw(time.year < 10 ? "000" : time.year < 100 ? "00" : "0") }
        out.integer(Int64(time.year))
        out.byte(0x20)
        two(time.hour, &out)
        out.byte(UInt8(ascii: ":"))
        two(time.minute, &out)
        out.byte(UInt8(ascii: ":"))
        two(time.second, &out)
        out.raw(" +0000")
    }

    /// Local time for people, to the minute: `2026-11-21 14:03`.
    static func local(_ date: Date, into out: inout ExportBuffer) {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        let year = Int64(parts.tm_year) + 1900
        if year >= 0 && year < 1000 { out.raw(year < 10 ? "000" : year < 100 ? "00" : "0") }
        out.integer(year)
        out.byte(UInt8(ascii: "-"))
        two(Int(parts.tm_mon) + 1, &out)
        out.byte(UInt8(ascii: "-"))
        two(Int(parts.tm_mday), &out)
        out.byte(0x20)
        two(Int(parts.tm_hour), &out)
        out.byte(UInt8(ascii: ":"))
        two(Int(parts.tm_min), &out)
    }

    /// The same shapes as strings (template data, tests).
    static func string(_ date: Date, _ shape: (Date, inout ExportBuffer) -> Void) -> String {
        var out = ExportBuffer(capacity: 32)
        shape(date, &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    private static func two(_ value: Int, _ out: inout ExportBuffer) {
        out.byte(UInt8(ascii: "0") + UInt8(value / 10 % 10))
        out.byte(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
