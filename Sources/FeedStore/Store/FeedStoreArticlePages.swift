import Foundation
import GRDB

// Keyset paging backwards through an article list.
extension FeedStore {
    /// Up to `limit` rows that come right before the article `articleID` in list order, in list order
    /// (keyset paging, as `articleSummaries(_:after:limit:)` forwards: as fast deep in the list as at
    /// its top). Empty when that article no longer exists.
    public func articleSummaries(_ query: ArticleQuery, before articleID: Int64, limit: Int) throws
        -> [ArticleSummary]
    {
        try pool.read { db in
            let filter = try articleFilter(query, db)
            guard let key = try ArticleFilter.key(db, articleID: articleID) else { return [] }
            return try ArticleReader.summaries(
                db, filter, extra: filter.condition(after: key, before: true), reversed: true, limit: limit,
                prefetch: tablePrefetch, indexExtra: filter.indexCondition(after: key, before: true)
            ).reversed()
        }
    }
}
