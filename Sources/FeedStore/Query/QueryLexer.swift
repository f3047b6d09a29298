/// One token of a query, with the column (1-based, in characters) where it starts.
struct QueryToken: Equatable {
    enum Kind: Equatable {
        /// A bare word: a field name, a keyword (`and`, `contains`, ...) or an unquoted value.
        case word(String)
        /// A quoted value, escapes resolved.
        case string(String)
        /// `=`, `!=`, `=~`, `<`, `<=`, `>`, `>=`.
        case comparison(String)
        case openParenthesis
        case closeParenthesis
        case end
    }

    let kind: Kind
    let column: Int

    /// How the token reads in an error message.
    var quoted: String {
        switch kind {
        case .word(let word): return "\"\(word)\""
        case .string(let text): return "\"\(text)\""
        case .comparison(let symbol): return "\"\(symbol)\""
        case .openParenthesis: return "\"(\""
        case .closeParenthesis: return "\")\""
        case .end: return "the end of the query"
        }
    }
}

/// Splits query text into tokens. Strings are quoted with `"` or `'`; inside them a backslash
/// escapes the quote and itself, and any other backslash is kept (so `"\d+"` stays a regular
/// expression). Words run until white space, a quote, a parenthesis or a comparison sign.
struct QueryLexer {
    private let characters: [Character]
    private var index = 0

    init(_ text: String) {
        characters = Array(text)
    }

    static func tokens(_ text: String) throws(QuerySyntaxError) -> [QueryToken] {
        var lexer = QueryLexer(text)
        var tokens: [QueryToken] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private mutating func next() throws(QuerySyntaxError) -> QueryToken {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
        let column = index + 1
        guard index < characters.count else { return QueryToken(kind: .end, column: column) }
        let character = characters[index]
        switch character {
        case "(":
            index += 1
            return QueryToken(kind: .openParenthesis, column: column)
        case ")":
            index += 1
            return QueryToken(kind: .closeParenthesis, column: column)
        case "\"", "'":
            return QueryToken(kind: .string(try quotedString(quote: character)), column: column)
        case "=", "!", "<", ">", "~":
            return QueryToken(kind: .comparison(try comparison()), column: column)
        default:
            let start = index
            while index < characters.count, !Self.endsWord(characters[index]) { index += 1 }
            return QueryToken(kind: .word(String(characters[start..<index])), column: column)
        }
    }

    private mutating func quotedString(quote: Character) throws(QuerySyntaxError) -> String {
        let column = index + 1
        index += 1
        var text = ""
        while index < characters.count {
            let character = characters[index]
            index += 1
            if character == quote { return text }
            if character == "\\", index < characters.count,
               characters[index] == quote || characters[index] == "\\" {
                text.append(characters[index])
                index += 1
            } else {
                text.append(character)
            }
        }
        throw QuerySyntaxError(column: column, message: "the string opened here has no closing \(quote)")
    }

    private mutating func comparison() throws(QuerySyntaxError) -> String {
        let column = index + 1
        let first = characters[index]
        index += 1
        let second = index < characters.count ? characters[index] : nil
        let symbol: String
        switch (first, second) {
        case ("=", "~"), ("!", "="), ("<", "="), (">", "="), ("!", "~"):
            index += 1
            symbol = String(first) + String(second ?? " ")
        case ("=", "="):
            index += 1
            symbol = "="
        case ("=", _), ("<", _), (">", _):
            symbol = String(first)
        default:
            throw QuerySyntaxError(column: column, message: "unknown operator \"\(first)\" (=, !=, =~, !~, <, >, <=, >=)")
        }
        return symbol
    }

    private static func endsWord(_ character: Character) -> Bool {
        character.isWhitespace || "()\"'=!<>~".contains(character)
    }
}
