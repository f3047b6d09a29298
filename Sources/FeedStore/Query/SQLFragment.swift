import GRDB

/// A piece of SQL (a condition, or an expression a condition compares) as a value: its text, the
/// arguments of its `?`s in order, and the qualified columns it reads. Pieces are composed into
/// larger ones, never taken apart: what a reader needs to know of a condition (which index answers
/// it, `ArticleReader.rowIDSource`) is in `columns`, not read back from the text.
///
/// Columns are named as the SQL writes them, by table alias (`a.sort_date`, `f.id`, `b.content`);
/// `+a.feed_id` is a column behind SQLite's unary `+`, which keeps the planner off its index.
struct SQLFragment {
    let sql: String
    let arguments: StatementArguments
    let columns: Set<String>

    init(_ sql: String, _ arguments: StatementArguments = [], columns: Set<String> = []) {
        self.sql = sql
        self.arguments = arguments
        self.columns = columns
    }

    /// True for every row.
    static let always = SQLFragment("1")
    /// False for every row.
    static let never = SQLFragment("0")

    /// True when this is `always` (a statement may then leave its WHERE clause out).
    var isAlways: Bool { sql == Self.always.sql && columns.isEmpty }

    /// `pieces` joined by `separator` (their arguments in order), each wrapped as `prefix` and `suffix`
    /// do with the whole; `empty` when there are none.
    static func joined(
        _ pieces: [SQLFragment], separator: String, prefix: String = "", suffix: String = "",
        empty: SQLFragment = .always
    ) -> SQLFragment {
        guard !pieces.isEmpty else { return empty }
        var arguments = StatementArguments()
        var columns = Set<String>()
        for piece in pieces {
            arguments += piece.arguments
            columns.formUnion(piece.columns)
        }
        return SQLFragment(
            prefix + pieces.map(\.sql).joined(separator: separator) + suffix, arguments, columns: columns)
    }

    /// Every piece (`AND`), `always` for none.
    static func all(_ pieces: [SQLFragment]) -> SQLFragment {
        joined(pieces, separator: " AND ")
    }

    /// This and `other` (`self AND other`).
    func and(_ other: SQLFragment) -> SQLFragment {
        Self.all([self, other])
    }

    /// The text written around this piece's (`NOT `, parentheses), with the arguments of `before`
    /// ahead of its own and those of `after` behind them.
    func wrapped(
        _ prefix: String, _ suffix: String = "", before: StatementArguments = [], after: StatementArguments = [],
        columns more: Set<String> = []
    ) -> SQLFragment {
        SQLFragment(prefix + sql + suffix, before + arguments + after, columns: columns.union(more))
    }
}
