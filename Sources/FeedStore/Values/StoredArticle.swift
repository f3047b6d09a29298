import FeedModel
import Foundation

/// An article as stored, with its marks and the feed it belongs to: what the article view and
/// `export` need.
///
/// `authors` and `enclosures` are decoded from their stored JSON each time they are read; `content`
/// and `summary` are nil when the article was read without content (see `FeedStore.forEachArticle`).
public struct StoredArticle: Sendable, Hashable, Identifiable {
    public let id: Int64
    public let feedID: Int64
    public let feedTitle: String
    public let feedURL: String
    public let feedSiteURL: String?
    /// The entry's own id (`guid`, Atom `id`) as the feed last gave it.
    public let guid: String?
    public let url: String?
    public let externalURL: String?
    public let title: String?
    /// The date lists sort by: published, else updated, else first seen — never later than the
    /// fetch that stored it, so a future date cannot pin an article to the top.
    public let date: Date
    public let published: Date?
    public let updated: Date?
    /// Summary as HTML, as the feed sent it (untrusted).
    public var summary: String? { storedSummary.text }
    /// The fullest content the feed sent (untrusted), of type `contentType`.
    public var content: String? { storedContent.text }
    private(set) var storedSummary: StoredBody
    private(set) var storedContent: StoredBody
    public let contentType: ContentType?
    public let image: String?
    public let comments: String?
    public let language: String?
    /// Category terms, in document order.
    public let tags: [String]
    package let firstSeenAt: Date
    public internal(set) var read: Bool
    package internal(set) var readAt: Date?
    public internal(set) var starred: Bool
    /// The titles of the other feeds that carry this article (`ArticleCopies`), set by
    /// `FeedStore.article(id:)` while copies are collapsed; empty otherwise.
    public internal(set) var otherFeeds: [String] = []
    let authorsJSON: String?
    let enclosuresJSON: String?
    /// `PodcastEpisode` as JSON (`PodcastColumn`); NULL for an entry without podcast details.
    let podcastJSON: String?

    public var authors: [Author] { JSONColumn.authors(from: authorsJSON) ?? [] }
    public var enclosures: [Enclosure] { JSONColumn.enclosures(from: enclosuresJSON) ?? [] }
    /// The podcast namespace's details of the episode; nil when the feed gave none.
    public var podcast: PodcastEpisode? { PodcastColumn.decode(podcastJSON) }

    /// Decodes the content (and with `summary`, the summary) of an article streamed with
    /// `decodingBodies: false`, so that reading them costs nothing more; until then each read of
    /// `content` or `summary` decodes the stored value. Does nothing to decoded bodies.
    public mutating func decodeBodies(summary: Bool) {
        storedContent = storedContent.decoded
        if summary { storedSummary = storedSummary.decoded }
    }
}

/// One row of an article list: just what a list shows.
public struct ArticleSummary: Sendable, Hashable, Identifiable {
    public let id: Int64
    public let feedID: Int64
    public let feedTitle: String
    public let title: String?
    public let url: String?
    /// See `StoredArticle.date`.
    public let date: Date
    public let read: Bool
    public let starred: Bool
    /// The article has at least one enclosure (an episode, a file).
    public let hasEnclosure: Bool
}

/// A page of an article list and the number of rows in the whole list, read in one snapshot.
public struct ArticlePage: Sendable, Hashable {
    public let offset: Int
    public let rows: [ArticleSummary]
    public let total: Int
}

/// How many articles of a list are unread, and how many it holds.
public struct ListCount: Sendable, Hashable {
    public let unread: Int
    public let total: Int
}
