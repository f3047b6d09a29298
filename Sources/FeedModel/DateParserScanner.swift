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

    /// Reads a word of letters (ASCII or any non-ASCII byte), returning its lower-cased key.
    mutating func word() -> ShortNameKey {
        var key = ShortNameKey()
        while position < end, DateScanner.isLetter(bytes[position]) {
            var byte = bytes[position]
            if byte < 0x80 {
                byte |= 0x20
            } else if position > 0, bytes[position - 1] == 0xC3, byte >= 0x80, byte <= 0x9E, byte != 0x97 {
                byte += 0x20  // Latin-1 capital letters in UTF-8 (É -> é)
            }
            key.append(byte)
            position += 1
        }
        return key
    }
}
