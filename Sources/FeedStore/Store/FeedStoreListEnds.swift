import Foundation
import GRDB

// Bringing the pages a jump to the end of a list reads into the page cache before the jump.
extension FeedStore {
    /// Asks the kernel for the pages the last `rows` rows of the list are read from, without reading
    /// the rows: the list index's last pages (read here, from its root down) and the table pages that
    /// hold those rows (asked for all at once, `TablePagePrefetch`). Returns how many table pages were
    /// named: 0 for a store opened without `prefetchesListRows`, a list whose order no index alone
    /// gives (read marks, a search), or the same list asked for a moment ago.
    ///
    /// Only a hint, for `G` on a store file the kernel has paged out: what any read returns after it
    /// is what it returns without it.
    @discardableResult
    public func prefetchListEnd(_ query: ArticleQuery, rows: Int) throws -> Int {
        guard let tablePrefetch, rows > 0 else { return 0 }
        return try pool.read { db in
            let filter = try articleFilter(query, db)
            return try ArticleReader.prefetchRows(
                db, filter, extra: nil, reversed: true, offset: 0, limit: rows, tablePrefetch)
        }
    }
}
