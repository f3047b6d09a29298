import Glibc
import TidingsText

/// Decodes HTML character references (`&amp;`, `&eacute;`, `&#233;`, `&#xE9;`) in text that a feed
/// escaped twice, such as RSS titles written as `AT&amp;amp;T`.
package enum EntityDecoder {
    /// The text with every recognisable reference replaced; unknown ones are kept as written.
    package static func decode(_ text: String) -> String {
        var text = text
        return text.withUTF8 { decode(bytes: $0) } ?? text
    }

    /// The decoded text of UTF-8 `bytes`, or nil when they hold no reference to replace.
    package static func decode(bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let p = bytes.baseAddress else { return nil }
        let n = bytes.count
        guard let ampersand = memchr(p, Int32(UInt8(ascii: "&")), n) else { return nil }
        var i = UnsafeRawPointer(ampersand) - UnsafeRawPointer(p)
        var out: [UInt8] = []
        out.reserveCapacity(n)
        var run = 0
        while i < n {
            guard p[i] == UInt8(ascii: "&") else {
                i += 1
                continue
            }
            var j = i + 1
            while j < n, j - i <= 40, p[j] != UInt8(ascii: ";"), p[j] != UInt8(ascii: "&"), p[j] > 0x20 { j += 1 }
            guard j < n, p[j] == UInt8(ascii: ";"), j > i + 1,
                let replacement = reference(UnsafeBufferPointer(start: p + i + 1, count: j - i - 1))
            else {
                i += 1
                continue
            }
            out.append(contentsOf: UnsafeBufferPointer(start: p + run, count: i - run))
            out.append(contentsOf: replacement.utf8)
            i = j + 1
            run = i
        }
        if run == 0 { return nil }
        out.append(contentsOf: UnsafeBufferPointer(start: p + run, count: n - run))
        return String(decoding: out, as: UTF8.self)
    }

    /// The text a reference body (between `&` and `;`) stands for.
    package static func reference(_ name: [UInt8]) -> String? {
        name.withUnsafeBufferPointer { reference($0) }
    }

    /// The text a reference body (between `&` and `;`) stands for.
    package static func reference(_ name: UnsafeBufferPointer<UInt8>) -> String? {
        if name.first == UInt8(ascii: "#") {
            var digits = name.dropFirst()
            var radix: UInt32 = 10
            if let x = digits.first, x | 0x20 == UInt8(ascii: "x") {
                radix = 16
                digits = digits.dropFirst()
            }
            guard !digits.isEmpty, digits.count <= 8 else { return nil }
            var value: UInt32 = 0
            for d in digits {
                guard let v = hexValue(d), v < radix else { return nil }
                value = value * radix + v
            }
            // Read as `ReferenceRepair` reads references in the document, so that a reference escaped
            // twice (`&amp;#1;`) gives what it gives escaped once: 128-159 as windows-1252, as HTML5
            // does; forbidden C0 controls dropped; anything else that is no XML character U+FFFD.
            if value >= 0x80 && value <= 0x9F { value = Windows1252.c1[Int(value - 0x80)] }
            if value >= 0x01 && value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D { return "" }
            guard value != 0, value != 0xFFFE, value != 0xFFFF, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
            return String(Character(scalar))
        }
        // The five XML entities are the common case (double-escaped `&amp;`): answer them without
        // building the HTML entity table.
        if name.count == 2, name[1] == UInt8(ascii: "t") {
            if name[0] == UInt8(ascii: "l") { return "<" }
            if name[0] == UInt8(ascii: "g") { return ">" }
        }
        if name.elementsEqual("amp".utf8) { return "&" }
        if name.elementsEqual("quot".utf8) { return "\"" }
        if name.elementsEqual("apos".utf8) { return "'" }
        return HTMLEntities.value(named: name)
    }

    private static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
