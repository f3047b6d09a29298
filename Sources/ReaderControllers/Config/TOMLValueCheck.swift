/// Finds the values toml++ (inside TOMLKit) cannot take, where it asserts instead of reporting an
/// error and so aborts the process (fuzz-config found each):
/// - a date-time whose `T` is not followed by a digit, in a value that also holds a `:`
///   (`1979-05-27T?7:32:00Z`): toml++ picks its date-time reader from the characters the value
///   holds, reads the date, and then asserts on the hour;
/// - `}` or a line separator (U+0085, U+2028, U+2029) where an array's next value goes (`x = [ }`):
///   toml++ skips blanks, line feeds and comments there and then asserts that a value starts.
/// Only places where a value goes are checked (after `=`, `[` or `,`, or starting a line in an
/// array), a value read to where toml++ ends one; strings and comments are skipped. No valid TOML
/// holds any of these, so refusing them refuses nothing a valid config says.
enum TOMLValueCheck {
    /// The 1-based line of the first such value and what is wrong with it, or nil.
    static func firstBrokenValue(in text: String) -> (line: Int, message: String)? {
        var scanner = Scanner(bytes: Array(text.utf8))
        return scanner.firstBrokenValue()
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
        /// The arrays (`[`) and inline tables (`{`) the scanner stands in, innermost last.
        var containers: [UInt8] = []

        static let dateTimeMessage = "a date-time needs the hour right after its 'T'"
        static let arrayMessage = "an array needs a value or ']' here"

        mutating func firstBrokenValue() -> (line: Int, message: String)? {
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
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    if previous == UInt8(ascii: "=") || containers.last == UInt8(ascii: "[") { containers.append(byte) }
                    previous = byte
                    index += 1
                case UInt8(ascii: "]"):
                    if containers.last == UInt8(ascii: "[") { containers.removeLast() }
                    previous = byte
                    index += 1
                case UInt8(ascii: "}"):
                    if containers.last == UInt8(ascii: "["), standsWhereAValueGoes { return (line, Self.arrayMessage) }
                    if containers.last == UInt8(ascii: "{") { containers.removeLast() }
                    previous = byte
                    index += 1
                case UInt8(ascii: ","), UInt8(ascii: "="):
                    previous = byte
                    index += 1
                default:
                    if containers.last == UInt8(ascii: "["), standsWhereAValueGoes, startsLineSeparator() {
                        return (line, Self.arrayMessage)
                    }
                    let start = index
                    if standsWhereAValueGoes {
                        // toml++ reads a value up to one of its value terminators, whatever else it holds.
                        while index < bytes.count, !Self.endsValue(bytes[index]) { index += 1 }
                        if Self.isBrokenDateTime(bytes[start..<index]) { return (line, Self.dateTimeMessage) }
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
            case UInt8(ascii: "\n"): return containers.last == UInt8(ascii: "[")
            default: return false
            }
        }

        /// U+0085, U+2028 or U+2029 at `index`: white space to toml++, but no line break it skips.
        private func startsLineSeparator() -> Bool {
            let rest = bytes[index...]
            return rest.starts(with: [0xC2, 0x85]) || rest.starts(with: [0xE2, 0x80, 0xA8]) || rest.starts(with: [0xE2, 0x80, 0xA9])
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
