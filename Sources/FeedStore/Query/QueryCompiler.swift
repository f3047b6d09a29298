import Foundation
import GRDB

/// Turns a `QueryExpression` into an SQL condition over `articles AS a`, every value bound as an
/// argument (never spliced into the SQL). Conditions on the feed (`feed`, `tag`) are subqueries on
/// `feeds` and `feed_tags`, evaluated once per query rather than once per article; `contains` is an
/// FTS5 MATCH with a column filter; `=~` calls the `regexp` function inside SQLite. Every
/// condition is true or false, never NULL, so `not` is exact.
struct QueryCompiler {
    /// Where the text of articles is: the store's full-text index, or at store time the temporary
    /// tables of the articles being stored (`IgnoreWriter`).
    enum TextSource {
        case stored
        case incoming
    }

    var text = TextSource.stored
    /// Ages are measured back from this.
    var now: Date
    /// How a `contains` condition on the stored text is tested.
    var fullText = FullTextTest.listed

    init(text: TextSource = .stored, now: Date, fullText: FullTextTest = .listed) {
        self.text = text
        self.now = now
        self.fullText = fullText
    }

    /// The MATCH argument of `contains` on `field`: the field's index column and the words.
    static func fullTextMatch(_ field: QueryTextField, _ value: String) -> String {
        let column = field == .content ? "body" : field.rawValue
        return "{\(column)} : (\(SearchExpression.match(value) ?? "\"\""))"
    }

    /// The MATCH arguments of every `contains` condition of `expression`, in compile order.
    static func fullTextMatches(_ expression: QueryExpression) -> [String] {
        switch expression {
        case .and(let left, let right), .or(let left, let right): return fullTextMatches(left) + fullTextMatches(right)
        case .not(let inner): return fullTextMatches(inner)
        case .condition(.text(let field, .contains, let value)): return [fullTextMatch(field, value)]
        case .condition: return []
        }
    }

    func compile(_ expression: QueryExpression) -> (sql: String, arguments: StatementArguments) {
        var arguments = StatementArguments()
        let sql = compile(expression, &arguments)
        return (sql, arguments)
    }

    private func compile(_ expression: QueryExpression, _ arguments: inout StatementArguments) -> String {
        switch expression {
        case .and(let left, let right):
            return "(\(compile(left, &arguments)) AND \(compile(right, &arguments)))"
        case .or(let left, let right):
            return "(\(compile(left, &arguments)) OR \(compile(right, &arguments)))"
        case .not(let inner):
            return "NOT \(compile(inner, &arguments))"
        case .condition(let condition):
            return compile(condition, &arguments)
        }
    }

    private func compile(_ condition: QueryCondition, _ arguments: inout StatementArguments) -> String {
        switch condition {
        case .flag(.unread): return "(a.read = 0)"
        case .flag(.starred): return "(a.starred = 1)"
        case .flag(.enclosure): return "(a.enclosures IS NOT NULL)"
        case .date(let from, let until):
            return range("a.sort_date", from?.timeIntervalSince1970, until?.timeIntervalSince1970, &arguments)
        case .age(let atLeast, let under):
            // age >= atLeast  <=>  date <= now - atLeast;  age < under  <=>  date > now - under.
            let reference = now.timeIntervalSince1970
            var parts: [String] = []
            if let under {
                parts.append("a.sort_date > ?")
                arguments += [reference - under]
            }
            if let atLeast {
                parts.append("a.sort_date <= ?")
                arguments += [reference - atLeast]
            }
            return parts.isEmpty ? "1" : "(" + parts.joined(separator: " AND ") + ")"
        case .text(let field, let match, let value):
            return text(field, match, value, &arguments)
        }
    }

    private func range(_ column: String, _ from: Double?, _ until: Double?, _ arguments: inout StatementArguments)
        -> String
    {
        var parts: [String] = []
        if let from {
            parts.append("\(column) >= ?")
            arguments += [from]
        }
        if let until {
            parts.append("\(column) < ?")
            arguments += [until]
        }
        return parts.isEmpty ? "1" : "(" + parts.joined(separator: " AND ") + ")"
    }

    /// For `=` on a JSON column: the value must occur in the column's text (ASCII case folded, as
    /// NOCASE does) before the JSON is taken apart, which most rows fail cheaply. Only for values the
    /// JSON writer stores unescaped (no quote, backslash or control character).
    /// True when one object of the JSON array in `column` has `element` (an expression on json_each's
    /// `value`) matching; rows without the array, or that the prefilter rules out, are not unpacked.
    private func anyElement(of column: String, where element: String, _ match: QueryTextMatch, _ value: String,
                            _ arguments: inout StatementArguments) -> String
    {
        let prefilter = jsonPrefilter(column, match, value, &arguments)
        return """
            (\(column) IS NOT NULL\(prefilter) AND EXISTS (SELECT 1 FROM json_each(\(column))
                WHERE \(compare(element, match, value, &arguments))))
            """
    }

    private func jsonPrefilter(_ column: String, _ match: QueryTextMatch, _ value: String,
                               _ arguments: inout StatementArguments) -> String
    {
        if match == .regex {
            // A literal pattern (`(?i)marketing|promo`): one of its texts occurs in the JSON. Only for
            // texts of ASCII letters, digits and spaces, which the JSON writer never escapes.
            guard let (texts, caseInsensitive) = LiteralPattern.requiredAlternatives(value),
                  texts.allSatisfy({ text in text.unicodeScalars.allSatisfy { $0.isASCII
                      && ($0 == " " || $0.properties.isAlphabetic || ("0"..."9").contains($0)) } })
            else { return "" }
            let subject = caseInsensitive ? "lower(\(column))" : column
            arguments += StatementArguments(texts)
            return " AND (" + texts.map { _ in "instr(\(subject), ?) > 0" }.joined(separator: " OR ") + ")"
        }
        guard match == .equals, !value.isEmpty,
              !value.unicodeScalars.contains(where: { $0 == "\"" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x2028
                  || $0.value == 0x2029 })
        else { return "" }
        arguments += [value]
        return " AND instr(lower(\(column)), lower(?)) > 0"
    }

    private func text(_ field: QueryTextField, _ match: QueryTextMatch, _ value: String,
                      _ arguments: inout StatementArguments) -> String
    {
        if match == .contains {
            arguments += [Self.fullTextMatch(field, value)]
            switch text {
            case .stored: return "(\(fullText.sql(&arguments)))"
            case .incoming:
                // The articles being stored are in the index already (same transaction): only the
                // part of each term's entries between their lowest and highest id is read.
                let table = IgnoreWriter.incomingText
                return """
                    (a.id IN (SELECT rowid FROM article_search WHERE article_search MATCH ?
                        AND rowid >= (SELECT min(id) FROM \(table)) AND rowid <= (SELECT max(id) FROM \(table))))
                    """
            }
        }
        switch field {
        case .title, .url:
            return "(\(compare("coalesce(a.\(field.rawValue), '')", match, value, &arguments)))"
        case .author:
            let name = "coalesce(json_extract(value, '$.name'), json_extract(value, '$.email'), '')"
            return anyElement(of: "a.authors", where: name, match, value, &arguments)
        case .enclosure:
            let type = "coalesce(json_extract(value, '$.mimeType'), '')"
            return anyElement(of: "a.enclosures", where: type, match, value, &arguments)
        case .content:
            let body: String
            switch text {
            case .stored:
                body = "coalesce((SELECT tidings_plain_body(b.content, a.content_type, b.summary, "
                    + "\(ArticleColumns.bodyDictionary)) "
                    + "FROM article_bodies b WHERE b.article_id = a.id), '')"
                    // Then the extracted full text, as the search index holds it after the body.
                    + " || coalesce(char(10) || (SELECT text FROM article_full_texts WHERE article_id = a.id), '')"
            case .incoming:
                body = "coalesce((SELECT body FROM \(IgnoreWriter.incomingText) WHERE id = a.id), '')"
            }
            return "(\(compare(body, match, value, &arguments, prefilter: false)))"
        case .feed:
            if match == .regex {
                return "(a.feed_id IN (SELECT id FROM feeds WHERE \(compare("display_title", match, value, &arguments))))"
            }
            arguments += [value, value]
            return "(a.feed_id IN (SELECT id FROM feeds WHERE display_title = ? COLLATE NOCASE OR url = ?))"
        case .feedurl:
            return "(a.feed_id IN (SELECT id FROM feeds WHERE \(compare("url", match, value, &arguments))))"
        case .tag:
            return "(a.feed_id IN (SELECT feed_id FROM feed_tags WHERE \(compare("tag", match, value, &arguments))))"
        case .language:
            if match == .regex {
                return "(\(compare("coalesce(a.language, '')", match, value, &arguments)))"
            }
            arguments += [value, value.unicodeScalars.count + 1, value + "-"]
            return "(coalesce(a.language, '') = ? COLLATE NOCASE OR substr(coalesce(a.language, ''), 1, ?) = ? COLLATE NOCASE)"
        }
    }

    /// `expression` compared with `value`: equal ignoring ASCII case, or matching the regular
    /// expression (plain literal patterns through `LiteralPattern`, the rest through `REGEXP`, after
    /// testing for the pattern's literal runs when `prefilter`: for expressions cheap to compute twice).
    private func compare(_ expression: String, _ match: QueryTextMatch, _ value: String,
                         _ arguments: inout StatementArguments, prefilter: Bool = true) -> String
    {
        if match == .regex {
            if let literal = LiteralPattern.sql(expression, value, &arguments) { return literal }
            let required = prefilter
                ? LiteralPattern.requiredRunsSQL(expression, value, &arguments).map { $0 + " AND " } ?? "" : ""
            arguments += [value]
            return "(\(required)\(expression) REGEXP ?)"
        }
        arguments += [value]
        return "\(expression) = ? COLLATE NOCASE"
    }
}
