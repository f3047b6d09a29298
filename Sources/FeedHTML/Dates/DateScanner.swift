/// A cursor over the bytes of one date string, with the two grammars `DateParser` understands.
struct DateScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    let end: Int

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x0B
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 || byte >= 0x80 }

    var atEnd: Bool { position >= end }

    var current: UInt8 { position < end ? bytes[position] : 0 }

    func peek(_ distance: Int) -> UInt8 { position + distance < end ? bytes[position + distance] : 0 }

    mutating func skipSpaces() {
        while position < end, DateScanner.isSpace(bytes[position]) { position += 1 }
    }

    /// Reads a run of digits (at most `limit`), returning its value and length; `nil` when no digit.
    mutating func digits(limit: Int = 9) -> (value: Int, count: Int)? {
        var value = 0
        var count = 0
        while position < end, count < limit, DateScanner.isDigit(bytes[position]) {
            value = value * 10 + Int(bytes[position] &- 0x30)
            position += 1
            count += 1
        }
        return count == 0 ? nil : (value, count)
    }

    /// Reads exactly `count` digits.
    mutating func fixedDigits(_ count: Int) -> Int? {
        guard position + count <= end else { return nil }
        var value = 0
        for index in position..<(position + count) {
            guard DateScanner.isDigit(bytes[index]) else { return nil }
            value = value * 10 + Int(bytes[index] &- 0x30)
        }
        position += count
        return value
    }

    /// Reads a fraction after its `.` or `,`, as seconds.
    mutating func fraction() -> Double {
        var value = 0.0
        var scale = 0.1
        while position < end, DateScanner.isDigit(bytes[position]) {
            value += Double(bytes[position] &- 0x30) * scale
            scale /= 10
            position += 1
        }
        return value
    }

    /// Reads a numeric offset after its sign: `hh`, `hhmm`, `hh:mm`, `h`, `hmm`. Seconds east of UTC.
    mutating func numericOffset(negative: Bool) -> Int? {
        guard let (first, count) = digits(limit: 4) else { return nil }
        var hours = first
        var minutes = 0
        switch count {
        case 1, 2:
            if current == UInt8(ascii: ":"), DateScanner.isDigit(peek(1)) {
                position += 1
                guard let value = fixedDigits(2) else { return nil }
                minutes = value
            }
        case 3, 4:
            hours = first / 100
            minutes = first % 100
        default:
            return nil
        }
        guard hours <= 18, minutes < 60 else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return negative ? -seconds : seconds
    }

    /// Reads a word of letters (ASCII or any non-ASCII byte), returning its folded key: ASCII and
    /// Latin-1 capitals to small letters; Greek letters to small letters without accents, each
    /// written as one byte (0x80 + its place after alpha) so that long Greek month names fit a key.
    mutating func word() -> ShortNameKey {
        var key = ShortNameKey()
        while position < end, DateScanner.isLetter(bytes[position]) {
            var byte = bytes[position]
            if byte < 0x80 {
                byte |= 0x20
            } else if byte == 0xCE || byte == 0xCF, position + 1 < end, let letter = Self.greekLetter(byte, bytes[position + 1]) {
                key.append(letter)
                position += 2
                continue
            } else if position > 0, bytes[position - 1] == 0xC3, byte >= 0x80, byte <= 0x9E, byte != 0x97 {
                byte += 0x20  // Latin-1 capital letters in UTF-8 (É -> é)
            }
            key.append(byte)
            position += 1
        }
        return key
    }

    /// The key `word()` makes of `text`, for building tables.
    static func key(of text: String) -> ShortNameKey {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var scanner = DateScanner(bytes: buffer, position: 0, end: buffer.count)
            return scanner.word()
        }
    }

    /// The folded byte of the Greek letter encoded `lead`, `trail` (U+0386-U+03CE), or nil.
    @inline(never)
    private static func greekLetter(_ lead: UInt8, _ trail: UInt8) -> UInt8? {
        let scalar = (UInt32(lead & 0x1F) << 6) | UInt32(trail & 0x3F)
        let small: UInt32
        switch scalar {
        case 0x0391...0x03A9: small = scalar + 0x20  // capitals
        case 0x03B1...0x03C9: small = scalar
        case 0x0386, 0x03AC: small = 0x03B1  // ά
        case 0x0388, 0x03AD: small = 0x03B5  // έ
        case 0x0389, 0x03AE: small = 0x03B7  // ή
        case 0x038A, 0x03AF, 0x03AA, 0x03CA, 0x0390: small = 0x03B9  // ί ϊ ΐ
        case 0x038C, 0x03CC: small = 0x03BF  // ό
        case 0x038E, 0x03CD, 0x03AB, 0x03CB, 0x03B0: small = 0x03C5  // ύ ϋ ΰ
        case 0x038F, 0x03CE: small = 0x03C9  // ώ
        default: return nil
        }
        return UInt8(0x80 + (small - 0x03B1))
    }
}
