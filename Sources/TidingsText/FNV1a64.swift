/// FNV-1a, 64 bits: the project's one small, stable (across runs, processes and platforms)
/// non-cryptographic hash, for article identities, change detection and feed body hashes. Foundation on
/// Linux has no SHA without CryptoKit, and these hashes need no resistance to deliberate collisions: a
/// colliding feed only confuses itself.
///
/// The values are stored in users' databases: the algorithm, the field framing and the text forms must
/// never change.
public struct FNV1a64: Sendable, Hashable {
    @usableFromInline var state: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    /// The hash of everything added so far.
    public var value: UInt64 { state }

    /// Adds one byte.
    @inlinable
    public mutating func add(byte: UInt8) {
        state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// Adds bytes as they are. Bytes in contiguous memory (an array, a native string's UTF-8) are
    /// read through a pointer: the same values as reading them one by one through the sequence, for
    /// a fraction of the cost on long texts (a `String.UTF8View` walked as a sequence checks its
    /// storage at every byte).
    @inlinable
    public mutating func add(bytes: some Sequence<UInt8>) {
        if bytes.withContiguousStorageIfAvailable({ add(buffer: $0) }) != nil { return }
        var hash = state
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        state = hash
    }

    /// Adds the bytes of a buffer as they are.
    @inlinable
    public mutating func add(buffer: UnsafeBufferPointer<UInt8>) {
        var hash = state
        for byte in buffer { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        state = hash
    }

    /// Adds an optional text as one field: 0x00 for nil, else 0x01, its UTF-8 bytes and 0x1F, so that
    /// ("ab", "c") and ("a", "bc") hash differently.
    public mutating func add(field text: String?) {
        guard let text else {
            add(byte: 0x00)
            return
        }
        add(byte: 0x01)
        add(bytes: text.utf8)
        add(byte: 0x1F)
    }

    /// Adds an optional number as one field: 0x00 for nil, else 0x02 and its eight bytes, low first.
    public mutating func add(field number: Double?) {
        guard let number else {
            add(byte: 0x00)
            return
        }
        add(byte: 0x02)
        var bits = number.bitPattern
        for _ in 0..<8 {
            add(byte: UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }

    /// The hash as a signed integer (an SQLite column).
    public var signed: Int64 { Int64(bitPattern: value) }

    /// The hash as 16 lowercase hex digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
