import GRDB

/// How a full-text condition (a `contains` of the query language, a search) is tested on `a.id`, the
/// articles a statement visits.
enum FullTextTest: Sendable, Hashable {
    /// Every hit is collected once into a temporary set, and each article the list walks (in its own
    /// order, through its index: the unary `+` keeps the hits from driving) is looked up in it. The
    /// cost grows with the number of hits, whatever the rows wanted: the way to read a whole list.
    case listed
    /// The hits drive the loop and each is looked up among the articles: for counting (no order to keep).
    case driving
    /// Each article the list walks is looked up in the index on its own, and no hit is collected: the
    /// cost grows with the rows walked. For the first rows of a list whose hits are most articles.
    case probed
    /// The hits among the articles whose ids are in `lowest...highest` (the index reads only that part
    /// of each word's entries): for estimating how many articles match (`FullTextProbe`).
    case window(lowest: Int64, highest: Int64)

    /// The condition on `a.id` for the FTS5 query `match`.
    func condition(matching match: String) -> SQLFragment {
        switch self {
        case .listed:
            return SQLFragment(
                "+a.id IN (SELECT rowid FROM article_search WHERE article_search MATCH ?)", [match], columns: ["+a.id"])
        case .driving:
            return SQLFragment(
                "a.id IN (SELECT rowid FROM article_search WHERE article_search MATCH ?)", [match], columns: ["a.id"])
        case .probed:
            return SQLFragment(
                "EXISTS (SELECT 1 FROM article_search WHERE article_search MATCH ? AND rowid = a.id)", [match],
                columns: ["a.id"])
        case .window(let lowest, let highest):
            return SQLFragment(
                "a.id IN (SELECT rowid FROM article_search WHERE article_search MATCH ? AND rowid BETWEEN ? AND ?)",
                [match, lowest, highest], columns: ["a.id"])
        }
    }
}
