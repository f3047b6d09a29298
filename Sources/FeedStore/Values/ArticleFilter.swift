import Foundation
import GRDB

/// An `ArticleQuery` as SQL over `articles AS a` joined with `feeds AS f`: the WHERE condition, the
/// ORDER BY, and keyset conditions ("after" / "before" an article in list order).
struct ArticleFilter {
    /// The condition for reading the list in order (full-text conditions `FullTextTest.listed`).
    let condition: SQLFragment
    /// `condition` for counting: there the hits may drive the loop (no order to keep).
    let countCondition: SQLFragment
    /// `countCondition` keeping ignored articles in, for a list with no full-text test and no
    /// expression (a feed, a tag, All, All unread, Starred): there the count is the rows
    /// of this condition less its ignored ones (`ArticleReader.count`), so that counting does not
    /// test every row against the ignored ones. Nil for other lists, and when ignored articles count.
    let countKeepingIgnored: SQLFragment?
    let sort: ArticleSort
    let query: ArticleQuery
    /// Ages in the query are measured back from this.
    let now: Date
    /// Copies of articles stored earlier in other feeds are left out (`ArticleCopies`).
    let collapsesCopies: Bool
    /// With `collapsesCopies`, `countCondition` for the copies it leaves out: what a count from the
    /// stored feed counts subtracts.
    let copiesCondition: SQLFragment?

    /// One condition of the AND that makes the list, and whether it tests the full-text index.
    struct Conjunct {
        let condition: SQLFragment
        let fullText: Bool
    }

    init(_ query: ArticleQuery, now: Date = Date(), collapsesCopies: Bool = false) {
        self.query = query
        self.now = now
        self.collapsesCopies = collapsesCopies
        sort = query.sort
        condition = Self.combine(Self.conjuncts(query, now: now, fullText: .listed, collapsesCopies: collapsesCopies))
        countCondition = Self.combine(
            Self.conjuncts(query, now: now, fullText: .driving, collapsesCopies: collapsesCopies))
        if !query.includeIgnored, query.search == nil, query.expression == nil {
            var keeping = query
            keeping.includeIgnored = true
            countKeepingIgnored = Self.combine(
                Self.conjuncts(keeping, now: now, fullText: .driving, collapsesCopies: collapsesCopies))
        } else {
            countKeepingIgnored = nil
        }
        if collapsesCopies {
            var copies = Self.conjuncts(query, now: now, fullText: .driving, collapsesCopies: false)
            copies.append(Conjunct(condition: ArticleCopies.onlyCopies, fullText: false))
            copiesCondition = Self.combine(copies)
        } else {
            copiesCondition = nil
        }
    }

    /// The MATCH arguments of the list's full-text conditions (a search, `contains` in the expression).
    var fullTextMatches: [String] {
        var matches: [String] = []
        if let search = query.search, let match = SearchExpression.match(search) { matches.append(match) }
        if let expression = query.expression { matches += QueryCompiler.fullTextMatches(expression) }
        return matches
    }

    /// The conditions of the list, each full-text test written as `fullText`.
    func conjuncts(fullText: FullTextTest) -> [Conjunct] {
        Self.conjuncts(query, now: now, fullText: fullText, collapsesCopies: collapsesCopies)
    }

    /// `conjuncts` joined with AND ("1" for none).
    static func combine(_ conjuncts: [Conjunct]) -> SQLFragment {
        SQLFragment.all(conjuncts.map(\.condition))
    }

