import FeedStore
import Foundation

/// One of the config's query feeds (`[[query]]`) as a row of the feed list: its list, and its counts
/// once they have been read (nil until then).
struct QueryFeedRow: Hashable {
    let feed: QueryFeed
    let count: ListCount?

    /// The article list the row opens, over the feeds `feedIDs` (nil: every feed).
    func query(sort: ArticleSort, feedIDs: [Int64]?) -> ArticleQuery {
        ArticleQuery(feedIDs: feedIDs, expression: feed.expression, sort: sort)
    }
}

/// Counts of the query feeds, read on a background queue one feed after the other, so that the feed
/// list shows at once however costly a query is to count; each count that arrives wakes the UI loop.
/// A new `start` drops what an earlier one had not delivered. Thread-safe.
final class QueryFeedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var generation = 0
    private var arrived: [Int: ListCount] = [:]
    private static let queue = DispatchQueue(label: "tidings.query-feed-counts", qos: .userInitiated)

    /// Starts counting `feeds` over the feeds `feedIDs` (nil: every feed); their index in the array
    /// keys the results.
    func start(_ feeds: [QueryFeed], feedIDs: [Int64]?, store: FeedStore, wake: @escaping @Sendable () -> Void) {
        guard !feeds.isEmpty else { return }
        let generation = lock.withLock { () -> Int in
            self.generation += 1
            arrived = [:]
            return self.generation
        }
        let queries = feeds.map { ArticleQuery(feedIDs: feedIDs, expression: $0.expression) }
        Self.queue.async {
            for (index, query) in queries.enumerated() {
                guard self.lock.withLock({ generation == self.generation }) else { return }
                guard let count = try? store.listCounts([query]).first else { continue }
                self.lock.withLock {
                    if generation == self.generation { self.arrived[index] = count }
                }
                wake()
            }
        }
    }

    /// The counts that arrived since the last call, by feed index.
    func take() -> [Int: ListCount] {
        lock.withLock {
            let taken = arrived
            arrived = [:]
            return taken
        }
    }
}
