import FeedModel
import FeedStore
import Foundation

/// A test fixture with a store of its own, which export tests fill with sample feeds through the
/// store's real `apply` path.
public protocol SampleFeedStoring {
    var store: FeedStore { get }
}

extension SampleFeedStoring {
    /// Adds a feed and stores `items` in it as one document; returns the feed id.
    @discardableResult
    public func addFeed(
        _ url: String, title: String, site: String? = nil, tags: [String] = [], items: [Article],
        fetchedAt: Date = exportFetchTime
    ) throws -> Int64 {
        let id = try store.addFeed(url: url, title: title, tags: tags).id
        try apply(id, site: site, items: items, fetchedAt: fetchedAt)
        return id
    }

    /// Stores `items` as a new document of feed `feedID`.
    public func apply(_ feedID: Int64, site: String? = nil, items: [Article], fetchedAt: Date = exportFetchTime) throws {
        let feed = Feed(format: .rss20, title: "Document title", homePageURL: site, items: items)
        try store.apply(feedID: feedID, feed: feed, fetch: FetchRecord(fetchedAt: fetchedAt, status: 200))
    }
}

/// When the sample feeds were fetched, and the moment the export tests run at, ten minutes later.
public let exportFetchTime = Date(timeIntervalSince1970: 1_800_000_000)
public let exportNow = Date(timeIntervalSince1970: 1_800_000_600)

/// Sample article `n`, published `hours` (default `n`) after 2026-11-01T00:00:00Z; even ones carry an
/// audio enclosure.
public func exportArticle(
    _ n: Int, title: String? = nil, hours: Double? = nil, content: String? = nil, summary: String? = nil,
    url: String? = nil, tags: [String] = ["news"]
) -> Article {
    Article(
        id: "tag:example.org,2026:\(n)", url: url ?? "https://example.org/posts/\(n)",
        title: title ?? "Post number \(n)", contentHTML: content ?? "<p>Body of post <b>\(n)</b></p>",
        summary: summary, published: Date(timeIntervalSince1970: 1_793_491_200 + (hours ?? Double(n)) * 3600),
        authors: [Author(name: "Writer \(n % 3)")], categories: tags.map { Category(term: $0) },
        attachments: n % 2 == 0 ? [Enclosure(url: "https://cdn.example.org/\(n).mp3", mimeType: "audio/mpeg", sizeInBytes: 1234)] : [])
}
