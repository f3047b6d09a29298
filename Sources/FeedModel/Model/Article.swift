import Foundation

/// One entry of a feed (RSS `item`, Atom `entry`, JSON Feed item), as parsed: untrusted text, already
/// entity-decoded, with URLs resolved against `xml:base` and the document URL.
///
/// HTML fields (`contentHTML`, `summary`) hold the HTML as the feed sent it; callers that display or
/// re-publish it pass it through `HTMLSanitizer` first.
public struct Article: Sendable, Hashable {
    /// The entry's own identifier (`guid`, Atom `id`, JSON Feed `id`), when it has one.
    public var id: String?
    public var url: String?
    public var externalURL: String?
    public var title: String?
    /// The full content as HTML (`content:encoded`, Atom `content` of type html/xhtml, RSS
    /// `description` when nothing fuller exists, JSON Feed `content_html`).
    public var contentHTML: String?
    /// The full content as plain text, when the feed gave text rather than HTML.
    public var contentText: String?
    /// A short summary as HTML (Atom `summary`, `itunes:summary`, RSS `description` beside
    /// `content:encoded`, JSON Feed `summary`).
    public var summary: String?
    public var image: String?
    public var published: Date?
    public var modified: Date?
    public var authors: [Author]
    public var categories: [Category]
    public var language: String?
    public var attachments: [Enclosure]
    /// The comments page (`comments`, `wfw:commentRss` when no page is given).
    public var comments: String?
    /// The number of comments (`slash:comments`).
    public var commentCount: Int?
    /// The feed the entry was taken from (RSS `source`, Atom `source`).
    public var source: ArticleSource?
    /// The `xml:base` in effect for the entry.
    public var base: String?
    /// The type of the richest content field.
    public var contentType: ContentType?
    /// The podcast namespace's details of an episode; nil when the entry has none.
    public var podcast: PodcastEpisode?

    public init(
        id: String? = nil, url: String? = nil, externalURL: String? = nil, title: String? = nil,
        contentHTML: String? = nil, contentText: String? = nil, summary: String? = nil,
        image: String? = nil, published: Date? = nil, modified: Date? = nil,
        authors: [Author] = [], categories: [Category] = [], language: String? = nil,
        attachments: [Enclosure] = [], comments: String? = nil, commentCount: Int? = nil,
        source: ArticleSource? = nil, base: String? = nil, contentType: ContentType? = nil,
        podcast: PodcastEpisode? = nil
    ) {
        self.id = id
        self.url = url
        self.externalURL = externalURL
        self.title = title
        self.contentHTML = contentHTML
        self.contentText = contentText
        self.summary = summary
        self.image = image
        self.published = published
        self.modified = modified
        self.authors = authors
        self.categories = categories
        self.language = language
        self.attachments = attachments
        self.comments = comments
        self.commentCount = commentCount
        self.source = source
        self.base = base
        self.contentType = contentType
        self.podcast = podcast
    }

    /// Plain category terms, in document order, without repeats (JSON Feed `tags`).
    public var tags: [String] {
        // Articles carry a few categories: comparing with the terms kept so far costs less than hashing.
        guard categories.count > 16 else {
            var terms: [String] = []
            terms.reserveCapacity(categories.count)
            for category in categories where !terms.contains(category.term) { terms.append(category.term) }
            return terms
        }
        var seen = Set<String>()
        return categories.compactMap { seen.insert($0.term).inserted ? $0.term : nil }
    }
}

/// The feed an article was originally published in, as named by the article itself.
public struct ArticleSource: Sendable, Hashable {
    public var title: String?
    public var url: String?
    /// The authors of the feed the entry came from (Atom `source`).
    public var authors: [Author]
    /// The rest of an Atom `source`: the feed's id, subtitle, icon, logo, rights, generator and
    /// categories.
    public var id: String?
    public var subtitle: String?
    public var icon: String?
    public var logo: String?
    public var rights: String?
    public var generator: String?
    public var categories: [Category] = []

    public init(title: String? = nil, url: String? = nil, authors: [Author] = []) {
        self.title = title
        self.url = url
        self.authors = authors
    }
}
