import FeedModel
import FeedStore
import Foundation

/// `tidings feeds import ~/.newsboat/cache.db`: newsboat's articles, read states and flags for the
/// feeds of the list (import the urls file first). Recognised by content (an SQLite file with
/// newsboat's tables). Marks are only added (read, starred), never taken away, and known articles
/// stay as they are, so importing the same cache again changes nothing.
public enum NewsboatHistoryImport {
    /// What an import of newsboat's cache did.
    public struct Summary: Sendable, Hashable {
        /// Listed feeds the cache had articles for.
        public var feeds = 0
        public var articles = ArticleImportResult()
        /// Feeds of the cache that the list does not name, and their articles (not imported).
        public var unlistedFeeds = 0
        package var unlistedArticles = 0
    }

    /// Whether the file at `path` starts as an SQLite database does (newsboat's cache is one). Only a
    /// regular file is looked at, opened without blocking: a FIFO is left to the import's own refusal.
    static func isCache(path: String) -> Bool {
        guard let (descriptor, _) = try? InputFile.openRegular(path) else { return false }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        guard let head = try? handle.read(upToCount: 16) else { return false }
        return NewsboatCache.isSQLite(head)
    }
}

extension SubscriptionsController {
    /// Imports newsboat's cache at `path` into the feeds the list names (see `NewsboatHistoryImport`),
    /// one feed at a time: each feed's articles and marks are stored in one transaction, so a cache
    /// that fails to read half-way leaves whole feeds imported, and importing again completes it.
    func importNewsboatHistory(path: String) throws -> FeedImportResult {
        let cache: NewsboatCache
        do {
            cache = try NewsboatCache(path: path)
        } catch {
            throw SubscriptionsError.importMalformed(path: path, problem: error.description)
        }
        let (lock, file) = try lockedList()
        defer { lock.release() }
        try refuseMissing(file, newList: false)
        var listed: [String: String] = [:]
        for item in file.entries { listed[FeedURL.key(item.entry.url)] = item.entry.url }
        var summary = NewsboatHistoryImport.Summary()
        var notes: [String] = []
        for cached in cache.feeds {
            guard let url = listed[FeedURL.key(cached.url)], let feed = try environment.store.feed(url: url) else {
                summary.unlistedFeeds += 1
                summary.unlistedArticles += cached.articles
                notes.append("\(path): \(cached.url) is not in the feed list; its \(cached.articles) articles were not imported")
                continue
            }
            let articles: [ImportedArticle]
            do {
                articles = try cache.articles(feedURL: cached.url)
            } catch {
                throw SubscriptionsError.importMalformed(path: path, problem: error.description)
            }
            let result = try environment.store.importArticles(feedID: feed.id, articles)
            summary.feeds += 1
            summary.articles.new += result.new
            summary.articles.markedRead += result.markedRead
            summary.articles.starred += result.starred
        }
        return FeedImportResult(
            added: [], skipped: [], notImported: summary.unlistedFeeds, notes: notes, history: summary)
    }
}
