import CByteScan
import TidingsText
import Foundation

// The byte tests `ReferenceRepair` scans with: openers, quotes, names and character references.
extension ReferenceRepair {
    /// Whether `p[from..<to]`, a tag's start when `p[from]` is `<`, ends inside a quoted attribute
    /// value: a `>` there does not end the tag.
    static func endsInQuote(_ p: UnsafePointer<UInt8>, from: Int, to: Int) -> Bool {
        guard p[from] == UInt8(ascii: "<") else { return false }
        var quote: UInt8 = 0
        for k in from..<to {
            let b = p[k]
            if quote == 0 {
                if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") { quote = b }
            } else if b == quote {
                quote = 0
            }
        }
        return quote != 0
    }

    /// The section a `<` at `i` opens: `.markup` for anything but `<![CDATA[`, `<!--` and `<?`; nil
    /// when the buffer ends before that can be told.
    static func opener(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Section? {
        guard i + 1 < n else { return nil }
        switch p[i + 1] {
        case UInt8(ascii: "?"): return .instruction
        case UInt8(ascii: "!"):
            let cdata: StaticString = "<![CDATA["
            let comment: StaticString = "<!--"
            if matches(p, i, n, comment) { return .comment }
            if matches(p, i, n, cdata) { return .cdata }
            let available = n - i
            if available < 9 && prefixMatches(p, i, n, cdata) { return nil }
            if available < 4 && prefixMatches(p, i, n, comment) { return nil }
            return .markup
        default: return .markup
        }
    }

    static func matches(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, _ s: StaticString) -> Bool {
        let count = s.utf8CodeUnitCount
        guard n - i >= count else { return false }
        for k in 0..<count where p[i + k] != s.utf8Start[k] { return false }
        return true
    }

    static func prefixMatches(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, _ s: StaticString) -> Bool {
        let count = min(s.utf8CodeUnitCount, n - i)
        for k in 0..<count where p[i + k] != s.utf8Start[k] { return false }
        return true
    }

    /// The index of the next `&` or `<` from `from` (`n` when none).
    @inline(__always)
    static func nextSpecial(_ p: UnsafePointer<UInt8>, _ from: Int, _ n: Int) -> Int {
        tidings_scan_markup(p, from, n)
    }

    /// The length of a plain named reference (`&amp;`, `&eacute;`: ASCII letters and digits, then
    /// `;`) at `i`, 0 for anything else; the common case, answered without the full reading.
    @inline(__always)
    static func namedReferenceLength(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int {
        var j = i &+ 1
        let limit = min(n, i &+ 34)
        guard j < limit, p[j] | 0x20 >= UInt8(ascii: "a"), p[j] | 0x20 <= UInt8(ascii: "z") else { return 0 }
        j &+= 1
        while j < limit {
            let b = p[j]
            if (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) || (b >= 0x30 && b <= 0x39) {
                j &+= 1
                continue
            }
            return b == UInt8(ascii: ";") ? j &+ 1 &- i : 0
        }
        return 0
    }

    @inline(__always)
    static func find(_ byte: UInt8, _ p: UnsafePointer<UInt8>, _ from: Int, _ n: Int) -> Int {
        guard from < n, let hit = memchr(p + from, Int32(byte), n - from) else { return n }
        return UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - p
    }

    /// Reads the reference starting with the `&` at `i`.
    package static func reference(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, final: Bool) -> Reference {
        var j = i + 1
        guard j < n else { return final ? .bare : .needMore }
        if p[j] == UInt8(ascii: "#") {
            return numeric(p, i, n, final: final)
        }
        guard isNameStart(p[j]) else { return .bare }
        j += 1
        while j < n, j - i < lookahead - 2, isNameByte(p[j]) { j += 1 }
        if j == n { return final ? .bare : .needMore }
        return p[j] == UInt8(ascii: ";") ? .keep(j + 1 - i) : .bare
    }

    static func numeric(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, final: Bool) -> Reference {
        var j = i + 2
        guard j < n else { return final ? .bare : .needMore }
        var radix: UInt32 = 10
        var capitalX = false
        if p[j] | 0x20 == UInt8(ascii: "x") {
            radix = 16
            capitalX = p[j] == UInt8(ascii: "X")
            j += 1
        }
        let digitsStart = j
        var value: UInt32 = 0
        while j < n, let digit = digitValue(p[j], radix) {
            if value <= 0x10FFFF { value = value &* radix &+ digit }
            j += 1
            if j - digitsStart > 16 { return .bare }
        }
        if j == n { return final ? .bare : .needMore }
        guard j > digitsStart, p[j] == UInt8(ascii: ";") else { return .bare }
        let length = j + 1 - i
        let mapped: UInt32
        switch value {
        case 0x80...0x9F: mapped = Windows1252.c1[Int(value - 0x80)]
        case 0, 0xD800...0xDFFF, 0x110000...: mapped = 0xFFFD
        case 0xFFFE, 0xFFFF: mapped = 0xFFFD
        case 0x01...0x1F where value != 0x09 && value != 0x0A && value != 0x0D:
            return .rewrite([], length, allowed: false)
        default: mapped = value
        }
        if mapped == value && !capitalX { return .keep(length) }
        var bytes: [UInt8] = Array("&#x".utf8)
        bytes.append(contentsOf: String(mapped, radix: 16).utf8)
        bytes.append(UInt8(ascii: ";"))
        return .rewrite(bytes, length, allowed: value >= 0x80 && value <= 0x9F && !capitalX)
    }

    @inline(__always)
    static func digitValue(_ b: UInt8, _ radix: UInt32) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    @inline(__always)
    static func isNameStart(_ b: UInt8) -> Bool {
        (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) || b == UInt8(ascii: "_")
            || b == UInt8(ascii: ":") || b >= 0x80
    }

    @inline(__always)
    static func isNameByte(_ b: UInt8) -> Bool {
        isNameStart(b) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-")
            || b == UInt8(ascii: ".")
    }

}
