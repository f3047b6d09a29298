import CByteScan
import Glibc

/// Reads a run of character data (from where libxml2 stands in element content up to the next `<`)
/// as libxml2 reads it, for the runs that hold references: escaped HTML (`&lt;p&gt;caf&#233;`) costs
/// libxml2 a reference parse and a callback per reference, and this one pass over the run replaces
/// them (`XMLFeedParser.deliverText`).
///
/// Only what libxml2 is sure to read plainly is taken: the five predefined entities (which no
/// document can redeclare), numeric references `ReferenceRepair` leaves as they are (characters XML
/// allows), well-formed UTF-8 of characters XML allows, and line ends as `\r\n` (read as `\n`). Any
/// other reference (declared or HTML entities, ones the repair rewrites, a bare `&`), a lone `\r`,
/// `]]>` (an error in text), or a run the buffer ends in is declined, and libxml2 reads the run.
enum TextRunReader {
    /// Decodes the run from `start` to the next `<` in `p[..<n]` into `decoded` (emptied first);
    /// returns the index of that `<`, or nil when libxml2 must read the run.
    static func decode(_ p: UnsafePointer<UInt8>, from start: Int, _ n: Int, into decoded: inout [UInt8]) -> Int? {
        decoded.removeAll(keepingCapacity: true)
        var k = start
        while true {
            let special = tidings_scan_markup(p, k, n)
            if special == n { return nil }
            guard appendText(p, k, special, into: &decoded) else { return nil }
            if p[special] == UInt8(ascii: "<") {
                let run = UnsafeBufferPointer(start: p + start, count: special - start)
                return XMLCharacters.arePlain(run) ? special : nil
            }
            guard let length = appendReference(p, special, n, into: &decoded) else { return nil }
            k = special + length
        }
    }

    /// Appends the text `p[from..<to]` (no `&` or `<` in it) as libxml2 hands it on: `\r\n` as `\n`.
    /// False for a lone `\r` (libxml2's reading of it depends on where its input ends) and for `]]>`.
    @inline(__always)
    private static func appendText(
        _ p: UnsafePointer<UInt8>, _ from: Int, _ to: Int, into decoded: inout [UInt8]
    ) -> Bool {
        guard to > from else { return true }
        if let gt = memchr(p + from, Int32(UInt8(ascii: ">")), to - from) {
            var at = UnsafeRawPointer(gt) - UnsafeRawPointer(p)
            while true {
                if at - 2 >= from, p[at - 1] == UInt8(ascii: "]"), p[at - 2] == UInt8(ascii: "]") { return false }
                guard at + 1 < to, let next = memchr(p + at + 1, Int32(UInt8(ascii: ">")), to - at - 1) else { break }
                at = UnsafeRawPointer(next) - UnsafeRawPointer(p)
            }
        }
        guard var cr = memchr(p + from, 0x0D, to - from).map({ UnsafeRawPointer($0) - UnsafeRawPointer(p) }) else {
            decoded.append(contentsOf: UnsafeBufferPointer(start: p + from, count: to - from))
            return true
        }
        var copied = from
        while true {
            guard cr + 1 < to, p[cr + 1] == 0x0A else { return false }
            decoded.append(contentsOf: UnsafeBufferPointer(start: p + copied, count: cr - copied))
            copied = cr + 1
            guard cr + 2 < to, let next = memchr(p + cr + 2, 0x0D, to - cr - 2) else { break }
            cr = UnsafeRawPointer(next) - UnsafeRawPointer(p)
        }
        decoded.append(contentsOf: UnsafeBufferPointer(start: p + copied, count: to - copied))
        return true
    }

    /// Appends what the reference at `i` stands for; its length, or nil when libxml2 must read it.
    @inline(__always)
    private static func appendReference(
        _ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, into decoded: inout [UInt8]
    ) -> Int? {
        if i &+ 6 <= n {
            let word = UnsafeRawPointer(p + i + 1).loadUnaligned(as: UInt32.self).littleEndian
            switch word & 0x00FF_FFFF {
            case 0x3B_746C:  // lt;
                decoded.append(UInt8(ascii: "<"))
                return 4
            case 0x3B_7467:  // gt;
                decoded.append(UInt8(ascii: ">"))
                return 4
            default: break
            }
            switch word {
            case 0x3B70_6D61:  // amp;
                decoded.append(UInt8(ascii: "&"))
                return 5
            case 0x746F_7571 where p[i + 5] == UInt8(ascii: ";"):  // quot;
                decoded.append(UInt8(ascii: "\""))
                return 6
            case 0x736F_7061 where p[i + 5] == UInt8(ascii: ";"):  // apos;
                decoded.append(UInt8(ascii: "'"))
                return 6
            default: break
            }
        }
        guard i + 1 < n, p[i + 1] == UInt8(ascii: "#"),
            case .keep(let length) = ReferenceRepair.reference(p, i, n, final: false)
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
            decoded.append(UInt8(value))
        case ..<0x800:
            decoded.append(UInt8(0xC0 | value >> 6))
            decoded.append(UInt8(0x80 | value & 0x3F))
        case ..<0x10000:
            decoded.append(UInt8(0xE0 | value >> 12))
            decoded.append(UInt8(0x80 | value >> 6 & 0x3F))
            decoded.append(UInt8(0x80 | value & 0x3F))
        default:
            decoded.append(UInt8(0xF0 | value >> 18))
            decoded.append(UInt8(0x80 | value >> 12 & 0x3F))
            decoded.append(UInt8(0x80 | value >> 6 & 0x3F))
            decoded.append(UInt8(0x80 | value & 0x3F))
        }
        return length
    }
}
