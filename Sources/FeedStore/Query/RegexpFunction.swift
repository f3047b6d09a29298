import Foundation
import GRDB
import Synchronization

/// SQLite's `REGEXP` operator (`value REGEXP pattern` calls `regexp(pattern, value)`), registered on
/// every connection of the store: PCRE2 regular expressions with a bounded cost (`BoundedRegex`),
/// found anywhere in the value. A compiled expression is kept per pattern (a list query calls the
/// function once per row with the same pattern). NULL values and invalid patterns never match. A
/// match that runs out of its budget fails the whole statement with `RegexBudgetError`'s message, so
/// a rule that backtracks catastrophically is reported (and its transaction rolled back), never
/// left spinning or taken silently for "no match".
enum RegexpFunction {
    static let function = DatabaseFunction("regexp", argumentCount: 2, pure: true) { values in
        guard let pattern = String.fromDatabaseValue(values[0]),
              let value = String.fromDatabaseValue(values[1]),
              let expression = try? cached(pattern)
        else { return false }
        do {
            return try expression.matches(value)
        } catch BoundedRegex.Failure.budgetExceeded {
            throw DatabaseError(message: RegexBudgetError.marker + pattern)
        } catch {
            return false
        }
    }

    /// Compiles `pattern` (checked by the parser, so that a bad one is reported with its column).
    static func compile(_ pattern: String) throws(BoundedRegex.Failure) -> BoundedRegex {
        try BoundedRegex(pattern)
    }

    private static let cache = Mutex<[String: BoundedRegex]>([:])
    private static let cacheLimit = 64

    private static func cached(_ pattern: String) throws(BoundedRegex.Failure) -> BoundedRegex {
        if let expression = cache.withLock({ $0[pattern] }) { return expression }
        let expression = try compile(pattern)
        cache.withLock { entries in
            if entries.count >= cacheLimit { entries.removeAll(keepingCapacity: true) }
            entries[pattern] = expression
        }
        return expression
    }
}

/// A regular expression (of an `[[ignore]]` rule, a query feed or `--query`) that needed more
/// matching than its budget on some article: catastrophic backtracking, such as nested quantifiers
/// `((a+)+)+`. Recognised from the database error the statement failed with.
public struct RegexBudgetError: Error, Sendable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String

    static let marker = "regular expression ran out of its matching budget: "

    /// The budget failure `error` reports, or nil for any other error.
    public init?(_ error: any Error) {
        guard let error = error as? DatabaseError, let message = error.message, message.hasPrefix(Self.marker)
        else { return nil }
        pattern = String(message.dropFirst(Self.marker.count))
    }

    public var description: String {
        "the regular expression \"\(Self.abbreviated(pattern))\" needs too much backtracking (nested quantifiers such as (a+)+); simplify it"
    }

    /// `text` cut to its first 60 characters and "…" when longer: a message names a pattern without
    /// quoting all of a huge one.
    public static func abbreviated(_ text: String) -> String {
        text.count > 60 ? String(text.prefix(60)) + "…" : text
    }
}
