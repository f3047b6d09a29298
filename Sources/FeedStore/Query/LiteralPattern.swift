import GRDB

/// A regular expression that is only literal text, optionally case-insensitive (`(?i)`), anchored at
/// the start (`^`) and split into alternatives (`|`), such as `(?i)^sponsored|advert`: tested with
/// SQLite's `instr`/`substr` instead of the regular-expression engine (which costs about 15 µs a row
/// through NSRegularExpression on Linux). Anything else (metacharacters, `$`, escapes, an empty
/// alternative, non-ASCII text with `(?i)`) is left to `REGEXP`.
enum LiteralPattern {
    /// SQL testing `expression` against `pattern` with its arguments appended, or nil when the
    /// pattern is more than literal text.
    static func sql(_ expression: String, _ pattern: String, _ arguments: inout StatementArguments) -> String? {
        var body = Substring(pattern)
        let caseInsensitive = body.hasPrefix("(?i)")
        if caseInsensitive { body = body.dropFirst(4) }
        var tests: [String] = []
        var values: StatementArguments = []
        for alternative in body.split(separator: "|", omittingEmptySubsequences: false) {
            var text = alternative
            let anchored = text.hasPrefix("^")
            if anchored { text = text.dropFirst() }
            guard !text.isEmpty, text.unicodeScalars.allSatisfy({ isLiteral($0, caseInsensitive: caseInsensitive) })
            else { return nil }
            let subject = caseInsensitive ? "lower(\(expression))" : expression
            let literal = caseInsensitive ? text.lowercased() : String(text)
            if anchored {
                tests.append("substr(\(subject), 1, ?) = ?")
                values += [literal.unicodeScalars.count, literal]
            } else {
                tests.append("instr(\(subject), ?) > 0")
                values += [literal]
            }
        }
        guard !tests.isEmpty else { return nil }
        arguments += values
        return "(" + tests.joined(separator: " OR ") + ")"
    }

    private static func isLiteral(_ scalar: Unicode.Scalar, caseInsensitive: Bool) -> Bool {
        if scalar.isASCII {
            let character = Character(scalar)
            return character.isLetter || character.isNumber || " -_:/,'!@#%&=;<>\"~`".contains(character)
        }
        // Without (?i) any other character matches itself; with it, only ASCII folds as lower() does.
        return !caseInsensitive && scalar.properties.isAlphabetic
    }
}
