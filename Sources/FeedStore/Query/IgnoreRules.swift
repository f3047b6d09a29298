import Foundation

/// One rule that hides articles (a `[[ignore]]` entry of the config): a query, optionally only for
/// one feed (by URL or title) or the feeds of one tag.
public struct IgnoreRule: Sendable, Hashable {
    /// The query as written (what the rule is remembered by).
    public let query: String
    public let feed: String?
    public let tag: String?
    /// The query with the feed and tag conditions added.
    let expression: QueryExpression

    /// Parses the rule's query; throws its syntax error.
    public init(query: String, feed: String? = nil, tag: String? = nil) throws(QuerySyntaxError) {
        var expression = try QueryExpression(parsing: query)
        if let feed { expression = .and(.condition(.text(.feed, .equals, feed)), expression) }
        if let tag { expression = .and(.condition(.text(.tag, .equals, tag)), expression) }
        self.query = query
        self.feed = feed
        self.tag = tag
        self.expression = expression
    }
}

/// The ignore rules in effect. Articles matching any of them are marked ignored (never deleted)
/// when they are stored or change, and all articles are marked again when the rules change
/// (`FeedStore.applyIgnoreRules`). A starred article is never ignored.
public struct IgnoreRules: Sendable, Hashable {
    public let rules: [IgnoreRule]

    public init(_ rules: [IgnoreRule]) {
        self.rules = rules
    }

    public static let none = IgnoreRules([])

    /// Any rule matches.
    var expression: QueryExpression? {
        rules.map(\.expression).reduce(nil) { result, next in result.map { .or($0, next) } ?? next }
    }

    /// What the store remembers to tell whether the rules changed since it last applied them.
    var fingerprint: String {
        rules.map { [$0.query, $0.feed ?? "", $0.tag ?? ""].joined(separator: "\u{1F}") }
            .joined(separator: "\u{1E}")
    }
}
