import Foundation

/// Writes timestamps in RFC 3339 in UTC (`2026-11-21T14:03:00Z`): the one formatter of JSON Feed output,
/// the export formats and templates.
public enum RFC3339 {
    /// How much of the second is written.
    public enum Precision: Sendable {
        /// Whole seconds, rounded down: `2026-11-21T14:03:00Z`.
        case seconds
        /// Milliseconds when the moment is not on a whole second: `2026-11-21T14:03:00.250Z`.
        case milliseconds
    }

    /// Appends `date` to `sink` (20 bytes, or 24 with milliseconds).
    public static func write<Sink: ByteSink & ~Copyable>(_ date: Date, _ precision: Precision = .seconds, into sink: inout Sink) {
        let time = UTCDateTime(date, wholeSeconds: precision == .seconds)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var n = 0
            func digits(_ value: Int, _ width: Int) {
                var divisor = 1
                for _ in 1..<width { divisor *= 10 }
                while divisor > 0 {
                    buffer[n] = UInt8(ascii: "0") + UInt8(value / divisor % 10)
                    n += 1
                    divisor /= 10
                }
            }
            func byte(_ value: Unicode.Scalar) {
                buffer[n] = UInt8(ascii: value)
                n += 1
            }
            digits(time.year, 4)
            byte("-")
            digits(time.month, 2)
            byte("-")
            digits(time.day, 2)
            byte("T")
            digits(time.hour, 2)
            byte(":")
            digits(time.minute, 2)
            byte(":")
            digits(time.second, 2)
            if time.millisecond > 0 {
                byte(".")
                digits(time.millisecond, 3)
            }
            byte("Z")
            sink.append(UnsafeBufferPointer(rebasing: buffer[0..<n]))
        }
    }

    /// `date` as an RFC 3339 string.
    public static func string(_ date: Date, _ precision: Precision = .seconds) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        write(date, precision, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
