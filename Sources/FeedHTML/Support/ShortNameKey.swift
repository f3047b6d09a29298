/// Up to 16 lower-cased bytes of a word (a month name, an HTML element name), packed for table
/// look-ups without allocating a String per word.
package struct ShortNameKey: Hashable {
    package var low: UInt64 = 0
    package var high: UInt64 = 0
    package var count = 0

    package init() {}

    package init(_ text: String) {
        for byte in text.utf8 { append(byte) }
    }

    /// The ASCII-lower-cased key of a NUL-terminated name (libxml2's element and attribute names).
    package init(cString: UnsafePointer<UInt8>) {
        var pointer = cString
        while pointer.pointee != 0, count <= 16 {
            let byte = pointer.pointee
            append(byte &- 0x41 < 26 ? byte | 0x20 : byte)
            pointer += 1
        }
    }

    package mutating func append(_ byte: UInt8) {
        if count < 8 {
            low |= UInt64(byte) << (8 * UInt64(count))
        } else if count < 16 {
            high |= UInt64(byte) << (8 * UInt64(count - 8))
        }
        count += 1
    }

    /// Whether the word is short enough to be told apart from others by its packed bytes.
    package var isComparable: Bool { count <= 16 }
}

extension ShortNameKey {
    /// A look-up table from each case's name to the case, for enums whose cases are numbered from 1
    /// (0 being `unknown`).
    package static func table<Value: RawRepresentable>(of type: Value.Type) -> [ShortNameKey: Value]
    where Value.RawValue == UInt8 {
        var table: [ShortNameKey: Value] = [:]
        var raw: UInt8 = 1
        while let value = Value(rawValue: raw) {
            table[ShortNameKey(String(describing: value))] = value
            raw += 1
        }
        return table
    }

    /// Each case's name indexed by raw value, so that writing a name needs no reflection.
    package static func names<Value: RawRepresentable>(of type: Value.Type) -> [String] where Value.RawValue == UInt8 {
        var names: [String] = []
        var raw: UInt8 = 0
        while let value = Value(rawValue: raw) {
            names.append(String(describing: value))
            raw += 1
        }
        return names
    }
}
