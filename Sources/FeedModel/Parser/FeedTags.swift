/// The namespaces whose elements the feed parser understands.
enum FeedNamespace: UInt8 {
    case none, rss, rss090, rdf, atom10, atom03, dc, dcterms, content, itunes, media, slash, wfw, sy, xhtml, xml, podcast
    case other

    /// Maps a namespace URI to its family; spellings seen in the wild included.
    static func from(uri: String) -> FeedNamespace {
        switch uri {
        case "": return .none
        case "http://my.netscape.com/rdf/simple/0.9/": return .rss090
        case "http://purl.org/rss/1.0/",
            "http://backend.userland.com/rss2", "http://blogs.law.harvard.edu/tech/rss",
            "http://purl.org/net/rss1.1#":
            return .rss
        case "http://www.w3.org/1999/02/22-rdf-syntax-ns#": return .rdf
        case "http://www.w3.org/2005/Atom": return .atom10
        case "http://purl.org/atom/ns#": return .atom03
        case "http://purl.org/dc/elements/1.1/", "http://purl.org/dc/elements/1.0/": return .dc
        case "http://purl.org/dc/terms/": return .dcterms
        case "http://purl.org/rss/1.0/modules/content/": return .content
        case "http://www.itunes.com/dtds/podcast-1.0.dtd", "http://www.itunes.com/DTDs/Podcast-1.0.dtd":
            return .itunes
        case "http://search.yahoo.com/mrss/", "http://search.yahoo.com/mrss",
            "http://tools.search.yahoo.com/mrss/":
            return .media
        case "http://purl.org/rss/1.0/modules/slash/": return .slash
        case "http://wellformedweb.org/CommentAPI/": return .wfw
        case "http://purl.org/rss/1.0/modules/syndication/": return .sy
        case "http://www.w3.org/1999/xhtml": return .xhtml
        case "http://www.w3.org/XML/1998/namespace": return .xml
        case "https://podcastindex.org/namespace/1.0", "http://podcastindex.org/namespace/1.0",
            "https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/1.0.md":
            return .podcast
        default:
            let lower = uri.lowercased()
            return lower == uri ? .other : from(uri: lower)
        }
    }

    /// The family of an element whose prefix was never declared (`<dc:creator>` without `xmlns:dc`).
    static func from(undeclaredPrefix prefix: String) -> FeedNamespace {
        switch prefix.lowercased() {
        case "dc": return .dc
        case "dcterms": return .dcterms
        case "content": return .content
        case "itunes": return .itunes
        case "media": return .media
        case "slash": return .slash
        case "wfw": return .wfw
        case "sy": return .sy
        case "atom", "atom10": return .atom10
        case "rdf": return .rdf
        case "podcast": return .podcast
        default: return .other
        }
    }
}

/// The elements the feed parser acts on, with RSS (any version) and Atom (0.3 and 1.0) names merged.
enum FeedTag: UInt8 {
    case unknown
    // RSS, RSS 1.0 and RSS 0.90 (no namespace or the RSS namespaces)
    case rss, channel, item, title, link, description, language, copyright, managingEditor, webMaster
    case pubDate, lastBuildDate, category, generator, ttl, image, url, textInput, guid, author, comments
    case enclosure, source, name
    // RDF
    case rdfRDF
    // Atom
    case atomFeed, atomEntry, atomTitle, atomSubtitle, atomLink, atomID, atomUpdated, atomPublished
    case atomCreated, atomAuthor, atomContributor, atomName, atomEmail, atomURI, atomContent, atomSummary
    case atomCategory, atomRights, atomGenerator, atomIcon, atomLogo, atomSource
    // Extensions
    case dcCreator, dcDate, dcSubject, dcLanguage, dcRights, dcTitle, dcDescription, dcAuthor
    case dctermsModified, dctermsIssued, dctermsCreated
    case contentEncoded
    case itunesAuthor, itunesDuration, itunesImage, itunesSummary, itunesSubtitle, itunesCategory, itunesKeywords
    case itunesEpisodeType, itunesSeason, itunesEpisode
    case podcastTranscript, podcastChapters, podcastSeason, podcastEpisode, podcastPerson
    case xhtmlBody
    case mediaContent, mediaThumbnail, mediaGroup, mediaCategory
    case slashComments, wfwCommentRss, syUpdatePeriod, syUpdateFrequency