    private static func conjuncts(
        _ query: ArticleQuery, now: Date, fullText: FullTextTest, collapsesCopies: Bool
    ) -> [Conjunct] {
        var parts: [Conjunct] = []
        func add(_ condition: SQLFragment, fullText: Bool = false) {
            parts.append(Conjunct(condition: condition, fullText: fullText))
        }
        if let ids = query.feedIDs {
            if ids.isEmpty {
                add(.never)
            } else {
                // A few feeds drive the loop through their own index; a long list only filters the
                // list index's walk, which keeps its order and so needs no sort (unless sorted by feed,
                // where the feeds drive anyway).
                let column = ids.count > 8 && query.sort != .byFeed ? "+a.feed_id" : "a.feed_id"
                add(SQLFragment(
                    "\(column) IN (\(MarkWriter.placeholders(ids.count)))", StatementArguments(ids), columns: [column]))
            }
        }
        if !query.tags.isEmpty {
            add(SQLFragment(
                "a.feed_id IN (SELECT feed_id FROM feed_tags WHERE tag IN (\(MarkWriter.placeholders(query.tags.count))))",
                StatementArguments(query.tags), columns: ["a.feed_id"]))
        }
        if query.unreadOnly { add(SQLFragment("a.read = 0", columns: ["a.read"])) }
        if query.starredOnly { add(SQLFragment("a.starred = 1", columns: ["a.starred"])) }
        if let since = query.since {
            add(SQLFragment("a.sort_date >= ?", [since.timeIntervalSince1970], columns: ["a.sort_date"]))
        }
        if let search = query.search {
            if let match = SearchExpression.match(search) {
                // Listed, the list index is walked in order and each row checked against the hits, so a
                // word found in most articles does not mean sorting them all (`FullTextTest`).
                add(fullText.condition(matching: match), fullText: true)
            } else {
                add(.never)
            }
        }
        if let state = query.notExportedBy {
            add(SQLFragment(
                """
                NOT EXISTS (SELECT 1 FROM export_marks m WHERE m.article_id = a.id
                    AND m.state_id = (SELECT id FROM export_states WHERE name = ?))
                """, [state], columns: ["m.article_id", "a.id", "m.state_id"]))
        }
        if let expression = query.expression {
            // Each part of the top-level AND on its own, so that a reader can tell the full-text ones.
            let compiler = QueryCompiler(now: now, fullText: fullText)
            for part in expression.conjuncts {
                add(compiler.compile(part), fullText: !QueryCompiler.fullTextMatches(part).isEmpty)
            }
        }
        if !query.includeIgnored {
            add(Self.notIgnored)
        }
        if collapsesCopies { add(ArticleCopies.notCopies) }
        return parts
    }

    var orderBy: String { order(reversed: false) }

    /// The FROM clause. Sorted by feed, the feeds drive the loop (in title order, through their
    /// index) and each feed's articles come from `articles_feed_date`: no sort of the whole list.
    var from: String {
        sort.isByFeed
            ? "feeds f CROSS JOIN articles a ON a.feed_id = f.id"
            : "articles a JOIN feeds f ON f.id = a.feed_id"
    }

    func order(reversed: Bool) -> String {
        let (asc, desc) = reversed ? ("DESC", "ASC") : ("ASC", "DESC")
        switch sort {
        case .newestFirst: return "a.sort_date \(desc), a.id \(desc)"
        case .oldestFirst: return "a.sort_date \(asc), a.id \(asc)"
        case .byFeed:
            return "f.display_title COLLATE NOCASE \(asc), f.id \(asc), a.sort_date \(desc), a.id \(desc)"
        case .byFeedDescending:
            return "f.display_title COLLATE NOCASE \(desc), f.id \(desc), a.sort_date \(desc), a.id \(desc)"
        case .titleAscending: return "\(Self.titleKey) \(asc), a.id \(asc)"
        case .titleDescending: return "\(Self.titleKey) \(desc), a.id \(desc)"
        }
    }

    /// The sort key of an article, for `condition(after:)`.
    struct Key {
        let feedTitle: String
        let feedID: Int64
        let date: Double
        let id: Int64
        let title: String
    }

    /// An article's title as the title orders compare it.
    private static let titleKey = "ifnull(a.title, '') COLLATE NOCASE"

    static func key(_ db: Database, articleID: Int64) throws -> Key? {
        try Row.fetchOne(
            db.cachedStatement(sql: """
                SELECT f.display_title AS feed_title, a.feed_id AS feed_id, a.sort_date AS sort_date, a.id AS id,
                    ifnull(a.title, '') AS title
                FROM articles a JOIN feeds f ON f.id = a.feed_id WHERE a.id = ?
                """),
            arguments: [articleID]
        ).map {
            Key(feedTitle: $0["feed_title"], feedID: $0["feed_id"], date: $0["sort_date"], id: $0["id"],
                title: $0["title"])
        }
    }

