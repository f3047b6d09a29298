import CByteScan
import Foundation
import TidingsText

/// A byte buffer for hand-written JSON: string escaping, numbers, RFC 3339 dates and indentation.
///
/// Writes into raw memory (an append is a bounds check and a copy); `flush(into:)` hands the bytes
/// written so far over. Noncopyable: the memory is freed once, when the output goes out of scope.
package struct JSONOutput: ~Copyable {
    private var bytes: ByteStorage
    package let pretty: Bool

    package init(pretty: Bool, capacity: Int = 4096) {
        self.pretty = pretty
        bytes = ByteStorage(capacity: capacity)
    }

    /// Appends the bytes written so far to `buffer` and empties this output.
    package mutating func flush(into buffer: inout [UInt8]) {
        buffer.append(contentsOf: bytes.slice(0..<bytes.count))
        bytes.truncate(to: 0)
    }

    package mutating func raw(_ s: StaticString) {
        bytes.append(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    package mutating func newline(_ level: Int) {
        guard pretty else { return }
        let count = 1 + 2 * level
        bytes.append(count: count) { out in
            out[0] = 0x0A
            for k in 1..<count { out[k] = 0x20 }
        }
    }

    /// Writes an array whose closing bracket is at `level`: each element on a line of its own at
    /// `level + 1`, written by `element`.
    package mutating func array<Elements: Sequence>(
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
    package mutating func objects<Elements: Sequence>(
        _ elements: Elements, level: Int, _ members: (inout JSONOutput, Elements.Element, inout Bool) -> Void
    ) {
        array(elements, level: level) { out, element in
            out.object(level: level + 1) { out, first in members(&out, element, &first) }
        }
    }

    /// Writes `"name": ` and then `elements` as `objects(_:level:_:)` does; nothing at all when there
    /// are none (JSON Feed leaves out what a feed does not say).
    package mutating func objects<Elements: Collection>(
        _ name: StaticString, _ elements: Elements, level: Int, first: inout Bool,
        _ members: (inout JSONOutput, Elements.Element, inout Bool) -> Void
    ) {
        guard !elements.isEmpty else { return }
        key(name, level: level, first: &first)
        objects(elements, level: level, members)
    }

    /// Writes an object whose closing brace is at `level`: `members` writes its keys at `level + 1`
    /// (with `key(_:level:first:)`, passing on the `first` flag it is given).
    package mutating func object(level: Int, _ members: (inout JSONOutput, inout Bool) -> Void) {
        raw("{")
        var first = true
        members(&self, &first)
        newline(level)
        raw("}")
    }

    /// Writes `"key": ` (with the separating comma when `first` is false) at an indentation level.
    package mutating func key(_ name: StaticString, level: Int, first: inout Bool) {
        // Comma, line break and indentation, the quoted name, colon and space: one piece.
        let separator = first ? 0 : 1
        first = false
        let indent = pretty ? 2 * level : 0
        let lineBreak = pretty ? 1 : 0
        let length = name.utf8CodeUnitCount
        let source = name.utf8Start
        bytes.append(count: separator + lineBreak + indent + length + 3 + lineBreak) { out in
            var k = 0
            if separator == 1 {
                out[0] = UInt8(ascii: ",")
                k = 1
            }
            if lineBreak == 1 {
                out[k] = 0x0A
                (out + k + 1).update(repeating: 0x20, count: indent)
                k += 1 + indent
            }
            out[k] = UInt8(ascii: "\"")
            k += 1
            (out + k).update(from: source, count: length)
            k += length
            out[k] = UInt8(ascii: "\"")
            out[k + 1] = UInt8(ascii: ":")
            if lineBreak == 1 { out[k + 2] = 0x20 }
        }
    }

    /// Writes `"key": "value"` when there is a value, nothing when `value` is nil (JSON Feed leaves
    /// out what a feed does not say).
    package mutating func field(_ name: StaticString, _ value: String?, level: Int, first: inout Bool) {
        guard let value else { return }
        key(name, level: level, first: &first)
        string(value)
    }

    /// Writes `"key": "date"` (RFC 3339) when there is a date, nothing when `value` is nil.
    package mutating func field(_ name: StaticString, _ value: Date?, level: Int, first: inout Bool) {
        guard let value else { return }
        key(name, level: level, first: &first)
        date(value)
    }

    package mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { string(bytes: $0) }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped (and U+2028/U+2029,
    /// which JavaScript reads as line ends); everything else copied as UTF-8 (`tidings_json_escape`).
    package mutating func string(bytes input: UnsafeBufferPointer<UInt8>) {
        // A short value with nothing to escape (a name, an address, a term) is quoted as it is, which
        // is what the escaper would write, in one append.
        if let p = input.baseAddress, input.count <= Self.shortPlain, tidings_scan_json_special(p, 0, input.count) == input.count {
            let n = input.count
            bytes.append(count: n + 2) { out in
                out[0] = UInt8(ascii: "\"")
                (out + 1).update(from: p, count: n)
                out[n + 1] = UInt8(ascii: "\"")
            }
            return
        }
        bytes.append(UInt8(ascii: "\""))
        if let p = input.baseAddress {
            // In slices, so that the room made for the worst case (six bytes a byte) stays small.
            let n = input.count
            var start = 0
            while start < n {
                var end = min(n, start + Self.escapeSlice)
                // Never inside a UTF-8 sequence: U+2028 and U+2029 are recognised whole.
                var back = 0
                while back < 3, end < n, p[end] & 0xC0 == 0x80 {
                    end -= 1
                    back += 1
                }
                let from = p + start
                let count = end - start
                bytes.append(upTo: 6 * count) { out in tidings_json_escape(from, count, out) }
                start = end
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let escapeSlice = 16 * 1024

    /// The longest value `string(bytes:)` checks for a plain copy before escaping.
    private static let shortPlain = 256

    package mutating func integer(_ value: Int64) {
        bytes.append(String(value))
    }

    package mutating func number(_ value: Double) {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            integer(Int64(value))
        } else if value.isFinite {
            bytes.append(String(value))
        } else {
            raw("0")
        }
    }

    package mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// An RFC 3339 timestamp in UTC (`2003-12-31T10:14:55Z`), with milliseconds when not whole.
    package mutating func date(_ date: Date) {
        bytes.append(UInt8(ascii: "\""))
        RFC3339.write(date, .milliseconds, into: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }
}
