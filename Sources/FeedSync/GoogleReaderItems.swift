import Foundation

/// Reading Google Reader items and moving the sync state past them.
extension GoogleReaderClient {
    /// One entry of `stream/items/contents`; nil without an id or a feed.
    static func item(_ entry: JSONObject) -> SyncItem? {
        guard let id = entry.string("id").flatMap(SyncItemID.init),
            let feed = entry.object("origin")?.string("streamId")
        else { return nil }
        let categories = entry.strings("categories")
        let link = entry.objects("alternate").first?.string("href") ?? entry.objects("canonical").first?.string("href")
        let content = entry.object("content")?.string("content") ?? entry.object("summary")?.string("content")
        return SyncItem(
            id: id, subscriptionID: feed, title: entry.string("title"), link: link, author: entry.string("author"),
            published: entry.int64("published").flatMap(seconds), updated: entry.int64("updated").flatMap(seconds),
            crawled: crawlMicroseconds(entry).map { Date(timeIntervalSince1970: Double($0) / 1_000_000) },
            contentHTML: content, read: categories.contains { isState($0, "read") },
            starred: categories.contains { isState($0, "starred") }, labels: categories.compactMap(labelName))
    }

    /// `state` moved past `items`: the newest crawl second, and the items of its last two seconds.
    static func state(after state: SyncState, adding items: [SyncItem]) -> SyncState {
        let added = items.compactMap { item in
            item.crawled.map { SyncState.Seen(id: item.id, crawledSeconds: Int64($0.timeIntervalSince1970.rounded(.down))) }
        }
        let newest = ([state.newestCrawlSeconds].compactMap { $0 } + added.map(\.crawledSeconds)).max()
        guard let newest else { return state }
        var recent: [SyncState.Seen] = []
        var ids = Set<SyncItemID>()
        for seen in state.recent + added where seen.crawledSeconds >= newest - 1 && ids.insert(seen.id).inserted {
            recent.append(seen)
        }
        return SyncState(newestCrawlSeconds: newest, recent: recent, maxItemID: state.maxItemID)
    }

    /// `timestampUsec`, or `crawlTimeMsec` in microseconds.
    private static func crawlMicroseconds(_ entry: JSONObject) -> Int64? {
        if let micro = entry.int64("timestampUsec") { return micro }
        return entry.int64("crawlTimeMsec").map { $0 &* 1000 }
    }

    /// A date from seconds since 1970, when plausible (servers send 0 for "unknown").
    private static func seconds(_ value: Int64) -> Date? {
        value > 0 && value < 32_503_680_000 ? Date(timeIntervalSince1970: Double(value)) : nil
    }

    /// True for `user/-/state/com.google/NAME` and `user/<id>/state/com.google/NAME`.
    private static func isState(_ category: String, _ name: String) -> Bool {
        category.hasPrefix("user/") && category.hasSuffix("/state/com.google/" + name)
    }
}