    /// Resolves a local name within a namespace family; `unknown` for everything else.
    static func resolve(namespace: FeedNamespace, localName: String) -> FeedTag {
        switch namespace {
        case .none, .rss, .rss090:
            switch localName {
            case "rss": return .rss
            case "channel": return .channel
            case "item": return .item
            case "title": return .title
            case "link": return .link
            case "description": return .description
            case "language": return .language
            case "copyright": return .copyright
            case "managingEditor": return .managingEditor
            case "webMaster": return .webMaster
            case "pubDate": return .pubDate
            case "lastBuildDate": return .lastBuildDate
            case "category": return .category
            case "generator": return .generator
            case "ttl": return .ttl
            case "image": return .image
            case "url": return .url
            case "textInput", "textinput": return .textInput
            case "guid": return .guid
            case "author": return .author
            case "comments": return .comments
            case "enclosure": return .enclosure
            case "source": return .source
            case "name": return .name
            case "feed" where namespace == .none: return .atomFeed
            case "encoded" where namespace == .none: return .contentEncoded
            // An early RSS extension's full text, read as content:encoded (as feedparser does).
            case "fullitem": return .contentEncoded
            case "body" where namespace == .none: return .xhtmlBody
            default: return .unknown
            }
        case .rdf: return localName == "RDF" ? .rdfRDF : .unknown
        case .atom10, .atom03:
            switch localName {
            case "feed": return .atomFeed
            case "entry": return .atomEntry
            case "title": return .atomTitle
            case "subtitle", "tagline": return .atomSubtitle
            case "link": return .atomLink
            case "id": return .atomID
            case "updated", "modified": return .atomUpdated
            case "published", "issued": return .atomPublished
            case "created": return .atomCreated
            case "author": return .atomAuthor
            case "contributor": return .atomContributor
            case "name": return .atomName
            case "email": return .atomEmail
            case "uri", "url", "homepage": return .atomURI
            case "content": return .atomContent
            case "summary": return .atomSummary
            case "category": return .atomCategory
            case "rights", "copyright": return .atomRights
            case "generator": return .atomGenerator
            case "icon": return .atomIcon
            case "logo": return .atomLogo
            case "source": return .atomSource
            default: return .unknown
            }
        case .dc:
            switch localName {
            case "creator": return .dcCreator
            case "date": return .dcDate
            case "subject": return .dcSubject
            case "language": return .dcLanguage
            case "rights": return .dcRights
            case "title": return .dcTitle
            case "description": return .dcDescription
            case "author": return .dcAuthor
            default: return .unknown
            }
        case .dcterms:
            switch localName {
            case "modified": return .dctermsModified
            case "issued": return .dctermsIssued
            case "created": return .dctermsCreated
            case "date": return .dcDate
            case "creator": return .dcCreator
            case "subject": return .dcSubject
            default: return .unknown
            }
        case .content: return localName == "encoded" ? .contentEncoded : .unknown
        case .itunes:
            switch localName {
            case "author": return .itunesAuthor
            case "duration": return .itunesDuration
            case "image": return .itunesImage
            case "summary": return .itunesSummary
            case "subtitle": return .itunesSubtitle
            case "category": return .itunesCategory
            case "keywords": return .itunesKeywords
            case "episodeType": return .itunesEpisodeType
            case "season": return .itunesSeason
            case "episode": return .itunesEpisode
            default: return .unknown
            }
        case .media:
            switch localName {
            case "content": return .mediaContent
            case "thumbnail": return .mediaThumbnail
            case "group": return .mediaGroup
            case "category": return .mediaCategory
            default: return .unknown
            }
        case .slash: return localName == "comments" ? .slashComments : .unknown
        case .wfw: return localName == "commentRss" || localName == "commentRSS" ? .wfwCommentRss : .unknown
        case .sy:
            switch localName {
            case "updatePeriod": return .syUpdatePeriod
            case "updateFrequency": return .syUpdateFrequency
            default: return .unknown
            }
        case .xhtml: return localName == "body" ? .xhtmlBody : .unknown
        case .podcast:
            switch localName {
            case "transcript": return .podcastTranscript
            case "chapters": return .podcastChapters
            case "season": return .podcastSeason
            case "episode": return .podcastEpisode
            case "person": return .podcastPerson
            default: return .unknown
            }
        case .xml, .other: return .unknown
        }
    }
}
