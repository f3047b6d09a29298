import FeedStore

/// Translates a newsboat query feed (`"query:Name:condition"` in a urls file) into a Tidings query
/// feed with the same meaning: the part of newsboat's filter language the query language can say
/// exactly (`unread`, `title`, `author`, `link`, `feedtitle`, `rssurl`, `enclosure_type`, `tags`,
/// `age`, `and`, `or`, parentheses). Anything else is refused, naming the part, never approximated.
public enum NewsboatQuery {
    /// The query feed a `query:Name:condition` source stands for, or why it cannot be translated.
    public static func translate(_ source: String) -> Result<(name: String, query: String), NewsboatQueryError> {
        guard source.lowercased().hasPrefix("query:") else { return .failure(.notAQuery(source)) }
        let rest = source.dropFirst("query:".count)
        guard let colon = rest.firstIndex(of: ":") else { return .failure(.notAQuery(source)) }
        let name = String(rest[..<colon]).trimmingCharacters(in: .whitespaces)
        let condition = String(rest[rest.index(after: colon)...])
        guard !name.isEmpty else { return .failure(.notAQuery(source)) }
        var words: [String] = []
        var tokens = Tokens(condition)
        while let token = tokens.next() {
            switch token {
            case .open: words.append("(")
            case .close: words.append(")")
            case .word(let word) where ["and", "or"].contains(word.lowercased()):
                words.append(word.lowercased())
            case .word(let attribute):
                guard let op = tokens.next(), case .word(let symbol) = op, let value = tokens.nextValue() else {
                    return .failure(.untranslatable(name: name, part: attribute))
                }
                guard let translated = term(attribute.lowercased(), symbol, value) else {
                    return .failure(.untranslatable(name: name, part: "\(attribute) \(symbol) \(value)"))
                }
                words.append(translated)
            case .string(let text):
                return .failure(.untranslatable(name: name, part: "\"\(text)\""))
            }
        }
        let query = words.joined(separator: " ")
            .replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: " )", with: ")")
        do {
            _ = try QueryExpression(parsing: query)
        } catch {
            return .failure(.untranslatable(name: name, part: condition))
        }
        return .success((name, query))
    }

    /// One comparison in the query language with newsboat's meaning, or nil when the query language
    /// has no exact equivalent. newsboat's `=` is case-sensitive and its `=~` ignores case, where
    /// Tidings' `=` ignores ASCII case and `=~` does not: both become anchored or `(?i)` patterns.
    private static func term(_ attribute: String, _ symbol: String, _ value: String) -> String? {
        switch attribute {
        case "unread":
            guard symbol == "=" || symbol == "!=", ["yes", "no"].contains(value) else { return nil }
            return (value == "yes") == (symbol == "=") ? "unread" : "not unread"
        case "age":
            return age(symbol, value)
        case "tags":
            // newsboat's `#` is one of the feed's tags, compared exactly.
            switch symbol {
            case "#": return "tag =~ \(quoted(exactPattern(value)))"
            case "!#": return "not tag =~ \(quoted(exactPattern(value)))"
            default: return nil
            }
        default:
            // `content` is HTML in newsboat and text in Tidings; `feed_title` is no newsboat attribute.
            let fields = [
                "title": "title", "author": "author", "link": "url", "feedtitle": "feed", "rssurl": "feedurl",
                "enclosure_type": "enclosure",
            ]
            // An article without an enclosure has the type "" there and no enclosure to compare here.
            guard let field = fields[attribute], field != "enclosure" || !value.isEmpty else { return nil }
            switch symbol {
            case "=": return "\(field) =~ \(quoted(exactPattern(value)))"
            case "!=": return "\(field) !~ \(quoted(exactPattern(value)))"
            case "=~": return "\(field) =~ \(quoted("(?i)" + value))"
            case "!~": return "\(field) !~ \(quoted("(?i)" + value))"
            default: return nil
            }
        }
    }

    /// newsboat's `age` is whole days since the article's date (rounded down), so `age > 7` holds
    /// from 8 days on: each bound becomes the duration where the whole-day count changes.
    private static func age(_ symbol: String, _ value: String) -> String? {
        if symbol == "between" {
            let bounds = value.split(separator: ":", omittingEmptySubsequences: false).compactMap { Int($0) }
            guard bounds.count == 2, let low = bounds.min(), let high = bounds.max(), low >= 0 else { return nil }
            return "(age >= \(low)d and age < \(high + 1)d)"
        }
        guard let days = Int(value), days >= 0 else { return nil }
        switch symbol {
        case "<": return "age < \(days)d"
        case ">=": return "age >= \(days)d"
        case ">": return "age >= \(days + 1)d"
        case "<=": return "age < \(days + 1)d"
        default: return nil
        }
    }

    /// A regular expression matching exactly `value`, case-sensitively.
    private static func exactPattern(_ value: String) -> String {
        var pattern = "^"
        for character in value {
            if "\\^$.|?*+()[]{}".contains(character) { pattern.append("\\") }
            pattern.append(character)
        }
        return pattern + "$"
    }

    /// `text` as a string of the query language.
    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// newsboat filter tokens: parentheses, quoted strings, and words (operators are words there).
    private struct Tokens {
        enum Token {
            case open, close
            case word(String)
            case string(String)
        }

        private let characters: [Character]
        private var index = 0

        init(_ text: String) {
            characters = Array(text)
        }

        mutating func next() -> Token? {
            while index < characters.count, characters[index].isWhitespace { index += 1 }
            guard index < characters.count else { return nil }
            let character = characters[index]
            index += 1
            switch character {
            case "(": return .open
            case ")": return .close
            case "\"":
                var text = ""
                while index < characters.count, characters[index] != "\"" {
                    if characters[index] == "\\", index + 1 < characters.count { index += 1 }
                    text.append(characters[index])
                    index += 1
                }
                index += 1
                return .string(text)
            default:
                var word = String(character)
                while index < characters.count, !characters[index].isWhitespace, !"()\"".contains(characters[index]) {
                    word.append(characters[index])
                    index += 1
                }
                return .word(word)
            }
        }

        /// A value: a quoted string or a bare word (numbers, `1:5`).
        mutating func nextValue() -> String? {
            switch next() {
            case .string(let text): return text
            case .word(let word): return word
            default: return nil
            }
        }
    }
}
