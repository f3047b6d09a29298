import Foundation

/// Turns what a user typed into an FTS5 MATCH expression that cannot be a syntax error: every word
/// becomes a quoted phrase (quotes doubled), so operators, column filters and parentheses are plain
/// text. A word typed with a trailing `*` becomes a prefix phrase. CJK characters become the bigram
/// phrase the index holds (`CJKBigrams.query`), so `日本語` finds `日本語のタイトル`. Control characters
/// separate words; words without a letter or digit are dropped; nil means nothing is left to match.
enum SearchExpression {
    static let maximumWords = 16

    static func match(_ userText: String) -> String? {
        var phrases: [String] = []
        for word in userText.split(whereSeparator: isSeparator) {
            guard phrases.count < maximumWords else { break }
            let typedPrefix = word.count > 1 && word.hasSuffix("*")
            let typed = (typedPrefix ? word.dropLast() : word).prefix(128)
            guard typed.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
            let (body, cjkPrefix) = CJKBigrams.query(typed)
            let quoted = "\"" + body.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            phrases.append(typedPrefix || cjkPrefix ? quoted + "*" : quoted)
        }
        return phrases.isEmpty ? nil : phrases.joined(separator: " ")
    }

    private static func isSeparator(_ character: Character) -> Bool {
        character.isWhitespace || character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}
