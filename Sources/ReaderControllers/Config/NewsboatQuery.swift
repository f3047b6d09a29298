import FeedStore

/// Translates a newsboat query feed (`"query:Name:condition"` in a urls file) into a Tidings query
/// feed: the common subset of newsboat's filter language (`unread = "yes"`, `title =~ "…"`,
/// `tags # "x"`, `age < N`, `age between A:B`, `feed_title`, `link`, `enclosure_type`, `and`, `or`,
/// parentheses). What it cannot translate is reported, never guessed.
///
/// Not yet called by `tidings feeds import`: the import is being rewritten (it reports `query:` lines
/// as not imported); the rewritten import should call `translate` and write `[[query]]` entries.
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

    private static func term(_ attribute: String, _ symbol: String, _ value: String) -> String? {
        let quoted = "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        switch attribute {
        case "unread":
            guard symbol == "=" || symbol == "!=", ["yes", "no"].contains(value.lowercased()) else { return nil }
            return (value.lowercased() == "yes") == (symbol == "=") ? "unread" : "not unread"
        case "age":
            if symbol == "between" {
                let bounds = value.split(separator: ":")
                guard bounds.count == 2, bounds.allSatisfy({ Int($0) != nil }) else { return nil }
                return "age between \(bounds[0])d and \(bounds[1])d"
            }
            guard ["<", ">", "<=", ">="].contains(symbol), Int(value) != nil else { return nil }
            return "age \(symbol) \(value)d"
        case "tags":
            switch symbol {
            case "#": return "tag = \(quoted)"
            case "!#": return "not tag = \(quoted)"
            default: return nil
            }
        default:
            let fields = [
                "title": "title", "author": "author", "content": "content", "link": "url", "feed_title": "feed",
                "rssurl": "feed", "feed_url": "feed", "enclosure_type": "enclosure",
            ]
            guard let field = fields[attribute], ["=", "!=", "=~", "!~"].contains(symbol) else { return nil }
            if field == "content", symbol == "=" || symbol == "!=" { return nil }
            return "\(field) \(symbol) \(quoted)"
        }
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
