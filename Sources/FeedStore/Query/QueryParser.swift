import Foundation

/// Recursive-descent parser of the query language, from tokens to a `QueryExpression`.
///
/// ```
/// query     := or
/// or        := and ("or" and)*
/// and       := not ("and" not)*
/// not       := "not" not | "(" or ")" | condition
/// condition := flag | field operator value | field "contains" value | field "between" value "and" value
/// ```
/// Values are checked here (dates, durations, regular expressions, search words), so every error
/// has a column.
struct QueryParser {
    private let tokens: [QueryToken]
    private var position = 0

    /// The most `and`, `or`, `not` and parentheses a query may hold, far below SQLite's depth limit.
    static let maximumOperators = 200

    static let fieldNames = "title, author, content, feed, feedurl, tag, url, date, age, unread, starred, enclosure, language"

    static func parse(_ text: String) throws(QuerySyntaxError) -> QueryExpression {
        let tokens = try QueryLexer.tokens(text)
        // SQLite refuses an expression tree deeper than 1,000 ("Expression tree is too large"), and
        // each `and`, `or`, `not` or "(" may add a level: such a query is refused here, with its size.
        let operators = tokens.count { token in
            if token.kind == .openParenthesis { return true }
            if case .word(let word) = token.kind { return ["and", "or", "not"].contains(word.lowercased()) }
            return false
        }
        guard operators <= maximumOperators else {
            throw QuerySyntaxError(
                column: 1, message: "the query is too large: \(operators) and/or/not/parentheses, at most \(maximumOperators)")
        }
        var parser = QueryParser(tokens: tokens)
        guard parser.current.kind != .end else {
            throw QuerySyntaxError(column: 1, message: "the query is empty")
        }
        let expression = try parser.parseOr()
        guard parser.current.kind == .end else {
            let token = parser.current
            let hint = token.kind == .closeParenthesis ? "a \")\" without its \"(\"" : "\"and\" or \"or\""
            throw QuerySyntaxError(column: token.column, message: "expected \(hint), found \(token.quoted)")
        }
        return expression
    }

    private init(tokens: [QueryToken]) {
        self.tokens = tokens
    }

    private var current: QueryToken { tokens[position] }

