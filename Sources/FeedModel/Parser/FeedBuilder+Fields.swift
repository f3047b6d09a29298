import FeedHTML
import Foundation

/// Where each captured value goes: the item, the feed, its image, an author or an entry's source. The
/// first value of a field wins where feeds repeat it; precedence between fields is `ItemState`'s.
extension FeedBuilder {
    mutating func assignDate(_ tag: FeedTag, _ date: Date?) {
        guard let date, let container = containers.last else { return }
        switch container.kind {
        case .item:
            switch tag {
            case .pubDate: if item.pubDate == nil { item.pubDate = date }
            case .dcDate: if item.dcDate == nil { item.dcDate = date }
            case .atomPublished: if item.atomPublished == nil { item.atomPublished = date }
            case .atomUpdated: if item.atomUpdated == nil { item.atomUpdated = date }
            case .atomCreated, .dctermsCreated: if item.created == nil { item.created = date }
            case .dctermsModified: item.termsModified = date
            case .dctermsIssued: item.termsIssued = date
            default: break
            }
        case .feed:
            switch tag {
            case .pubDate, .atomPublished: if state.pubDate == nil { state.pubDate = date }
            case .lastBuildDate: state.lastBuildDate = date
            case .atomUpdated, .dctermsModified: if state.atomUpdated == nil { state.atomUpdated = date }
            case .dcDate: if state.dcDate == nil { state.dcDate = date }
            default: break
            }
        default:
            break
        }
    }

    mutating func assignItem(_ c: Capture, _ value: String) {
        guard inItem else { return }
        switch c.tag {
        case .title:
            if item.article.title == nil { item.article.title = FieldText.plain(value) }
        case .atomTitle:
            if item.article.title == nil { item.article.title = Self.text(c, value) }
        case .dcTitle: item.dcTitle = FieldText.plain(value)
        case .link: if item.link == nil { item.link = Self.resolved(frames, value) }
        case .description, .contentEncoded, .xhtmlBody, .atomContent, .atomSummary, .itunesSummary,
            .itunesSubtitle, .dcDescription:
            assignBody(c, .string(value))
        case .guid:
            if item.guid == nil {
                item.guidIsPermaLink = c.isPermaLink && state.feed.format == .rss20
                item.guid = item.guidIsPermaLink ? Self.resolvedID(frames, value) : value
            }
        case .atomID: if item.guid == nil { item.guid = Self.resolvedID(frames, value); item.guidIsPermaLink = false }
        case .author: if let a = FieldValue.author(value) { item.authors.append(a) }
        case .dcCreator, .dcAuthor: if let a = FieldValue.author(value) { item.creators.append(a) }
        case .itunesAuthor: item.itunesAuthor = FieldValue.author(value)
        case .category, .dcSubject, .mediaCategory:
            appendCategory(Category(term: value, scheme: captureScheme))
        case .comments: item.article.comments = Self.resolved(frames, value)
        case .wfwCommentRss: item.commentRss = Self.resolved(frames, value)
        case .slashComments: item.article.commentCount = Int(value)
        case .source:
            item.source.title = value
            if let url = captureURL { item.source.url = url }
        case .itunesDuration: item.duration = FieldValue.duration(value)
        case .podcastSeason, .podcastEpisode, .podcastPerson, .itunesSeason, .itunesEpisode, .itunesEpisodeType:
            assignPodcastItem(c.tag, value)
        case .itunesKeywords: itemKeywords(value)
        case .language, .dcLanguage: item.dcLanguage = FieldValue.languageTag(value)
        default: break
        }
    }

    /// An entry's `itunes:keywords` (its text, or its `text` attribute) as categories.
    mutating func itemKeywords(_ value: String) {
        for keyword in value.split(separator: ",") {
            let word = XMLWhitespace.trimmed(String(keyword))
            if !word.isEmpty, !item.article.categories.contains(where: { $0.term == word }) {
                appendCategory(Category(term: word))
            }
        }
    }

    /// A feed's `itunes:keywords` (its text, or its `text` attribute) as its categories.
    mutating func feedKeywords(_ value: String) {
        for keyword in value.split(separator: ",") {
            let word = XMLWhitespace.trimmed(String(keyword))
            if !word.isEmpty, !state.feed.categories.contains(word) { state.feed.categories.append(word) }
        }
    }

    /// An entry id that is a relative reference (`/posts/1`, `./1`, `../1`) resolved against the base
    /// in effect, as feedparser resolves them; any other id is kept as written.
    static func resolvedID(_ frames: [Frame], _ value: String) -> String {
        guard let first = value.utf8.first, first == UInt8(ascii: "/") || first == UInt8(ascii: "."),
              value.hasPrefix("/") || value.hasPrefix("./") || value.hasPrefix("../"),
              !value.hasPrefix("//"), frames.last?.base != nil
        else { return value }
        return resolved(frames, value)
    }

    /// Adds a category to the open entry (see `lastCategoryCount`).
    mutating func appendCategory(_ category: Category) {
        if item.article.categories.isEmpty { item.article.categories.reserveCapacity(max(1, lastCategoryCount)) }
        item.article.categories.append(category)
    }

    /// Whether `tag` is an entry's body field (its content or a summary), kept as captured until the
    /// entry is finished.
    static func isBody(_ tag: FeedTag) -> Bool {
        switch tag {
        case .description, .contentEncoded, .xhtmlBody, .atomContent, .atomSummary, .itunesSummary,
            .itunesSubtitle, .dcDescription:
            return true
        default:
            return false
        }
    }

