import CLibXML2
import FeedHTML
import Foundation
import TidingsText

/// The attributes of one start tag as libxml2's SAX2 hands them over: five pointers per attribute
/// (local name, prefix, URI, value start, value end), valid only during the callback.
struct XMLAttributes {
    let base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    /// The decoded value of the first attribute with this local name (any namespace), if present.
    func value(_ name: StaticString) -> String? {
        guard let base else { return nil }
        for i in 0..<count {
            guard let local = base[i * 5], Self.equals(local, name) else { continue }
            return Self.string(base[i * 5 + 3], base[i * 5 + 4])
        }
        return nil
    }

    /// `value(name)`, given as `previous` itself when the value is written as `previous`'s UTF-8 with
    /// no reference: equal strings either way, but values feeds repeat on every entry (a category's
    /// scheme, a label that repeats the term) then share one storage instead of each allocating its own.
    func value(_ name: StaticString, reusing previous: String?) -> String? {
        guard let base else { return nil }
        for i in 0..<count {
            guard let local = base[i * 5], Self.equals(local, name) else { continue }
            let start = base[i * 5 + 3]
            let end = base[i * 5 + 4]
            if var previous, let start, let end, end >= start {
                let bytes = UnsafeBufferPointer(start: start, count: end - start)
                let same = previous.withUTF8 { known in
                    guard let knownBase = known.baseAddress, known.count == bytes.count else { return false }
                    return memcmp(knownBase, start, bytes.count) == 0
                        && memchr(start, Int32(UInt8(ascii: "&")), bytes.count) == nil
                }
                if same { return previous }
            }
            return Self.string(start, end)
        }
        return nil
    }

    /// Whether the decoded value of the first attribute with this local name contains `needle` (ASCII);
    /// nil when there is no such attribute. A value of plain ASCII is searched where it lies, without
    /// building a String (links and enclosures ask this of their `type`).
    func value(_ name: StaticString, contains needle: StaticString) -> Bool? {
        guard let base else { return nil }
        for i in 0..<count {
            guard let local = base[i * 5], Self.equals(local, name) else { continue }
            guard let start = base[i * 5 + 3], let end = base[i * 5 + 4], end >= start else { return nil }
            let bytes = UnsafeBufferPointer(start: start, count: end - start)
            if bytes.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "&") }) {
                return Self.string(start, end).map { $0.contains(needle.description) }
            }
            return Self.find(needle, in: bytes)
        }
        return nil
    }

    /// The value of `xml:NAME` (`xml:base`, `xml:lang`), if present.
    func xmlValue(_ name: StaticString) -> String? {
        guard let base else { return nil }
        for i in 0..<count {
            guard let prefix = base[i * 5 + 1], prefix[0] == UInt8(ascii: "x"), prefix[1] == UInt8(ascii: "m"),
                prefix[2] == UInt8(ascii: "l"), prefix[3] == 0, let local = base[i * 5], Self.equals(local, name)
            else { continue }
            return Self.string(base[i * 5 + 3], base[i * 5 + 4])
        }
        return nil
    }

    /// True when some attribute has the `xml` prefix (cheap check before looking for xml:base).
    var hasXMLPrefixed: Bool {
        guard let base else { return false }
        for i in 0..<count {
            if let prefix = base[i * 5 + 1], prefix[0] == UInt8(ascii: "x"), prefix[1] == UInt8(ascii: "m"),
                prefix[2] == UInt8(ascii: "l"), prefix[3] == 0
            { return true }
        }
        return false
    }

    /// Writes the attributes as markup (` prefix:name="value"`) for inline XHTML content.
    func serialize(into out: inout ByteStorage) {
        guard let base else { return }
        for i in 0..<count {
            guard let local = base[i * 5] else { continue }
            out.append(UInt8(ascii: " "))
            if let prefix = base[i * 5 + 1] {
                if Self.equals(prefix, "xml") { continue }
                out.append(UnsafeBufferPointer(start: prefix, count: strlenX(prefix)))
                out.append(UInt8(ascii: ":"))
            }
            out.append(UnsafeBufferPointer(start: local, count: strlenX(local)))
            out.append("=\"")
            let value = Self.string(base[i * 5 + 3], base[i * 5 + 4]) ?? ""
            MarkupEscaper.escape(value, .quotes, into: &out)
            out.append(UInt8(ascii: "\""))
        }
    }

    static func equals(_ a: UnsafePointer<xmlChar>, _ b: StaticString) -> Bool {
        let p = b.utf8Start
        let n = b.utf8CodeUnitCount
        for i in 0..<n where a[i] != p[i] { return false }
        return a[n] == 0
    }

    /// Whether `needle` occurs in `bytes`, byte for byte.
    static func find(_ needle: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let p = needle.utf8Start
        let n = needle.utf8CodeUnitCount
        guard n <= bytes.count else { return false }
        var i = 0
        while i + n <= bytes.count {
            var j = 0
            while j < n, bytes[i + j] == p[j] { j += 1 }
            if j == n { return true }
            i += 1
        }
        return false
    }

    /// An attribute value, with the `&#38;` libxml2 leaves for `&` and other references decoded.
    /// Without a reference the bytes are the value (`UTF8String.make`, the string
    /// `String(decoding:as:)` makes, checked in C).
    static func string(_ start: UnsafePointer<xmlChar>?, _ end: UnsafePointer<xmlChar>?) -> String? {
        guard let start, let end, end >= start else { return nil }
        let buffer = UnsafeBufferPointer(start: start, count: end - start)
        return EntityDecoder.decode(bytes: buffer) ?? UTF8String.make(buffer)
    }
}

/// Length of a NUL-terminated libxml2 string.
@inline(__always)
func strlenX(_ p: UnsafePointer<xmlChar>) -> Int {
    var n = 0
    while p[n] != 0 { n += 1 }
    return n
}
