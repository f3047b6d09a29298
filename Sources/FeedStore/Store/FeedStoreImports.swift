import FeedModel
import Foundation
import GRDB

/// An article another reader kept, with the marks it had there.
public struct ImportedArticle: Sendable {
    public var article: Article
    public var read: Bool
    public var starred: Bool
}

/// What `FeedStore.importArticles` changed: articles stored for the first time, and marks set.
public struct ArticleImportResult: Sendable, Hashable {
    public var new = 0
    public var markedRead = 0
    public var starred = 0

    public init() {}

    /// True when nothing was stored or marked.
    public var isEmpty: Bool { new == 0 && markedRead == 0 && starred == 0 }
}

extension FeedStore {
    /// Stores the articles another reader kept for a feed (newsboat's cache), in one transaction: new
    /// ones inserted as a refresh inserts them, known ones (same identity rules) left as they are. An
    /// article read or starred there becomes read or starred here; no mark is ever taken away, so a
    /// second import changes nothing. The feed's title, validators and schedule stay as they are.
    public func importArticles(feedID: Int64, _ articles: [ImportedArticle], now: Date = Date()) throws
        -> ArticleImportResult
    {
        guard !articles.isEmpty else { return ArticleImportResult() }
        let feed = Feed(format: .rss20, items: articles.map(\.article))
        let document = try prepare(feedID: feedID, feed: feed, fetchedAt: now)
        let identities = document.articles.incoming.map(\.identity)
        var read = Set<String>()
        var starred = Set<String>()
        for (index, imported) in articles.enumerated() where imported.read || imported.starred {
            // The same identity the prepared document gave this entry (computed the same way).
            let identity = IncomingArticle(feed.items[index], fetchedAt: now.timeIntervalSince1970, dictionary: nil).identity
            if imported.read { read.insert(identity) }
            if imported.starred { starred.insert(identity) }
        }
        return try pool.write { db in
            let applied = try ArticleWriter.apply(
                db, feedID: feedID, feed: feed, prepared: document.articles, fetch: FetchRecord(fetchedAt: now),
                imported: true)
            var result = ArticleImportResult()
            result.new = applied.new
            let stored = zip(identities, applied.storedIDs)
            result.markedRead = try MarkWriter.setRead(
                db, true, ids: stored.filter { read.contains($0.0) }.map(\.1), now: now, copies: collapsesCopies)
            result.starred = try MarkWriter.setStarred(db, true, ids: stored.filter { starred.contains($0.0) }.map(\.1))
            return result
        }
    }
}
