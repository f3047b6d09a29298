/// Decodes HTML character references (`&amp;`, `&eacute;`, `&#233;`, `&#xE9;`) in text that a feed
/// escaped twice, such as RSS titles written as `AT&amp;amp;T`.
enum EntityDecoder {
    /// The text with every recognisable reference replaced; unknown ones are kept as written.
    static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var out: [UInt8] = []
        let bytes = Array(text.utf8)
        out.reserveCapacity(bytes.count)
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            guard b == UInt8(ascii: "&") else {
                out.append(b)
                i += 1
                continue
            }
            var j = i + 1
            while j < n, j - i <= 40, bytes[j] != UInt8(ascii: ";"), bytes[j] != UInt8(ascii: "&"),
                bytes[j] > 0x20 { j += 1 }
            guard j < n, bytes[j] == UInt8(ascii: ";"), j > i + 1 else {
                out.append(b)
                i += 1
                continue
            }
            let name = bytes[(i + 1)..<j]
            if let scalarText = reference(Array(name)) {
                out.append(contentsOf: scalarText.utf8)
                i = j + 1
            } else {
                out.append(b)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The text a reference body (between `&` and `;`) stands for.
    static func reference(_ name: [UInt8]) -> String? {
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
            guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
            return String(Character(scalar))
        }
        return name.withUnsafeBufferPointer { HTMLEntities.value(named: $0) }
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
