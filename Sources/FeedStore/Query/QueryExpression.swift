import Foundation

/// A parsed query of the Tidings query language (filters, query feeds, `--query`): conditions on
/// articles combined with `and`, `or`, `not` and parentheses. Build one with `init(parsing:)`; an
/// `ArticleQuery` carrying it selects the matching articles in SQL (see `QueryCompiler`).
///
/// ```
/// unread and (title contains "swift" or tag = "dev") and age < 7d
/// feed =~ "^Hacker" and not starred
/// date between 2026-01-01 and 2026-02-01
/// enclosure = "audio/mpeg"
/// ```
public indirect enum QueryExpression: Sendable, Hashable {
    case and(QueryExpression, QueryExpression)
    case or(QueryExpression, QueryExpression)
    case not(QueryExpression)
    case condition(QueryCondition)

    /// Parses `text`; throws the first error with its column.
    public init(parsing text: String) throws(QuerySyntaxError) {
        self = try QueryParser.parse(text)
    }

    /// The parts of the top-level `and` (the expression itself when it is not an `and`), left to right.
    var conjuncts: [QueryExpression] {
        if case .and(let left, let right) = self { return left.conjuncts + right.conjuncts }
        return [self]
    }

    /// True when some condition uses full-text search (`contains`).
    var usesFullText: Bool {
        !textFields.isEmpty
    }

    /// The fields whose search text some condition reads (`contains`, and `content =~`).
    var textFields: Set<QueryTextField> {
        switch self {
        case .and(let left, let right), .or(let left, let right): return left.textFields.union(right.textFields)
        case .not(let inner): return inner.textFields
        case .condition(.text(.content, _, _)): return [.content]
        case .condition(.text(let field, .contains, _)): return [field]
        case .condition: return []
        }
    }
}

/// One test on an article.
public enum QueryCondition: Sendable, Hashable {
    /// `unread`, `starred`, `enclosure` (has one) alone.
    case flag(QueryFlag)
    /// A text field compared with a value.
    case text(QueryTextField, QueryTextMatch, String)
    /// The article's date in `[from, until)`; nil ends are open.
    case date(from: Date?, until: Date?)
    /// The article's age (now minus its date) in `[atLeast, under)`, in seconds; nil ends are open.
    case age(atLeast: TimeInterval?, under: TimeInterval?)
}

/// A condition that is a field name on its own.
public enum QueryFlag: String, Sendable, Hashable {
    case unread
    case starred
    /// The article has at least one enclosure.
    case enclosure
}

/// The text fields of an article.
public enum QueryTextField: String, Sendable, Hashable, CaseIterable {
    case title
    /// An author's name (or e-mail when there is no name).
    case author
    /// The article's text (its content, or summary), without markup.
    case content
    /// The feed's title; with `=`, also its URL.
    case feed
    /// The feed's URL (newsboat's `rssurl`): unlike `feed`, never its title.
    case feedurl
    /// A tag of the article's feed.
    case tag
    /// The article's link.
    case url
    /// An enclosure's media type (`audio/mpeg`).
    case enclosure
    /// The article's language (`en` also matches `en-US`).
    case language
}

/// How a text field is compared.
public enum QueryTextMatch: String, Sendable, Hashable {
    /// Equal, ignoring the case of ASCII letters.
    case equals
    /// A regular expression (PCRE2 syntax, case-sensitive unless it starts with `(?i)`) found in it.
    case regex
    /// Full-text search: every word found (FTS5; a trailing `*` makes a prefix).
    case contains
}