    mutating func assignBody(_ c: Capture, _ value: ItemText) {
        guard inItem else { return }
        switch c.tag {
        case .description: if item.description == nil { item.description = value }
        case .contentEncoded: if item.encoded == nil { item.encoded = value }
        case .xhtmlBody: if item.xhtmlBody == nil { item.xhtmlBody = value }
        case .atomContent:
            if item.content == nil {
                item.content = value
                item.contentType = c.type ?? .text
            }
        case .atomSummary: if item.atomSummary == nil { item.atomSummary = value }
        case .itunesSummary: item.itunesSummary = value
        case .itunesSubtitle: item.itunesSubtitle = value
        case .dcDescription: item.dcDescription = value
        default: break
        }
    }

    mutating func assignOther(_ c: Capture, _ value: String) {
        guard let container = containers.last else { return }
        switch container.kind {
        case .feed:
            assignFeed(c, value)
        case .image:
            switch c.tag {
            case .url: if state.imageURL == nil { state.imageURL = Self.resolved(frames, value) }
            case .title: state.imageTitle = FieldText.plain(value)
            case .link: state.imageLink = Self.resolved(frames, value)
            default: break
            }
        case .author:
            switch c.tag {
            case .atomName, .name: pendingAuthor.name = FieldText.plain(value)
            case .atomEmail: pendingAuthor.email = value
            case .atomURI, .url: pendingAuthor.url = Self.resolved(frames, value)
            default: break
            }
        case .source:
            switch c.tag {
            case .atomTitle: item.source.title = Self.text(c, value)
            case .atomID: if item.source.id == nil { item.source.id = value }
            case .atomIcon: if item.source.icon == nil { item.source.icon = Self.resolved(frames, value) }
            case .atomLogo: if item.source.logo == nil { item.source.logo = Self.resolved(frames, value) }
            case .atomRights: if item.source.rights == nil { item.source.rights = Self.text(c, value) }
            case .atomGenerator: if item.source.generator == nil { item.source.generator = value }
            case .atomSubtitle: if item.source.subtitle == nil { item.source.subtitle = Self.text(c, value) }
            default: break
            }
        case .mediaGroup:
            if c.tag == .mediaCategory, inItem { appendCategory(Category(term: value, scheme: captureScheme)) }
        default:
            break
        }
    }

    private mutating func assignFeed(_ c: Capture, _ value: String) {
        switch c.tag {
        case .title: if state.feed.title == nil { state.feed.title = FieldText.plain(value) }
        case .atomTitle: if state.feed.title == nil { state.feed.title = Self.text(c, value) }
        case .dcTitle: state.dcTitle = FieldText.plain(value)
        case .link: if state.feed.homePageURL == nil { state.feed.homePageURL = Self.resolved(frames, value) }
        case .description:
            if state.feed.description == nil {
                state.feed.description = FieldText.plain(value)
                if value.utf8.contains(UInt8(ascii: "<")) {
                    state.descriptionImage = HTMLFirstImage.source(in: value).map { Self.resolved(frames, $0) }
                }
            }
        case .atomSubtitle: if state.feed.description == nil { state.feed.description = Self.text(c, value) }
        case .dcDescription: state.dcDescription = FieldText.plain(value)
        case .itunesSummary: state.itunesSummary = FieldText.plain(value)
        case .itunesSubtitle: state.itunesSubtitle = FieldText.plain(value)
        case .language: if state.feed.language == nil { state.feed.language = FieldValue.languageTag(value) }
        case .dcLanguage: state.dcLanguage = FieldValue.languageTag(value)
        case .copyright, .dcRights: if state.feed.rights == nil { state.feed.rights = FieldText.plain(value) }
        case .atomRights: if state.feed.rights == nil { state.feed.rights = Self.text(c, value) }
        case .managingEditor: state.managingEditor = FieldValue.author(value)
        case .webMaster: state.webMaster = FieldValue.author(value)
        case .dcCreator, .author, .dcAuthor: if let a = FieldValue.author(value) { state.creators.append(a) }
        case .itunesAuthor: state.itunesAuthor = FieldValue.author(value)
        case .category, .dcSubject: state.feed.categories.append(value)
        case .itunesKeywords: feedKeywords(value)
        case .itunesImage:
            if state.itunesImage == nil { state.itunesImage = Self.resolved(frames, value) }
        case .generator, .atomGenerator: if state.feed.generator == nil { state.feed.generator = value }
        case .ttl: state.feed.ttl = Int(value)
        case .atomIcon: if state.feed.favicon == nil { state.feed.favicon = Self.resolved(frames, value) }
        case .atomLogo:
            if state.imageURL == nil { state.imageURL = Self.resolved(frames, value) }
        case .syUpdatePeriod: state.updatePeriod = value
        case .syUpdateFrequency: state.updateFrequency = Int(value)
        case .podcastPerson: assignPodcastFeed(value)
        default: break
        }
    }

    /// The plain text of an Atom text construct: HTML and XHTML through `FieldText`, text as written.
    /// A text construct that holds child elements (`<title><p>Feed Title</p></title>`, not valid but
    /// sent) has them written into `value` as tags (`skipDivDepth` is then -1): its text is what they
    /// hold, not the tags.
    private static func text(_ c: Capture, _ value: String) -> String? {
        c.type == .html || c.type == .xhtml || c.skipDivDepth == -1 ? FieldText.plain(value) : value
    }
}
