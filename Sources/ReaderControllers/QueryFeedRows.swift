import FeedStore

/// The config's query feeds (`[[query]]`) as rows of the feed list: each with its list and counts.
struct QueryFeedRow: Hashable {
    let feed: QueryFeed
    let count: ListCount

    /// The article list the row opens.
    func query(sort: ArticleSort) -> ArticleQuery {
        ArticleQuery.matching(feed.expression, sort: sort)
    }

    /// Every query feed of `config` with its counts, read in one snapshot.
    static func load(_ config: ReaderConfig, store: FeedStore) throws -> [QueryFeedRow] {
        guard !config.queryFeeds.isEmpty else { return [] }
        let counts = try store.listCounts(config.queryFeeds.map { ArticleQuery.matching($0.expression) })
        return zip(config.queryFeeds, counts).map { QueryFeedRow(feed: $0, count: $1) }
    }
}
