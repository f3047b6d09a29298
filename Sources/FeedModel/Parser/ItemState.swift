import FeedHTML
import Foundation

/// A body field of an entry as captured: a string, or, when the parse hands bodies over as bytes
/// (`FeedBuilder.ItemSink.bodies`), where its UTF-8 lies in the builder's body store.
enum ItemText {
    case string(String)
    case bytes(Range<Int>)
}

/// The body fields of an entry after precedence, still as captured.
struct ItemBody {
    var contentHTML: ItemText?
    var contentText: ItemText?
    var summary: ItemText?
}

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

    /// Applies precedence to `article`, in place: content:encoded over description, Atom content
    /// over summary, the most specific date, the item's authors before the feed's. Its body fields
    /// are left empty: they are in `body`, as captured. The caller then moves the article out
    /// (`takeArticle`): done in place and moved, the article is never copied (a copy of the large
    /// struct retains each field, and dropping the original releases them all again).
    /// Authors and an identifier equal to the link share the storage of the equal values before them
    /// (`repeated`).
    mutating func finish(
        feedAuthors: [Author], format: FeedFormat, body b: inout ItemBody, repeated: inout RepeatedValues
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

/// What the parser has gathered for the feed itself, before precedence is applied.
struct FeedState {
    var feed: Feed
    var atomAuthors: [Author] = []
    var managingEditor: Author?
    var webMaster: Author?
    var creators: [Author] = []
    var itunesAuthor: Author?
    var lastBuildDate: Date?
    var pubDate: Date?
    var atomUpdated: Date?
    var dcDate: Date?
    var itunesSummary: String?
    var itunesSubtitle: String?
    var dcDescription: String?
    var dcTitle: String?
    var dcLanguage: String?
    var itunesImage: String?
    var mediaImage: String?
    var imageURL: String?
    var imageAbout: String?
    var descriptionImage: String?
    var imageTitle: String?
    var imageLink: String?
    var updatePeriod: String?
    var updateFrequency: Int?
    var rootLanguage: String?
    var alternateIsHTML = false

    var authors: [Author] {
        if !atomAuthors.isEmpty { return atomAuthors }
        if var managingEditor {
            // An e-mail address alone takes its name from the channel's itunes:author.
            if managingEditor.name == nil, let name = itunesAuthor?.name { managingEditor.name = name }
            return [managingEditor]
        }
        if let webMaster { return [webMaster] }
        if !creators.isEmpty { return creators }
        if let itunesAuthor { return [itunesAuthor] }
        return []
    }

    /// The feed with precedence applied (items not included).
    var finished: Feed {
        var f = feed
        if f.title == nil { f.title = dcTitle }
        if f.description == nil { f.description = dcDescription ?? itunesSummary ?? itunesSubtitle }
        if f.language == nil { f.language = dcLanguage ?? rootLanguage }
        f.authors = authors
        f.updated = lastBuildDate ?? atomUpdated ?? dcDate ?? pubDate
        if let imageURL = imageURL ?? imageAbout {
            f.image = FeedImage(url: imageURL, title: imageTitle, link: imageLink)
        }
        if f.icon == nil { f.icon = itunesImage ?? imageURL ?? mediaImage }
        if f.image == nil, let url = itunesImage ?? descriptionImage {
            f.image = FeedImage(url: url)
        }
        if let updatePeriod {
            let seconds: Double
            switch updatePeriod.lowercased() {
            case "hourly": seconds = 3600
            case "daily": seconds = 86400
            case "weekly": seconds = 604_800
            case "monthly": seconds = 2_592_000
            case "yearly": seconds = 31_536_000
            default: seconds = 0
            }
            if seconds > 0 { f.updateInterval = seconds / Double(max(1, updateFrequency ?? 1)) }
        } else if let updateFrequency, updateFrequency > 0 {
            f.updateInterval = 86400 / Double(updateFrequency)
        }
        return f
    }
}
