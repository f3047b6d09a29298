import Foundation

/// Date shapes of the export formats, written straight into an `ExportBuffer` (no formatter
/// objects, no locale dependence except `local`, which follows the TZ environment variable).
enum ExportDate {
    private static let days: [StaticString] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months: [StaticString] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// RFC 3339 in UTC, whole seconds: `2026-11-21T14:03:00Z` (JSON Feed, Atom, CSV, templates).
    static func rfc3339(_ date: Date, into out: inout ExportBuffer) {
        var parts = broken(date, local: false)
        ymd(&parts, into: &out, separator: UInt8(ascii: "-"))
        out.byte(UInt8(ascii: "T"))
        two(Int(parts.tm_hour), &out)
        out.byte(UInt8(ascii: ":"))
        two(Int(parts.tm_min), &out)
        out.byte(UInt8(ascii: ":"))
        two(Int(parts.tm_sec), &out)
        out.byte(UInt8(ascii: "Z"))
    }

    /// RFC 822 (as RSS 2.0 wants it, four-digit year) in UTC: `Sat, 21 Nov 2026 14:03:00 +0000`.
    static func rfc822(_ date: Date, into out: inout ExportBuffer) {
        let parts = broken(date, local: false)
        out.raw(days[Int(parts.tm_wday) % 7])
        out.raw(", ")
        two(Int(parts.tm_mday), &out)
        out.byte(0x20)
        out.raw(months[Int(parts.tm_mon) % 12])
        out.byte(0x20)
        out.integer(Int64(parts.tm_year) + 1900)
        out.byte(0x20)
        two(Int(parts.tm_hour), &out)
        out.byte(UInt8(ascii: ":"))
        two(Int(parts.tm_min), &out)
        out.byte(UInt8(ascii: ":"))
        two(Int(parts.tm_sec), &out)
        out.raw(" +0000")
    }

    /// Local time for people, to the minute: `2026-11-21 14:03`.
    static func local(_ date: Date, into out: inout ExportBuffer) {
        var parts = broken(date, local: true)
        ymd(&parts, into: &out, separator: UInt8(ascii: "-"))
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

    private static func broken(_ date: Date, local: Bool) -> tm {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        if local { localtime_r(&seconds, &parts) } else { gmtime_r(&seconds, &parts) }
        return parts
    }

    private static func ymd(_ parts: inout tm, into out: inout ExportBuffer, separator: UInt8) {
        let year = Int64(parts.tm_year) + 1900
        if year >= 0 && year < 1000 { out.raw(year < 10 ? "000" : year < 100 ? "00" : "0") }
        out.integer(year)
        out.byte(separator)
        two(Int(parts.tm_mon) + 1, &out)
        out.byte(separator)
        two(Int(parts.tm_mday), &out)
    }

    private static func two(_ value: Int, _ out: inout ExportBuffer) {
        out.byte(UInt8(ascii: "0") + UInt8(value / 10 % 10))
        out.byte(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
