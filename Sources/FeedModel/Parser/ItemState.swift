import FeedHTML
import Foundation

/// What the parser has gathered for one entry before deciding field precedence.
struct ItemState {
    var article = Article()
    var link: String?
    var alternateLink: String?
    var alternateIsHTML = false
    var firstLink: String?
    var guid: String?
    var guidIsPermaLink = true
    var rdfAbout: String?
    var description: ItemText?
    var encoded: ItemText?
    var content: ItemText?
    var contentType: ContentType?
    var atomSummary: ItemText?
    var itunesSummary: ItemText?
    var itunesSubtitle: ItemText?
    var dcDescription: ItemText?
    var authors: [Author] = []
    var creators: [Author] = []
    var itunesAuthor: Author?
    var pubDate: Date?
    var dcDate: Date?
    var atomPublished: Date?
    var atomUpdated: Date?
    var created: Date?
    var termsModified: Date?
    var termsIssued: Date?
    var duration: Double?
    var itunesImage: String?
    var mediaThumbnail: String?
    var mediaImage: String?
    var commentRss: String?
    var dcLanguage: String?
    var dcTitle: String?
    var source = ArticleSource()
    var contentBase: String?
    var contentLanguage: String?
    var xhtmlBody: ItemText?
    /// Written in place as podcast elements are read (empty for other feeds: nothing is allocated).
    var podcast = PodcastEpisode()
    var itunesSeason: Int?
    var itunesEpisode: Double?

    /// Applies precedence to `article`, in place: content:encoded over description, Atom content
    /// over summary, the most specific date, the item's authors before the feed's. Its body fields
    /// are left empty: they are in `body`, as captured. The caller then moves the article out
    /// (`takeArticle`): done in place and moved, the article is never copied (a copy of the large
    /// struct retains each field, and dropping the original releases them all again).
    /// Authors and an identifier equal to the link share the storage of the equal values before them
    /// (`repeated`).
    mutating func finish(
        feedAuthors: [Author], format: FeedFormat, body b: inout ItemBody, repeated: inout RepeatedValues,
        feedPersons: [PodcastPerson] = []
    ) {
        if article.title == nil { article.title = dcTitle }
        if let encoded = encoded ?? xhtmlBody {
            b.contentHTML = encoded
            article.contentType = .html
            b.summary = description ?? atomSummary ?? itunesSummary ?? dcDescription
        } else if let content {
            switch contentType ?? .text {
            case .text: b.contentText = content
            case .html, .xhtml: b.contentHTML = content
            }
            article.contentType = contentType ?? .text
            b.summary = atomSummary ?? description ?? itunesSummary
        } else if let description {
            b.contentHTML = description
            article.contentType = .html
            b.summary = itunesSummary ?? itunesSubtitle
        } else {
            b.summary = atomSummary ?? itunesSummary ?? dcDescription ?? itunesSubtitle
        }
        if article.url == nil { article.url = link ?? alternateLink ?? firstLink }
        if article.url == nil, guidIsPermaLink, let guid, URLResolver.hasScheme(guid), guid.hasPrefix("http") {
            article.url = guid
        }
        if article.id == nil { article.id = guid ?? rdfAbout }
        if repeated.enabled, let id = article.id, let url = article.url, RepeatedValues.same(id, url) {
            article.id = url
        }
        article.published = pubDate ?? atomPublished ?? dcDate ?? termsIssued ?? created
        article.modified = atomUpdated ?? termsModified
        if format == .atom03 || format == .atom10, article.published == nil, pubDate == nil {
            article.published = article.modified
        }
        if article.modified == nil, pubDate != nil, let dcDate, dcDate != pubDate { article.modified = dcDate }
        var who = authors
        if who.isEmpty { who = creators }
        if who.isEmpty, let itunesAuthor { who = [itunesAuthor] }
        if who.isEmpty { who = feedAuthors }
        article.authors = repeated.shared(who)
        if article.image == nil {
            article.image = itunesImage ?? mediaThumbnail ?? mediaImage
                ?? article.attachments.first(where: { $0.mimeType?.hasPrefix("image/") == true })?.url
        }
        if article.comments == nil { article.comments = commentRss }
        if let duration, let index = article.attachments.firstIndex(where: { $0.durationInSeconds == nil }) {
            article.attachments[index].durationInSeconds = duration
        }
        if article.language == nil { article.language = contentLanguage }
        if article.language == nil { article.language = dcLanguage }
        if source != ArticleSource() { article.source = source }
        if let contentBase { article.base = contentBase }
        if podcast.season == nil { podcast.season = itunesSeason }
        if podcast.episode == nil { podcast.episode = itunesEpisode }
        if podcast.persons.isEmpty, !feedPersons.isEmpty, !podcast.isEmpty || !article.attachments.isEmpty {
            podcast.persons = feedPersons
        }
        if !podcast.isEmpty { article.podcast = podcast }
    }

    /// The article, moved out; this state keeps an empty one (`openItem` replaces the state before
    /// the next entry's fields are written).
    mutating func takeArticle() -> Article {
        withUnsafeMutablePointer(to: &article) { stored in
            let taken = stored.move()
            stored.initialize(to: Article())
            return taken
        }
    }
}
