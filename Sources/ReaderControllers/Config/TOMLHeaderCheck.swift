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
        var inMultilineString = false
        var number = 0
        for line in utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            let quotes = occurrences(of: tripleQuote, in: line) + occurrences(of: tripleApostrophe, in: line)
            defer { if quotes % 2 == 1 { inMultilineString.toggle() } }
            if inMultilineString { continue }
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

    private static let tripleQuote = [UInt8](repeating: UInt8(ascii: "\""), count: 3)
    private static let tripleApostrophe = Array("'''".utf8)

    /// How many times `pattern` occurs in `line`, counted left to right without overlaps.
    private static func occurrences(of pattern: [UInt8], in line: ArraySlice<UInt8>) -> Int {
        var count = 0
        var index = line.startIndex
        while index + pattern.count <= line.endIndex {
            if line[index..<index + pattern.count].elementsEqual(pattern) {
                count += 1
                index += pattern.count
            } else {
                index += 1
            }
        }
        return count
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
