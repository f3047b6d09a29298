import Foundation
import TidingsText

/// A byte buffer for hand-written JSON: string escaping, numbers, RFC 3339 dates and indentation.
///
/// Writes into raw memory (an append is a bounds check and a copy); `flush(into:)` hands the bytes
/// written so far over. Noncopyable: the memory is freed once, when the output goes out of scope.
struct JSONOutput: ~Copyable {
    private var bytes: ByteStorage
    let pretty: Bool

    init(pretty: Bool, capacity: Int = 4096) {
        self.pretty = pretty
        bytes = ByteStorage(capacity: capacity)
    }

    /// Appends the bytes written so far to `buffer` and empties this output.
    mutating func flush(into buffer: inout [UInt8]) {
        buffer.append(contentsOf: bytes.slice(0..<bytes.count))
        bytes.truncate(to: 0)
    }

    mutating func raw(_ s: StaticString) {
        bytes.append(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    mutating func newline(_ level: Int) {
        guard pretty else { return }
        let indent: StaticString = "\n                                "
        let count = 1 + 2 * level
        if count <= indent.utf8CodeUnitCount {
            bytes.append(UnsafeBufferPointer(start: indent.utf8Start, count: count))
            return
        }
        bytes.append(0x0A)
        for _ in 0..<level { bytes.append(0x20); bytes.append(0x20) }
    }

    /// Writes an array whose closing bracket is at `level`: each element on a line of its own at
    /// `level + 1`, written by `element`.
    mutating func array<Elements: Sequence>(
        _ elements: Elements, level: Int, _ element: (inout JSONOutput, Elements.Element) -> Void
    ) {
        raw("[")
        var first = true
        for value in elements {
            if !first { raw(",") }
            first = false
            newline(level + 1)
            element(&self, value)
        }
        newline(level)
        raw("]")
    }

    /// Writes an array of objects whose closing bracket is at `level`: one object per element, whose
    /// members `members` writes at `level + 2`.
    mutating func objects<Elements: Sequence>(
        _ elements: Elements, level: Int, _ members: (inout JSONOutput, Elements.Element, inout Bool) -> Void
    ) {
        array(elements, level: level) { out, element in
            out.object(level: level + 1) { out, first in members(&out, element, &first) }
        }
    }

    /// Writes an object whose closing brace is at `level`: `members` writes its keys at `level + 1`
    /// (with `key(_:level:first:)`, passing on the `first` flag it is given).
    mutating func object(level: Int, _ members: (inout JSONOutput, inout Bool) -> Void) {
        raw("{")
        var first = true
        members(&self, &first)
        newline(level)
        raw("}")
    }

    /// Writes `"key": ` (with the separating comma when `first` is false) at an indentation level.
    mutating func key(_ name: StaticString, level: Int, first: inout Bool) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        newline(level)
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        if pretty { bytes.append(0x20) }
    }

    /// Writes `"key": "value"` when there is a value, nothing when `value` is nil (JSON Feed leaves
    /// out what a feed does not say).
    mutating func field(_ name: StaticString, _ value: String?, level: Int, first: inout Bool) {
        guard let value else { return }
        key(name, level: level, first: &first)
        string(value)
    }

    /// Writes `"key": "date"` (RFC 3339) when there is a date, nothing when `value` is nil.
    mutating func field(_ name: StaticString, _ value: Date?, level: Int, first: inout Bool) {
        guard let value else { return }
        key(name, level: level, first: &first)
        date(value)
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { string(bytes: $0) }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped (and U+2028/U+2029,
    /// which JavaScript reads as line ends); everything else copied as UTF-8 in runs.
    mutating func string(bytes input: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        guard let p = input.baseAddress else {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        let n = input.count
        var run = 0
        var i = Self.nextCandidate(p, 0, n)
        while i < n {
            let b = p[i]
            if b >= 0x20 && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\") {
                if b == 0xE2, i + 2 < n, p[i + 1] == 0x80, p[i + 2] == 0xA8 || p[i + 2] == 0xA9 {
                    bytes.append(UnsafeBufferPointer(start: p + run, count: i - run))
                    raw(p[i + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                    run = i + 3
                    i = Self.nextCandidate(p, run, n)
                    continue
                }
                i = Self.nextCandidate(p, i + 1, n)
                continue
            }
            bytes.append(UnsafeBufferPointer(start: p + run, count: i - run))
            switch b {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0x08: raw("\\b")
            case 0x0C: raw("\\f")
            default:
                raw("\\u00")
                bytes.append(Self.hexDigit(b >> 4))
                bytes.append(Self.hexDigit(b & 15))
            }
            run = i + 1
            i = Self.nextCandidate(p, i + 1, n)
        }
        bytes.append(UnsafeBufferPointer(start: p + run, count: n - run))
        bytes.append(UInt8(ascii: "\""))
    }

    /// The index, from `start` on, of the first byte that may need escaping: below 0x20, `"`, `\`, or
    /// 0xE2 (the lead byte of U+2028/U+2029); `n` when there is none. Tests eight bytes at a time; the
    /// lowest flagged byte of a word is always a real match, so the scan jumps straight to it.
    @inline(never)
    private static func nextCandidate(_ p: UnsafePointer<UInt8>, _ start: Int, _ n: Int) -> Int {
        var i = start
        let ones: UInt64 = 0x0101_0101_0101_0101
        while i &+ 8 <= n {
            let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
            let low = (w &- 0x2020_2020_2020_2020) & ~w
            let q = w ^ 0x2222_2222_2222_2222
            let bs = w ^ 0x5C5C_5C5C_5C5C_5C5C
            let e2 = w ^ 0xE2E2_E2E2_E2E2_E2E2
            let hit = (low | ((q &- ones) & ~q) | ((bs &- ones) & ~bs) | ((e2 &- ones) & ~e2)) & 0x8080_8080_8080_8080
            if hit != 0 { return i &+ hit.trailingZeroBitCount >> 3 }
            i &+= 8
        }
        while i < n {
            let b = p[i]
            if b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b == 0xE2 { return i }
            i &+= 1
        }
        return n
    }

    private static func hexDigit(_ v: UInt8) -> UInt8 {
        v < 10 ? UInt8(ascii: "0") + v : UInt8(ascii: "a") + v - 10
    }

    mutating func integer(_ value: Int64) {
        bytes.append(String(value))
    }

    mutating func number(_ value: Double) {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            integer(Int64(value))
        } else if value.isFinite {
            bytes.append(String(value))
        } else {
            raw("0")
        }
    }

    mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// An RFC 3339 timestamp in UTC (`2003-12-31T10:14:55Z`), with milliseconds when not whole.
    mutating func date(_ date: Date) {
        bytes.append(UInt8(ascii: "\""))
        RFC3339.write(date, .milliseconds, into: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }
}
