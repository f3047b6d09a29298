/// Finds the date-times toml++ (inside TOMLKit) cannot take: `YYYY-MM-DDT` followed by something
/// that is not a digit, in a value that also holds a `:` (`1979-05-27T?7:32:00Z`). toml++ picks the
/// date-time reader from the characters the value holds, reads the date, and then asserts that a
/// digit follows the `T` instead of reporting an error, which aborts the process (fuzz-config found
/// it). Only words where a value goes are checked (after `=`, `[` or `,`, or starting a line in an
/// array), read to where toml++ ends a value; no valid TOML holds such a value (a date-time needs
/// its hour there), so refusing it refuses nothing a valid config says.
enum TOMLDateTimeCheck {
    /// The 1-based number of the line holding the first such word, or nil.
    static func firstBrokenDateTime(in text: String) -> Int? {
        var scanner = Scanner(bytes: Array(text.utf8))
        return scanner.firstBrokenDateTime()
    }

    /// Walks the text once, skipping strings and comments, and checks each bare word.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        /// The last byte that was not blank, a comment or inside a word: what decides whether a word
        /// stands where a value goes.
        var previous = UInt8(ascii: "\n")
        /// How many arrays the scanner stands in (their values may start lines).
        var arrayDepth = 0

        mutating func firstBrokenDateTime() -> Int? {
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\n"):
                    line += 1
                    previous = byte
                    index += 1
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    index += 1
                case UInt8(ascii: "#"):
                    skipToLineEnd()
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    skipString(quote: byte)
                    previous = byte
                case UInt8(ascii: "["):
                    if previous == UInt8(ascii: "=") || arrayDepth > 0 { arrayDepth += 1 }
                    previous = byte
                    index += 1
                case UInt8(ascii: "]"):
                    if arrayDepth > 0 { arrayDepth -= 1 }
                    previous = byte
                    index += 1
                case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: "="):
                    previous = byte
                    index += 1
                default:
                    let start = index
                    if standsWhereAValueGoes {
                        // toml++ reads a value up to one of its value terminators, whatever else it holds.
                        while index < bytes.count, !Self.endsValue(bytes[index]) { index += 1 }
                        if Self.isBrokenDateTime(bytes[start..<index]) { return line }
                    } else {
                        while index < bytes.count, !Self.endsWord(bytes[index]) { index += 1 }
                    }
                    previous = bytes[index - 1]
                }
            }
            return nil
        }

        /// After `=`, after `[` or `,`, or at the start of a line inside an array.
        private var standsWhereAValueGoes: Bool {
            switch previous {
            case UInt8(ascii: "="), UInt8(ascii: "["), UInt8(ascii: ","): return true
            case UInt8(ascii: "\n"): return arrayDepth > 0
            default: return false
            }
        }

        private mutating func skipToLineEnd() {
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        }

        /// Moves past a string starting at `index`: basic (`"`, with backslash escapes) or literal
        /// (`'`), on one line or multi-line (three quotes). A one-line string ends at the line's end
        /// even when it is not closed; toml++ refuses that anyway.
        private mutating func skipString(quote: UInt8) {
            let multiline = index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote
            index += multiline ? 3 : 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\"), quote == UInt8(ascii: "\"") {
                    index += 1
                    if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                    continue
                }
                if byte == UInt8(ascii: "\n") {
                    if !multiline { return }
                    line += 1
                }
                index += 1
                if byte == quote {
                    if !multiline { return }
                    if index + 1 < bytes.count, bytes[index] == quote, bytes[index + 1] == quote {
                        index += 2
                        // Up to two more quotes may close a multi-line string (`""""` ends with one inside).
                        while index < bytes.count, bytes[index] == quote { index += 1 }
                        return
                    }
                }
            }
        }

        /// ASCII white space, the brackets, braces, comma, equals sign and the starts of strings
        /// and comments: the characters a bare word cannot hold.
        private static func endsWord(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "["),
                UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: "="),
                UInt8(ascii: "#"), UInt8(ascii: "\""), UInt8(ascii: "'"):
                return true
            default: return false
            }
        }

        /// What ends a value for toml++ (`is_value_terminator`, its ASCII part): white space, `]`, `}`,
        /// `,` and `#`. Anything else, `{`, `=` or a quote too, is read as part of the value.
        private static func endsValue(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "]"),
                UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: "#"):
                return true
            default: return false
            }
        }

        /// `DDDD-DD-DD` then `T` or `t` then anything but a digit, with a `:` somewhere in the word.
        private static func isBrokenDateTime(_ word: ArraySlice<UInt8>) -> Bool {
            let w = Array(word)
            guard w.count >= 12, w.contains(UInt8(ascii: ":")) else { return false }
            for position in [0, 1, 2, 3, 5, 6, 8, 9] where !isDigit(w[position]) { return false }
            guard w[4] == UInt8(ascii: "-"), w[7] == UInt8(ascii: "-"), w[10] | 0x20 == UInt8(ascii: "t") else { return false }
            return !isDigit(w[11])
        }

        private static func isDigit(_ byte: UInt8) -> Bool {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }
    }
}