    /// Rows strictly after `key` in list order (or strictly before, when `before`).
    func condition(after key: Key, before: Bool = false) -> SQLFragment {
        let terms = keyTerms(key)
        // The OR below is the condition; it is preceded by the range of its first term, which it
        // implies: SQLite walks the list's index from the key only when the range is written on its
        // own (the OR repeats the key's values as separate parameters, which it cannot combine).
        let leading = terms[0]
        var alternatives: [SQLFragment] = []
        for index in terms.indices {
            var parts = terms[..<index].map { SQLFragment("\($0.expression) = ?", [$0.value], columns: [$0.column]) }
            let term = terms[index]
            parts.append(SQLFragment(
                "\(term.expression) \(term.ascending != before ? ">" : "<") ?", [term.value], columns: [term.column]))
            alternatives.append(.joined(parts, separator: " AND ", prefix: "(", suffix: ")"))
        }
        let range = SQLFragment(
            "\(leading.expression) \(leading.ascending != before ? ">=" : "<=") ?", [leading.value],
            columns: [leading.column])
        let choices = SQLFragment.joined(alternatives, separator: " OR ", prefix: "(", suffix: ")")
        return .joined([range, choices], separator: " AND ", prefix: "(", suffix: ")")
    }

    /// `condition(after:before:)` as the prefetch of list rows asks for their ids
    /// (`ArticleReader.rowIDSource`): in the title orders only its first term, the rows from `key`'s
    /// title on (a few more: those of the same title on the other side of `key`), which SQLite
    /// answers from the title index alone; it reads each row of the table to test the whole
    /// condition's title comparisons.
    func indexCondition(after key: Key, before: Bool = false) -> SQLFragment {
        guard sort == .titleAscending || sort == .titleDescending else { return condition(after: key, before: before) }
        let leading = keyTerms(key)[0]
        return SQLFragment(
            "\(leading.expression) \(leading.ascending != before ? ">=" : "<=") ?", [leading.value],
            columns: [leading.column])
    }

    /// One term of the list order for a key: the expression compared, the column it reads, the key's
    /// value, and whether the list runs in ascending order of it.
    private struct KeyTerm {
        let expression: String
        let column: String
        let value: any DatabaseValueConvertible
        let ascending: Bool

        init(_ column: String, _ value: any DatabaseValueConvertible, ascending: Bool, expression: String? = nil) {
            self.expression = expression ?? column
            self.column = column
            self.value = value
            self.ascending = ascending
        }
    }

    /// The terms of the list order for `key`.
    private func keyTerms(_ key: Key) -> [KeyTerm] {
        switch sort {
        case .newestFirst:
            return [KeyTerm("a.sort_date", key.date, ascending: false), KeyTerm("a.id", key.id, ascending: false)]
        case .oldestFirst:
            return [KeyTerm("a.sort_date", key.date, ascending: true), KeyTerm("a.id", key.id, ascending: true)]
        case .byFeed, .byFeedDescending:
            let ascending = sort == .byFeed
            return [
                KeyTerm("f.display_title", key.feedTitle, ascending: ascending,
                        expression: "f.display_title COLLATE NOCASE"),
                KeyTerm("f.id", key.feedID, ascending: ascending),
                KeyTerm("a.sort_date", key.date, ascending: false), KeyTerm("a.id", key.id, ascending: false),
            ]
        case .titleAscending, .titleDescending:
            let ascending = sort == .titleAscending
            return [
                KeyTerm("a.title", key.title, ascending: ascending, expression: Self.titleKey),
                KeyTerm("a.id", key.id, ascending: ascending),
            ]
        }
    }

    /// Leaves out ignored articles. Written against the partial index of ignored articles (usually
    /// empty or small), so that a count over a covering index needs no look-up of each row.
    static let notIgnored = SQLFragment("a.id NOT IN (SELECT id FROM articles WHERE ignored = 1)", columns: ["a.id"])

    /// Only ignored articles, the same way: the rows a count keeping them in subtracts.
    static let onlyIgnored = SQLFragment("a.id IN (SELECT id FROM articles WHERE ignored = 1)", columns: ["a.id"])
}
