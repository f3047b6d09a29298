import Foundation
import GRDB
import Synchronization

/// SQLite's `REGEXP` operator (`value REGEXP pattern` calls `regexp(pattern, value)`), registered on
/// every connection of the store: ICU regular expressions through NSRegularExpression, found
/// anywhere in the value. A compiled expression is kept per pattern (a list query calls the function
/// once per row with the same pattern). NULL values and invalid patterns never match.
enum RegexpFunction {
    static let function = DatabaseFunction("regexp", argumentCount: 2, pure: true) { values in
        guard let pattern = String.fromDatabaseValue(values[0]),
              let value = String.fromDatabaseValue(values[1]),
              let expression = try? cached(pattern)
        else { return false }
        let text = value as NSString
        return expression.firstMatch(in: value, options: [], range: NSRange(location: 0, length: text.length)) != nil
    }

    /// Compiles `pattern` (checked by the parser, so that a bad one is reported with its column).
    static func compile(_ pattern: String) throws -> NSRegularExpression {
        try NSRegularExpression(pattern: pattern, options: [])
    }

    private static let cache = Mutex<[String: Entry]>([:])
    private static let cacheLimit = 64

    /// A compiled expression shared by every connection's calls.
    ///
    /// Why `@unchecked Sendable` is safe: the one stored property is a `let` set in `init`, and
    /// `NSRegularExpression` is immutable once compiled; Foundation documents its matching methods
    /// as safe to call from several threads at once (the class is only not annotated `Sendable`).
    private final class Entry: @unchecked Sendable {
        let expression: NSRegularExpression

        init(_ expression: NSRegularExpression) {
            self.expression = expression
        }
    }

    private static func cached(_ pattern: String) throws -> NSRegularExpression {
        if let entry = cache.withLock({ $0[pattern] }) { return entry.expression }
        let entry = Entry(try compile(pattern))
        cache.withLock { entries in
            if entries.count >= cacheLimit { entries.removeAll(keepingCapacity: true) }
            entries[pattern] = entry
        }
        return entry.expression
    }
}
