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

    /// `expression` as one condition over `articles AS a`.
    func compile(_ expression: QueryExpression) -> SQLFragment {
        switch expression {
        case .and(let left, let right):
            return .joined([compile(left), compile(right)], separator: " AND ", prefix: "(", suffix: ")")
        case .or(let left, let right):
            return .joined([compile(left), compile(right)], separator: " OR ", prefix: "(", suffix: ")")
        case .not(let inner):
            return compile(inner).wrapped("NOT ")
        case .condition(let condition):
            return compile(condition)
        }
    }

    private func compile(_ condition: QueryCondition) -> SQLFragment {
        switch condition {
        case .flag(.unread): return SQLFragment("(a.read = 0)", columns: ["a.read"])
        case .flag(.starred): return SQLFragment("(a.starred = 1)", columns: ["a.starred"])
        case .flag(.enclosure): return SQLFragment("(a.enclosures IS NOT NULL)", columns: ["a.enclosures"])
        case .date(let from, let until):
            var parts: [SQLFragment] = []
            if let from { parts.append(SQLFragment("a.sort_date >= ?", [from.timeIntervalSince1970], columns: ["a.sort_date"])) }
            if let until { parts.append(SQLFragment("a.sort_date < ?", [until.timeIntervalSince1970], columns: ["a.sort_date"])) }
            return .joined(parts, separator: " AND ", prefix: "(", suffix: ")")
        case .age(let atLeast, let under):
            // age >= atLeast  <=>  date <= now - atLeast;  age < under  <=>  date > now - under.
            let reference = now.timeIntervalSince1970
            var parts: [SQLFragment] = []
            if let under { parts.append(SQLFragment("a.sort_date > ?", [reference - under], columns: ["a.sort_date"])) }
            if let atLeast { parts.append(SQLFragment("a.sort_date <= ?", [reference - atLeast], columns: ["a.sort_date"])) }
            return .joined(parts, separator: " AND ", prefix: "(", suffix: ")")
        case .text(let field, let match, let value):
            return text(field, match, value)
        }
    }

    /// True when one object of the JSON array in `column` has `element` (an expression on json_each's
    /// `value`) matching; rows without the array, or that the prefilter rules out, are not unpacked.
    private func anyElement(of column: String, where element: String, _ match: QueryTextMatch, _ value: String)
        -> SQLFragment
    {
        var arguments = StatementArguments()
        let prefilter = jsonPrefilter(column, match, value, &arguments)
        let test = compare(element, columns: [], match, value)
        return SQLFragment(
            """
            (\(column) IS NOT NULL\(prefilter) AND EXISTS (SELECT 1 FROM json_each(\(column))
                WHERE \(test.sql)))
            """, arguments + test.arguments, columns: [column])
    }

    /// For `=` on a JSON column: the value must occur in the column's text (ASCII case folded, as
    /// NOCASE does) before the JSON is taken apart, which most rows fail cheaply. Only for values the
    /// JSON writer stores unescaped (no quote, backslash or control character).
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

    private func text(_ field: QueryTextField, _ match: QueryTextMatch, _ value: String) -> SQLFragment {
        if match == .contains {
            let words = Self.fullTextMatch(field, value)
            switch text {
            case .stored: return fullText.condition(matching: words).wrapped("(", ")")
            case .incoming:
                // The articles being stored are in the index already (same transaction): only the
                // part of each term's entries between their lowest and highest id is read.
                let table = IgnoreWriter.incomingText
                return SQLFragment(
                    """
                    (a.id IN (SELECT rowid FROM article_search WHERE article_search MATCH ?
                        AND rowid >= (SELECT min(id) FROM \(table)) AND rowid <= (SELECT max(id) FROM \(table))))
                    """, [words], columns: ["a.id"])
            }
        }
        switch field {
        case .title, .url:
            let column = "a.\(field.rawValue)"
            return compare("coalesce(\(column), '')", columns: [column], match, value).wrapped("(", ")")
        case .author:
            let name = "coalesce(json_extract(value, '$.name'), json_extract(value, '$.email'), '')"
            return anyElement(of: "a.authors", where: name, match, value)
        case .enclosure:
            let type = "coalesce(json_extract(value, '$.mimeType'), '')"
            return anyElement(of: "a.enclosures", where: type, match, value)
        case .content:
            let body: String
            let columns: Set<String>
            switch text {
            case .stored:
                body = "coalesce((SELECT tidings_plain_body(b.content, a.content_type, b.summary, "
                    + "\(ArticleColumns.bodyDictionary)) "
                    + "FROM article_bodies b WHERE b.article_id = a.id), '')"
                    // Then the extracted full text, as the search index holds it after the body.
                    + " || coalesce(char(10) || (SELECT text FROM article_full_texts WHERE article_id = a.id), '')"
                columns = ["b.content", "a.content_type", "b.summary", "b.dictionary_id", "b.article_id", "a.id"]
            case .incoming:
                body = "coalesce((SELECT body FROM \(IgnoreWriter.incomingText) WHERE id = a.id), '')"
                columns = ["a.id"]
            }
            return compare(body, columns: columns, match, value, prefilter: false).wrapped("(", ")")
        case .feed:
            if match == .regex {
                return compare("display_title", columns: [], match, value)
                    .wrapped("(a.feed_id IN (SELECT id FROM feeds WHERE ", "))", columns: ["a.feed_id"])
            }
            return SQLFragment(
                "(a.feed_id IN (SELECT id FROM feeds WHERE display_title = ? COLLATE NOCASE OR url = ?))",
                [value, value], columns: ["a.feed_id"])
        case .feedurl:
            return compare("url", columns: [], match, value)
                .wrapped("(a.feed_id IN (SELECT id FROM feeds WHERE ", "))", columns: ["a.feed_id"])
        case .tag:
            return compare("tag", columns: [], match, value)
                .wrapped("(a.feed_id IN (SELECT feed_id FROM feed_tags WHERE ", "))", columns: ["a.feed_id"])
        case .language:
            if match == .regex {
                return compare("coalesce(a.language, '')", columns: ["a.language"], match, value).wrapped("(", ")")
            }
            return SQLFragment(
                "(coalesce(a.language, '') = ? COLLATE NOCASE OR substr(coalesce(a.language, ''), 1, ?) = ? COLLATE NOCASE)",
                [value, value.unicodeScalars.count + 1, value + "-"], columns: ["a.language"])
        }
    }

    /// `subject` (an expression without arguments that reads `columns`) compared with `value`: equal
    /// ignoring ASCII case, or matching the regular expression (plain literal patterns through
    /// `LiteralPattern`, the rest through `REGEXP`, after testing for the pattern's literal runs when
    /// `prefilter`: for expressions cheap to compute twice).
    private func compare(
        _ subject: String, columns: Set<String>, _ match: QueryTextMatch, _ value: String, prefilter: Bool = true
    ) -> SQLFragment {
        var arguments = StatementArguments()
        if match == .regex {
            if let literal = LiteralPattern.sql(subject, value, &arguments) {
                return SQLFragment(literal, arguments, columns: columns)
            }
            let required = prefilter
                ? LiteralPattern.requiredRunsSQL(subject, value, &arguments).map { $0 + " AND " } ?? "" : ""
            arguments += [value]
            return SQLFragment("(\(required)\(subject) REGEXP ?)", arguments, columns: columns)
        }
        return SQLFragment("\(subject) = ? COLLATE NOCASE", [value], columns: columns)
    }
}
