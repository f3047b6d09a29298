import Foundation
import GRDB

/// A feed as the reader's feed list needs it for every feed of its scope, shown or not: to order and
/// group the rows and add up the counts of tag and folder rows. What a row shows beyond that (title,
/// fetch error) is read for the rows on screen only (`FeedStore.feeds(ids:)`).
public struct FeedSummary: Sendable, Hashable, Identifiable {
    public let id: Int64
    public let url: String
    /// Tags in the user's order.
    public let tags: [String]
    /// Articles no ignore rule hid, unread and all, from the stored counts.
    public let unreadCount: Int
    public let totalCount: Int

    package init(id: Int64, url: String, tags: [String], unreadCount: Int, totalCount: Int) {
        self.id = id
        self.url = url
        self.tags = tags
        self.unreadCount = unreadCount
        self.totalCount = totalCount
    }
}

/// Everything the reader's feed list shows, read from one snapshot: the feeds (of a scope) with
/// their counts, the tag rows and the counts of the virtual rows. The tag summaries and the counts
/// are added up from the feeds' stored counts (one row per feed, no article is read): the same
/// figures as `tags(in:)` and `counts(in:)`.
public struct FeedListSnapshot: Sendable {
    /// The feeds in feed-list order (title, case-insensitive), as `feeds(in:)` orders them.
    public let feeds: [FeedSummary]
    /// The tags of these feeds, as `tags(in:)` returns them.
    public let tags: [TagSummary]
    /// As `counts(in:)` counts them: the articles no ignore rule hid, starred ones over every feed.
    public let counts: ArticleCounts

    init(feeds: [FeedSummary], starred: Int) {
        self.feeds = feeds
        var unread = 0
        var articles = 0
        var feedsWithUnread = 0
        var byTag: [String: (feeds: Int, unread: Int, total: Int)] = [:]
        for feed in feeds {
            unread += feed.unreadCount
            articles += feed.totalCount
            if feed.unreadCount > 0 { feedsWithUnread += 1 }
            for tag in feed.tags {
                let sum = byTag[tag] ?? (0, 0, 0)
                byTag[tag] = (sum.feeds + 1, sum.unread + feed.unreadCount, sum.total + feed.totalCount)
            }
        }
        tags = byTag.map { TagSummary(tag: $0.key, feedCount: $0.value.feeds, unreadCount: $0.value.unread, totalCount: $0.value.total) }
            .sorted { Self.sqlOrder($0.tag, $1.tag) }
        counts = ArticleCounts(
            feeds: feeds.count, articles: articles, unread: unread, starred: starred, feedsWithUnread: feedsWithUnread)
    }

    /// SQLite's `ORDER BY tag COLLATE NOCASE, tag`: UTF-8 bytes with ASCII letters folded to lower
    /// case, then the bytes as they are (a shorter string first when it is a prefix of the other).
    static func sqlOrder(_ a: String, _ b: String) -> Bool {
        let fold: (UInt8) -> UInt8 = { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        let (foldedA, foldedB) = (a.utf8.lazy.map(fold), b.utf8.lazy.map(fold))
        if !foldedA.elementsEqual(foldedB) { return foldedA.lexicographicallyPrecedes(foldedB) }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}

extension FeedStore {
    /// The feed list of `scope` with its tag rows and counts, from one snapshot (see `FeedListSnapshot`).
    public func feedList(in scope: FeedScope = .every) throws -> FeedListSnapshot {
        try pool.read { db in
            let feeds = try FeedReader.summaries(db, where: try scope.widened(db).condition("f.id"))
            let starred = try Int.fetchOne(db, sql: "SELECT ifnull(sum(starred), 0) FROM feed_counts") ?? 0
            return FeedListSnapshot(feeds: feeds, starred: starred)
        }
    }
}

extension FeedStore {
    /// The feeds with these ids (those that exist), in feed-list order: what the rows on screen show.
    public func feeds(ids: [Int64]) throws -> [StoredFeed] {
        guard !ids.isEmpty else { return [] }
        return try pool.read { db in try FeedReader.feeds(db, where: "f.id IN (\(FeedScope.sqlList(ids)))") }
    }

    /// The first of `feedIDs` (in the order given) that has an unread article no ignore rule hid; nil
    /// when none has. Looks a few feeds at a time in their stored counts, so the next feed for `n`
    /// costs a few look-ups, not a count of every feed's articles.
    public func firstFeedWithUnread(among feedIDs: [Int64]) throws -> Int64? {
        try pool.read { db in
            for start in stride(from: 0, to: feedIDs.count, by: 64) {
                let chunk = feedIDs[start..<min(start + 64, feedIDs.count)]
                let found = Set(try Int64.fetchAll(db, sql: """
                    SELECT feed_id FROM feed_counts WHERE feed_id IN (\(FeedScope.sqlList(Array(chunk))))
                        AND unread > ignored_unread
                    """))
                if let first = chunk.first(where: found.contains) { return first }
            }
            return nil
        }
    }
}
