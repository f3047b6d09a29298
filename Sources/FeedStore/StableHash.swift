/// FNV-1a, 64 bits: a small, stable (across runs, processes and platforms) non-cryptographic hash for
/// article identities and change detection. Foundation on Linux has no SHA without CryptoKit, and
/// these hashes need no resistance to deliberate collisions: a colliding feed only confuses itself.
struct StableHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String?) {
        guard let text else {
            addByte(0x00)
            return
        }
        addByte(0x01)
        for byte in text.utf8 { addByte(byte) }
        addByte(0x1F)
    }

    mutating func add(_ number: Double?) {
        guard let number else {
            addByte(0x00)
            return
        }
        addByte(0x02)
        var bits = number.bitPattern
        for _ in 0..<8 {
            addByte(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }

    private mutating func addByte(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    var signed: Int64 { Int64(bitPattern: value) }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
