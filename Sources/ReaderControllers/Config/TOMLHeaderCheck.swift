/// Finds the table headers toml++ (inside TOMLKit) cannot take: `[` followed by a character that
/// starts neither a key nor any value, as in `[)sort`. toml++ asserts on those instead of reporting
/// an error, which aborts the process (fuzz-config found it); such a line is invalid TOML whether
/// it is read as a header or as a line of a multi-line array, so it is refused here with its line.
enum TOMLHeaderCheck {
    /// The 1-based number of the first such line, or nil. The text is read as toml++ reads it: UTF-8
    /// bytes, a line ending at each line feed (a carriage return before it stays in the line; split
    /// by `Character`, `"\r\n"` is one character and hid the line break), a byte order mark at the
    /// very start skipped.
    static func firstBrokenHeader(in text: String) -> Int? {
        var utf8 = Array(text.utf8)
        if utf8.starts(with: [0xEF, 0xBB, 0xBF]) { utf8.removeFirst(3) }
        var openMultiline: UInt8?
        var number = 0
        for line in utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            let startsInString = openMultiline != nil
            openMultiline = multilineStringOpen(after: line, openAtStart: openMultiline)
            if startsInString { continue }
            var rest = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            guard rest.first == UInt8(ascii: "[") else { continue }
            rest = rest.dropFirst()
            if rest.first == UInt8(ascii: "[") { rest = rest.dropFirst() }
            rest = rest.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            // A bracket alone on its line (`[`, `[[`) reaches the same assertion.
            guard let next = rest.first, isAllowedAfterBracket(next) else { return number }
        }
        return nil
    }

    /// The quote of the multi-line string (three `"` or three `'`) still open at the end of `line`,
    /// given the one open at its start. One-line strings and comments are read past, so quotes inside
    /// them open nothing (`browser = "''''lynx"` counted as opening a `'''` string hid the next header
    /// from the check: fuzz-config).
    private static func multilineStringOpen(after line: ArraySlice<UInt8>, openAtStart: UInt8?) -> UInt8? {
        var open = openAtStart
        var index = line.startIndex
        func triple(_ quote: UInt8, at position: Int) -> Bool {
            position + 2 < line.endIndex && line[position] == quote && line[position + 1] == quote && line[position + 2] == quote
        }
        while index < line.endIndex {
            let byte = line[index]
            if let quote = open {
                if quote == UInt8(ascii: "\""), byte == UInt8(ascii: "\\") {
                    index += 2
                } else if triple(quote, at: index) {
                    index += 3
                    // Up to two more quotes may end the string's text.
                    while index < line.endIndex, line[index] == quote { index += 1 }
                    open = nil
                } else {
                    index += 1
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "#"):
                return nil
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                if triple(byte, at: index) {
                    open = byte
                    index += 3
                } else {
                    // A one-line string, to its closing quote (escaped quotes of a basic string skipped).
                    index += 1
                    while index < line.endIndex, line[index] != byte {
                        index += byte == UInt8(ascii: "\"") && line[index] == UInt8(ascii: "\\") ? 2 : 1
                    }
                    index += 1
                }
            default:
                index += 1
            }
        }
        return open
    }

    /// A bare-key character, a quote, or the closing bracket of a blank header (toml++ reports that
    /// one). Anything else after the brackets reaches toml++'s assertion: a comment, the line's end, a
    /// third bracket (`[[[[`), a bracket after a space (`[ [`), and `+`, `.` or `{` (`[+)`). Our config
    /// has no nested arrays, so refusing a line of one that starts with brackets costs nothing.
    private static func isAllowedAfterBracket(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "\""),
            UInt8(ascii: "'"), UInt8(ascii: "]"):
            return true
        default: return false
        }
    }
}
