import CByteScan
import Glibc

/// Reads a run of character data (from where libxml2 stands in element content up to the next `<`)
/// as libxml2 reads it, for the runs that hold references: escaped HTML (`&lt;p&gt;caf&#233;`) costs
/// libxml2 a reference parse and a callback per reference, and this one pass over the run replaces
/// them (`XMLFeedParser.deliverText`).
/// Kept for: `tidings parse --raw` of the shared corpus's large RSS / Atom, 22% / 18% less processor time.
///
/// Only what libxml2 is sure to read plainly is taken: the five predefined entities (which no
/// document can redeclare), numeric references `ReferenceRepair` leaves as they are (characters XML
/// allows), well-formed UTF-8 of characters XML allows, and line ends as `\r\n` (read as `\n`). Any
/// other reference (declared or HTML entities, ones the repair rewrites, a bare `&`), a lone `\r`,
/// `]]>` (an error in text), or a run the buffer ends in is declined, and libxml2 reads the run.
package enum TextRunReader {
    /// Decodes the run from `start` to the next `<` in `p[..<n]` into the first bytes of `buffer`
    /// (grown as needed; the decoded text is never longer than the run); returns the index of that
    /// `<` and the decoded length, or nil when libxml2 must read the run.
    package static func decode(
        _ p: UnsafePointer<UInt8>, from start: Int, _ n: Int, into buffer: inout [UInt8]
    ) -> (end: Int, length: Int)? {
        guard start < n, let lt = memchr(p + start, Int32(UInt8(ascii: "<")), n - start) else { return nil }
        let end = UnsafeRawPointer(lt) - UnsafeRawPointer(p)
        guard isUTF8OfAllowedCharacters(UnsafeBufferPointer(start: p + start, count: end - start)) else { return nil }
        if buffer.count < end - start { buffer = [UInt8](repeating: 0, count: max(end - start, buffer.count * 2)) }
        let length = buffer.withUnsafeMutableBufferPointer { out -> Int? in
            guard let o = out.baseAddress else { return end == start ? 0 : nil }
            var written = 0
            var k = start
            while true {
                let special = tidings_scan_text_run_special(p, k, end)
                (o + written).update(from: p + k, count: special - k)
                written += special - k
                if special == end { return written }
                switch p[special] {
                case UInt8(ascii: "&"):
                    guard let length = decodeReference(p, special, n, into: o + written, written: &written) else {
                        return nil
                    }
                    k = special + length
                case UInt8(ascii: ">"):
                    // `]]>` in text is an error.
                    if special - 2 >= start, p[special - 1] == UInt8(ascii: "]"), p[special - 2] == UInt8(ascii: "]") {
                        return nil
                    }
                    o[written] = UInt8(ascii: ">")
                    written += 1
                    k = special + 1
                case 0x0D where special + 1 < end && p[special + 1] == 0x0A:
                    // `\r\n` reads as `\n`; a lone `\r` is read differently depending on where libxml2's input ends.
                    k = special + 1
                default:
                    return nil
                }
            }
        }
        return length.map { (end, $0) }
    }

    /// Well-formed UTF-8 without U+FFFE and U+FFFF (the C0 controls are left to the scan).
    @inline(__always)
    private static func isUTF8OfAllowedCharacters(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let n = bytes.count
        var ascii: Int32 = 0
        guard tidings_utf8_valid(base, n, &ascii) != 0 else { return false }
        return ascii != 0 || !XMLCharacters.containsFFFEOrFFFF(base, count: n)
    }

    /// Writes what the reference at `i` stands for at `out` (adding its length to `written`); returns
    /// the reference's length, or nil when libxml2 must read it. The run's `<` lies after it.
    @inline(__always)
    private static func decodeReference(
        _ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, into out: UnsafeMutablePointer<UInt8>, written: inout Int
    ) -> Int? {
        let word = i + 5 <= n ? UnsafeRawPointer(p + i + 1).loadUnaligned(as: UInt32.self).littleEndian : 0
        switch word & 0x00FF_FFFF {
        case 0x3B_746C:  // lt;
            out[0] = UInt8(ascii: "<")
            written += 1
            return 4
        case 0x3B_7467:  // gt;
            out[0] = UInt8(ascii: ">")
            written += 1
            return 4
        default: break
        }
        switch word {
        case 0x3B70_6D61:  // amp;
            out[0] = UInt8(ascii: "&")
            written += 1
            return 5
        case 0x746F_7571 where p[i + 5] == UInt8(ascii: ";"):  // quot;
            out[0] = UInt8(ascii: "\"")
            written += 1
            return 6
        case 0x736F_7061 where p[i + 5] == UInt8(ascii: ";"):  // apos;
            out[0] = UInt8(ascii: "'")
            written += 1
            return 6
        default: break
        }
        guard p[i + 1] == UInt8(ascii: "#"), case .keep(let length) = ReferenceRepair.reference(p, i, n, final: false)
        else { return nil }
        // Kept as written: `&#` then decimal digits, or `&#x` then hexadecimal ones, then `;`, naming a
        // character XML allows.
        var value: UInt32 = 0
        var j = i + 2
        if p[j] == UInt8(ascii: "x") {
            j += 1
            while p[j] != UInt8(ascii: ";") {
                let b = p[j] | 0x20
                value = value &* 16 &+ UInt32(b >= UInt8(ascii: "a") ? b - UInt8(ascii: "a") + 10 : b - UInt8(ascii: "0"))
                j += 1
            }
        } else {
            while p[j] != UInt8(ascii: ";") {
                value = value &* 10 &+ UInt32(p[j] - UInt8(ascii: "0"))
                j += 1
            }
        }
        switch value {
        case ..<0x80:
            out[0] = UInt8(value)
            written += 1
        case ..<0x800:
            out[0] = UInt8(0xC0 | value >> 6)
            out[1] = UInt8(0x80 | value & 0x3F)
            written += 2
        case ..<0x10000:
            out[0] = UInt8(0xE0 | value >> 12)
            out[1] = UInt8(0x80 | value >> 6 & 0x3F)
            out[2] = UInt8(0x80 | value & 0x3F)
            written += 3
        default:
            out[0] = UInt8(0xF0 | value >> 18)
            out[1] = UInt8(0x80 | value >> 12 & 0x3F)
            out[2] = UInt8(0x80 | value >> 6 & 0x3F)
            out[3] = UInt8(0x80 | value & 0x3F)
            written += 4
        }
        return length
    }
}
