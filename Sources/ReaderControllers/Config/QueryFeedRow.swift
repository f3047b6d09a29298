import FeedStore
import Foundation
import Synchronization

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

/// Counts of the query feeds, read on a serial background queue one feed after the other, so that
/// the feed list shows at once however costly a query is to count; each count that arrives wakes the
/// UI loop. A new `start` drops what an earlier one had not delivered (the earlier job stops at its
/// next query). Thread-safe: the state is behind a `Mutex`.
final class QueryFeedCounter: Sendable {
    private struct State {
        var generation = 0
        var arrived: [Int: ListCount] = [:]
    }

    private static let queue = SerialBackgroundQueue()
    private let state = Mutex(State())

    /// Starts counting `feeds` over the feeds `feedIDs` (nil: every feed); their index in the array
    /// keys the results.
    func start(_ feeds: [QueryFeed], feedIDs: [Int64]?, store: FeedStore, wake: @escaping @Sendable () -> Void) {
        guard !feeds.isEmpty else { return }
        let generation = state.withLock { state -> Int in
            state.generation += 1
            state.arrived = [:]
            return state.generation
        }
        let queries = feeds.map { ArticleQuery(feedIDs: feedIDs, expression: $0.expression) }
        Self.queue.run { [self] in
            for (index, query) in queries.enumerated() {
                guard state.withLock({ generation == $0.generation }) else { return }
                guard let count = try? store.listCounts([query]).first else { continue }
                let current = state.withLock { state -> Bool in
                    guard generation == state.generation else { return false }
                    state.arrived[index] = count
                    return true
                }
                guard current else { return }
                wake()
            }
        }
    }

    /// The counts that arrived since the last call, by feed index.
    func take() -> [Int: ListCount] {
        state.withLock { state in
            defer { state.arrived = [:] }
            return state.arrived
        }
    }
}
