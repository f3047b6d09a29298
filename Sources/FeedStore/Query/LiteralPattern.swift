import GRDB

/// A regular expression that is only literal text, optionally case-insensitive (`(?i)`), anchored at
/// the start (`^`) and split into alternatives (`|`), such as `(?i)^sponsored|advert`: tested with
/// SQLite's `instr`/`substr` instead of the regular-expression engine, which costs far more a row.
/// Anything else (metacharacters, `$`, escapes, an empty
/// alternative, non-ASCII text with `(?i)`) is left to `REGEXP`.
enum LiteralPattern {
    /// The most alternatives tested with `instr`/`substr`.
    static let maximumAlternatives = 100

    /// SQL testing `expression` against `pattern` with its arguments appended, or nil when the
    /// pattern is more than literal text.
    static func sql(_ expression: String, _ pattern: String, _ arguments: inout StatementArguments) -> String? {
        var body = Substring(pattern)
        let caseInsensitive = body.hasPrefix("(?i)")
        if caseInsensitive { body = body.dropFirst(4) }
        let (alternatives, groupAnchored) = ungrouped(body)
        var tests: [String] = []
        var values: StatementArguments = []
        let split = alternatives.split(separator: "|", omittingEmptySubsequences: false)
        // Each alternative is one more level of SQL expression (SQLite allows 1,000): many are left to
        // `REGEXP`, which also refuses a pattern too large to compile.
        guard split.count <= maximumAlternatives else { return nil }
        for alternative in split {
            var text = alternative
            let anchored = groupAnchored || text.hasPrefix("^")
            if text.hasPrefix("^") { text = text.dropFirst() }
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

    /// For a pattern that `sql` tests without the regular-expression engine: the texts of which one
    /// must occur in any value it matches, and whether case is ignored (then in lower case); nil
    /// for any other pattern.
    static func requiredAlternatives(_ pattern: String) -> (texts: [String], caseInsensitive: Bool)? {
        var arguments = StatementArguments()
        guard sql("x", pattern, &arguments) != nil else { return nil }
        var body = Substring(pattern)
        let caseInsensitive = body.hasPrefix("(?i)")
        if caseInsensitive { body = body.dropFirst(4) }
        let texts = ungrouped(body).0.split(separator: "|", omittingEmptySubsequences: false).map { alternative in
            let text = alternative.hasPrefix("^") ? alternative.dropFirst() : alternative
            return caseInsensitive ? text.lowercased() : String(text)
        }
        return (texts, caseInsensitive)
    }

    /// The alternatives of a pattern that is one group around them (`(a|b)`, `(?:a|b)`, after an
    /// optional `^`, which then anchors each: `^(a|b)` is `^a|^b`), and whether they are anchored so;
    /// any other pattern as it is.
    private static func ungrouped(_ body: Substring) -> (Substring, anchored: Bool) {
        let anchored = body.hasPrefix("^")
        let group = anchored ? body.dropFirst() : body
        guard group.hasPrefix("("), group.hasSuffix(")"), group.count >= 2 else { return (body, false) }
        var inner = group.dropFirst().dropLast()
        if inner.hasPrefix("?:") { inner = inner.dropFirst(2) }
        guard !inner.contains("("), !inner.contains(")") else { return (body, false) }
        return (inner, anchored)
    }

    /// For a pattern of literal runs joined by `.*`, `.+` (either lazy with `?`), after an optional
    /// `(?i)` and `^` and before an optional `$`, such as `(?i)garden.*stone`: SQL that is true for
    /// every value the pattern can match, testing that each run occurs (`instr`, or ASCII-folding
    /// `LIKE` with `(?i)`), with its arguments appended; nil for any other pattern. The caller still
    /// applies `REGEXP`: this only spares it the rows that cannot match. With `(?i)` a value holding one
    /// of the few characters that fold to ASCII letters (`foldsToASCII`) is always left to `REGEXP`.
    static func requiredRunsSQL(_ expression: String, _ pattern: String, _ arguments: inout StatementArguments)
        -> String?
    {
        var body = Substring(pattern)
        let caseInsensitive = body.hasPrefix("(?i)")
        if caseInsensitive { body = body.dropFirst(4) }
        if body.hasPrefix("^") { body = body.dropFirst() }
        if body.hasSuffix("$") { body = body.dropLast() }
        var runs: [String] = []
        var run = ""
        var index = body.startIndex
        while index < body.endIndex {
            let character = body[index]
            if character == "." {
                var next = body.index(after: index)
                guard next < body.endIndex, body[next] == "*" || body[next] == "+" else { return nil }
                next = body.index(after: next)
                if next < body.endIndex, body[next] == "?" { next = body.index(after: next) }
                if !run.isEmpty { runs.append(run) }
                run = ""
                index = next
                continue
            }
            guard character.unicodeScalars.allSatisfy({ isLiteral($0, caseInsensitive: caseInsensitive) }) else {
                return nil
            }
            run.append(character)
            index = body.index(after: index)
        }
        if !run.isEmpty { runs.append(run) }
        guard !runs.isEmpty else { return nil }
        var tests: [String] = []
        for run in runs {
            if caseInsensitive {
                // LIKE folds ASCII case only, as lower() does; % and _ in the run are escaped.
                let escaped = run.replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
                tests.append("\(expression) LIKE ? ESCAPE '\\'")
                arguments += ["%" + escaped + "%"]
            } else {
                tests.append("instr(\(expression), ?) > 0")
                arguments += [run]
            }
        }
        let all = "(" + tests.joined(separator: " AND ") + ")"
        guard caseInsensitive else { return all }
        // Text of ASCII only (as many characters as bytes) cannot hold one: the function is called
        // for the rest alone, which is cheaper than a GLOB with a class of these characters.
        return """
            (\(all) OR (length(\(expression)) <> length(CAST(\(expression) AS BLOB))
                AND \(foldsToASCIIFunction.name)(\(expression))))
            """
    }

    /// `tidings_folds_to_ascii(text)`: true when the text holds one of the `foldsToASCII` characters.
    static let foldsToASCIIFunction = DatabaseFunction("tidings_folds_to_ascii", argumentCount: 1, pure: true) {
        values in
        guard let text = String.fromDatabaseValue(values[0]) else { return false }
        return text.unicodeScalars.contains { $0.value >= 0x80 && foldsToASCII.contains($0.value) }
    }

    /// The characters beyond ASCII whose lower case, upper case or case folding holds an ASCII letter
    /// (`ſ` is `s`, `K` (Kelvin) is `k`, `ß` is `ss`, `ﬁ` is `fi`): the only ones through which a
    /// case-insensitive ASCII pattern can match more than `LIKE` finds. Found by folding every scalar
    /// (U+0080 to U+10FFFF) with Foundation, which also covers what ICU's `(?i)` matches.
    static let foldsToASCII: Set<UInt32> = [
        0xDF, 0x130, 0x131, 0x149, 0x17F, 0x1F0, 0x1E96, 0x1E97, 0x1E98, 0x1E99, 0x1E9A, 0x1E9E, 0x212A,
        0xFB00, 0xFB01, 0xFB02, 0xFB03, 0xFB04, 0xFB05, 0xFB06,
    ]

    private static func isLiteral(_ scalar: Unicode.Scalar, caseInsensitive: Bool) -> Bool {
        if scalar.isASCII {
            let character = Character(scalar)
            return character.isLetter || character.isNumber || " -_:/,'!@#%&=;<>\"~`".contains(character)
        }
        // Without (?i) any other character matches itself; with it, only ASCII folds as lower() does.
        return !caseInsensitive && scalar.properties.isAlphabetic
    }
}
