/// A query that cannot be read, with the column (1-based, in characters) where reading stopped.
/// `description` is the one line to show: `query: column 17: expected a value after "="`.
public struct QuerySyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    package let column: Int
    public let message: String

    public var description: String { "query: column \(column): \(message)" }
}
