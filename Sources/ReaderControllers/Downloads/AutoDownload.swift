import FeedModel
import FeedStore
import Foundation

/// Auto-download, set per feed or folder in the feed list (`tidings:auto-download="true"`,
/// `tidings:keep="N"`): a refresh queues the enclosures of the newest N of the episodes it found new
/// (so a first refresh never queues the back catalogue), and a download run then deletes the played
/// episodes (the player's mark) beyond the newest N of each such feed — only files Tidings downloaded
/// itself (`PlayedFileRemoval`).
///
/// Threading: synchronous; safe from any thread.
struct AutoDownload {
    /// Episodes kept when the list gives no `tidings:keep`.
    static let defaultKeep = 3

    let environment: AppEnvironment

    /// How many episodes to keep per feed, for the feeds of `feeds` the list marks for auto-download.
    static func feeds(_ feeds: [StoredFeed], list: SubscriptionsFile?) -> [Int64: Int] {
        let keep = keepByURL(list)
        guard !keep.isEmpty else { return [:] }
        var result: [Int64: Int] = [:]
        for feed in feeds { if let n = keep[feed.url] { result[feed.id] = n } }
        return result
    }

    /// Queues the enclosures of the newest `keep` of each feed's new articles (`newArticles`: feed id
    /// to the ids a refresh stored); returns how many entries were added.
    @discardableResult
    func queue(_ newArticles: [Int64: [Int64]], keep: [Int64: Int]) throws -> Int {
        let store = environment.store
        var entries: [NewDownload] = []
        for (feedID, ids) in newArticles.sorted(by: { $0.key < $1.key }) {
            guard let n = keep[feedID], !ids.isEmpty else { continue }
            let articles = try ids.compactMap { try store.article(id: $0) }.filter { !$0.enclosures.isEmpty }
            let newest = articles.sorted { ($0.published ?? $0.date, $0.id) > ($1.published ?? $1.date, $1.id) }.prefix(n)
            for article in newest.reversed() {
                for enclosure in article.enclosures {
                    entries.append(NewDownload(
                        articleID: article.id, url: enclosure.url, articleTitle: article.title ?? enclosure.title,
                        feedTitle: article.feedTitle, published: article.published ?? article.date,
                        mimeType: enclosure.mimeType))
                }
            }
        }
        return entries.isEmpty ? 0 : try store.queueDownloads(entries).count
    }

    /// Deletes the played, finished downloads beyond the newest `keep` episodes of each auto-download
    /// feed (only files `PlayedFileRemoval` finds to be Tidings' own), and takes them off the queue;
    /// returns the paths deleted. A file kept for any reason keeps its entry.
    func prune(folder: String) throws -> [String] {
        let keep = Self.keepByURL(try SubscriptionsFile.load(path: environment.paths.feedList))
        guard !keep.isEmpty else { return [] }
        let store = environment.store
        var byFeed: [String: [StoredDownload]] = [:]
        for download in try store.downloads() {
            guard let id = download.articleID, let feedURL = try store.article(id: id)?.feedURL, keep[feedURL] != nil
            else { continue }
            byFeed[feedURL, default: []].append(download)
        }
        var deleted: [String] = []
        for (url, episodes) in byFeed {
            let newestFirst = episodes.sorted { ($0.published ?? .distantPast, $0.id) > ($1.published ?? .distantPast, $1.id) }
            for download in newestFirst.dropFirst(keep[url] ?? Self.defaultKeep) where download.playedAt != nil {
                guard case .deleted(let path) = PlayedFileRemoval.remove(download, folder: folder) else { continue }
                try store.removeDownloads(ids: [download.id])
                deleted.append(path)
            }
        }
        return deleted.sorted()
    }

    /// The list's auto-download feeds by URL, with how many episodes each keeps.
    private static func keepByURL(_ list: SubscriptionsFile?) -> [String: Int] {
        guard let list else { return [:] }
        var keep: [String: Int] = [:]
        for entry in list.entries.map(\.entry) where entry.autoDownload {
            keep[entry.url] = entry.keep ?? defaultKeep
        }
        return keep
    }
}
