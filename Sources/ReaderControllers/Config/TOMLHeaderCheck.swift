/// Finds the table headers toml++ (inside TOMLKit) cannot take: `[` followed by a character that
/// starts neither a key nor any value, as in `[)sort`. toml++ asserts on those instead of reporting
/// an error, which aborts the process (fuzz-config found it); such a line is invalid TOML whether
/// it is read as a header or as a line of a multi-line array, so it is refused here with its line.
enum TOMLHeaderCheck {
    /// The 1-based number of the first such line, or nil.
    static func firstBrokenHeader(in text: String) -> Int? {
        var inMultilineString = false
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let quotes = line.components(separatedBy: "\"\"\"").count - 1 + line.components(separatedBy: "'''").count - 1
            defer { if quotes % 2 == 1 { inMultilineString.toggle() } }
            if inMultilineString { continue }
            var rest = line.drop { $0 == " " || $0 == "\t" }
            guard rest.first == "[" else { continue }
            rest = rest.dropFirst()
            if rest.first == "[" { rest = rest.dropFirst() }
            rest = rest.drop { $0 == " " || $0 == "\t" }
            // A bracket alone on its line (`[`, `[[`) reaches the same assertion.
            guard let next = rest.unicodeScalars.first, isAllowedAfterBracket(next) else { return number }
        }
        return nil
    }

    /// A bare-key character, a quote, or the closing bracket of a blank header (toml++ reports that
    /// one). Anything else after the brackets reaches toml++'s assertion: a comment, the line's end, a
    /// third bracket (`[[[[`), a bracket after a space (`[ [`), and `+`, `.` or `{` (`[+)`). Our config
    /// has no nested arrays, so refusing a line of one that starts with brackets costs nothing.
    private static func isAllowedAfterBracket(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "_", "-", "\"", "'", "]": return true
        default: return false
        }
    }
}
