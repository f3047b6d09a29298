import FeedStore

/// A saved search shown as a virtual feed in the reader's feed list (a `[[query]]` entry of the config).
public struct QueryFeed: Sendable, Hashable {
    public let name: String
    /// The query as written.
    public let query: String
    public let expression: QueryExpression

    package init(name: String, query: String) throws(QuerySyntaxError) {
        self.name = name
        self.query = query
        expression = try QueryExpression(parsing: query)
    }
}
