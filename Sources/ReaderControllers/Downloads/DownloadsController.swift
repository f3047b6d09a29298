import FeedExport
import FeedStore
import Foundation

/// The download queue's commands: `download` adds enclosures, `downloads` lists, `downloads cancel`
/// and `downloads retry` change entries; `downloads run` is `DownloadRun`.
///
/// Threading: synchronous; safe from any thread.
public struct DownloadsController: Sendable {
    private let environment: AppEnvironment
    private let settings: DownloadSettings

    public init(environment: AppEnvironment, settings: DownloadSettings) {
        self.environment = environment
        self.settings = settings
    }

    /// Queues the enclosures of the articles `articleIDs`, or of those matching `query` (in the feed
    /// list's feeds); returns a line saying how many were added. Throws `DownloadsError.unknownArticle`
    /// for an id that is no article, `ExportError.invalidQuery` for a query that does not parse.
    public func queue(articleIDs: [Int64], query: String?) throws -> String {
        let store = environment.store
        var articles: [StoredArticle] = []
        for id in articleIDs {
            guard let article = try store.article(id: id) else { throw DownloadsError.unknownArticle(id) }
            articles.append(article)
        }
        if let expression = try ExportError.parse(query) {
            let scope = try SubscriptionsController(environment: environment).scope()
            let matching = ArticleQuery(feedIDs: scope.feedIDs, expression: expression, sort: .oldestFirst)
            var offset = 0
            while true {
                let page = try store.articleSummaries(matching, offset: offset, limit: 500)
                for summary in page {
                    if let article = try store.article(id: summary.id) { articles.append(article) }
                }
                guard page.count == 500 else { break }
                offset += 500
            }
        }
        let entries = articles.flatMap { article in
            article.enclosures.map { enclosure in
                NewDownload(
                    articleID: article.id, url: enclosure.url, articleTitle: article.title ?? enclosure.title,
                    feedTitle: article.feedTitle, published: article.published ?? article.date,
                    mimeType: enclosure.mimeType)
            }
        }
        let added = try store.queueDownloads(entries)
        let already = entries.count - added.count
        let noun = added.count == 1 ? "enclosure" : "enclosures"
        return "queued \(added.count) \(noun)" + (already > 0 ? " (\(already) already in the queue)" : "")
            + (entries.isEmpty ? ": the articles have none" : "")
    }

    /// The queue, one line per entry (tab-separated: id, state, title, URL, file, reason), or one JSON
    /// object per line with `json`.
    public func list(json: Bool) throws -> String {
        let downloads = try environment.store.downloads()
        return downloads.map { json ? DownloadListing.json($0) : DownloadListing.line($0) }.joined()
    }

    /// Removes entries from the queue and deletes their partial files (never a finished file); returns
    /// a line saying how many. Throws `DownloadsError.unknownEntry` before changing anything.
    public func cancel(ids: [Int64]) throws -> String {
        let entries = try entries(ids)
        // The entries first: a running `downloads run` that finds its entry gone removes the partial
        // file itself, where one that found it still there would move the file into place.
        let removed = try environment.store.removeDownloads(ids: entries.map(\.id))
        for entry in entries where entry.state != .done {
            if let path = entry.filePath { unlink(path + ".part") }
        }
        return "cancelled \(removed) \(removed == 1 ? "download" : "downloads")"
    }

    /// Queues failed and paused entries again (a partial file is resumed); returns a line saying how many.
    public func retry(ids: [Int64]) throws -> String {
        var count = 0
        for var entry in try entries(ids) where entry.state == .failed || entry.state == .paused {
            entry.state = .queued
            entry.failure = nil
            if try environment.store.updateDownload(entry) { count += 1 }
        }
        return "queued \(count) \(count == 1 ? "download" : "downloads") again"
    }

    private func entries(_ ids: [Int64]) throws -> [StoredDownload] {
        try ids.map { id in
            guard let entry = try environment.store.download(id: id) else { throw DownloadsError.unknownEntry(id) }
            return entry
        }
    }
}