    private mutating func advance() -> QueryToken {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    private func isKeyword(_ keyword: String) -> Bool {
        if case .word(let word) = current.kind { return word.lowercased() == keyword }
        return false
    }

    private mutating func parseOr() throws(QuerySyntaxError) -> QueryExpression {
        var expression = try parseAnd()
        while isKeyword("or") {
            _ = advance()
            expression = .or(expression, try parseAnd())
        }
        return expression
    }

    private mutating func parseAnd() throws(QuerySyntaxError) -> QueryExpression {
        var expression = try parseNot()
        while isKeyword("and") {
            _ = advance()
            expression = .and(expression, try parseNot())
        }
        return expression
    }

    private mutating func parseNot() throws(QuerySyntaxError) -> QueryExpression {
        if isKeyword("not") {
            _ = advance()
            return .not(try parseNot())
        }
        if current.kind == .openParenthesis {
            let open = advance()
            guard current.kind != .closeParenthesis else {
                throw QuerySyntaxError(column: current.column, message: "expected a condition inside \"()\"")
            }
            let inner = try parseOr()
            guard current.kind == .closeParenthesis else {
                throw QuerySyntaxError(
                    column: current.column,
                    message: "expected \")\" to close the \"(\" at column \(open.column), found \(current.quoted)")
            }
            _ = advance()
            return inner
        }
        return try parseCondition()
    }

    private mutating func parseCondition() throws(QuerySyntaxError) -> QueryExpression {
        let fieldToken = current
        guard case .word(let word) = fieldToken.kind else {
            throw QuerySyntaxError(column: fieldToken.column, message: "expected a field (\(Self.fieldNames)), found \(fieldToken.quoted)")
        }
        let name = word.lowercased()
        guard Self.fields.contains(name) else {
            throw QuerySyntaxError(column: fieldToken.column, message: "unknown field \"\(word)\" (\(Self.fieldNames))")
        }
        _ = advance()
        let operatorToken = current
        let symbol: String
        switch operatorToken.kind {
        case .comparison(let comparison):
            symbol = comparison
        case .word(let keyword) where ["contains", "between"].contains(keyword.lowercased()):
            symbol = keyword.lowercased()
        default:
            if let flag = QueryFlag(rawValue: name) { return .condition(.flag(flag)) }
            throw QuerySyntaxError(
                column: operatorToken.column,
                message: "expected an operator after \"\(word)\" (=, !=, =~, !~, contains, <, >, between), found \(operatorToken.quoted)")
        }
        _ = advance()
        let operand = try value(after: operatorToken, symbol: symbol)
        switch name {
        case "unread", "starred":
            return try flagComparison(QueryFlag(rawValue: name) ?? .unread, symbol, operand, operatorToken)
        case "date":
            return try dateComparison(symbol, operand, operatorToken)
        case "age":
            return try ageComparison(symbol, operand, operatorToken)
        default:
            return try textComparison(QueryTextField(rawValue: name) ?? .title, symbol, operand, operatorToken)
        }
    }

    private static let fields: Set<String> = [
        "title", "author", "content", "feed", "feedurl", "tag", "url", "date", "age", "unread", "starred", "enclosure", "language",
    ]

    private struct Operand {
        let text: String
        let column: Int
        /// For `between`: the second value.
        var upper: (text: String, column: Int)?
    }

    private mutating func value(after operatorToken: QueryToken, symbol: String) throws(QuerySyntaxError) -> Operand {
        var operand = try singleValue(after: symbol)
        if symbol == "between" {
            guard isKeyword("and") else {
                throw QuerySyntaxError(
                    column: current.column, message: "expected \"and\" after the first value of \"between\", found \(current.quoted)")
            }
            _ = advance()
            let upper = try singleValue(after: "and")
            operand.upper = (upper.text, upper.column)
        }
        return operand
    }

    private mutating func singleValue(after symbol: String) throws(QuerySyntaxError) -> Operand {
        let token = current
        switch token.kind {
        case .string(let text):
            _ = advance()
            return Operand(text: text, column: token.column)
        case .word(let word) where !["and", "or", "not"].contains(word.lowercased()):
            _ = advance()
            return Operand(text: word, column: token.column)
        default:
            throw QuerySyntaxError(column: token.column, message: "expected a value after \"\(symbol)\"")
        }
    }

    private func flagComparison(_ flag: QueryFlag, _ symbol: String, _ operand: Operand, _ token: QueryToken)
        throws(QuerySyntaxError) -> QueryExpression
    {
        guard symbol == "=" || symbol == "!=" else {
            throw QuerySyntaxError(column: token.column, message: "\"\(flag.rawValue)\" takes = or != with yes or no")
        }
        let truth: Bool
        switch operand.text.lowercased() {
        case "yes", "true", "1": truth = true
        case "no", "false", "0": truth = false
        default:
            throw QuerySyntaxError(column: operand.column, message: "\"\(flag.rawValue)\" is yes or no, not \"\(operand.text)\"")
        }
        let condition = QueryExpression.condition(.flag(flag))
        return truth == (symbol == "=") ? condition : .not(condition)
    }

    private func textComparison(_ field: QueryTextField, _ symbol: String, _ operand: Operand, _ token: QueryToken)
        throws(QuerySyntaxError) -> QueryExpression
    {
        switch symbol {
        case "=", "!=":
            guard field != .content else {
                throw QuerySyntaxError(column: token.column, message: "\"content\" takes contains or =~, not \(symbol)")
            }
            let condition = QueryExpression.condition(.text(field, .equals, operand.text))
            return symbol == "=" ? condition : .not(condition)
        case "=~", "!~":
            do {
                _ = try RegexpFunction.compile(operand.text)
            } catch {
                var reason = ""
                if case .invalid(let message, _) = error { reason = ": \(message)" }
                throw QuerySyntaxError(
                    column: operand.column,
                    message: "invalid regular expression \"\(RegexBudgetError.abbreviated(operand.text))\"\(reason)")
            }
            let condition = QueryExpression.condition(.text(field, .regex, operand.text))
            return symbol == "=~" ? condition : .not(condition)
        case "contains":
            guard [.title, .author, .content].contains(field) else {
                throw QuerySyntaxError(
                    column: token.column,
                    message: "contains searches title, author and content; use = or =~ for \"\(field.rawValue)\"")
            }
            guard SearchExpression.match(operand.text) != nil else {
                throw QuerySyntaxError(column: operand.column, message: "no word to search for in \"\(operand.text)\"")
            }
            return .condition(.text(field, .contains, operand.text))
        default:
            throw QuerySyntaxError(
                column: token.column, message: "\"\(field.rawValue)\" takes =, !=, =~, !~ or contains, not \(symbol)")
        }
    }

    private func dateComparison(_ symbol: String, _ operand: Operand, _ token: QueryToken)
        throws(QuerySyntaxError) -> QueryExpression
    {
        let low = try QueryValues.dateRange(operand.text, column: operand.column)
        switch symbol {
        case "=": return .condition(.date(from: low.start, until: low.end))
        case "!=": return .not(.condition(.date(from: low.start, until: low.end)))
        case "<": return .condition(.date(from: nil, until: low.start))
        case "<=": return .condition(.date(from: nil, until: low.end))
        case ">": return .condition(.date(from: low.end, until: nil))
        case ">=": return .condition(.date(from: low.start, until: nil))
        case "between":
            guard let upper = operand.upper else { break }
            let high = try QueryValues.dateRange(upper.text, column: upper.column)
            return .condition(.date(from: min(low.start, high.start), until: max(low.end, high.end)))
        default: break
        }
        throw QuerySyntaxError(column: token.column, message: "\"date\" takes =, !=, <, <=, >, >= or between, not \(symbol)")
    }

    private func ageComparison(_ symbol: String, _ operand: Operand, _ token: QueryToken)
        throws(QuerySyntaxError) -> QueryExpression
    {
        let age = try QueryValues.duration(operand.text, column: operand.column)
        switch symbol {
        case "<", "<=": return .condition(.age(atLeast: nil, under: age))
        case ">", ">=": return .condition(.age(atLeast: age, under: nil))
        case "between":
            guard let upper = operand.upper else { break }
            let other = try QueryValues.duration(upper.text, column: upper.column)
            return .condition(.age(atLeast: min(age, other), under: max(age, other)))
        default: break
        }
        throw QuerySyntaxError(column: token.column, message: "\"age\" takes <, <=, >, >= or between, not \(symbol)")
    }
}
