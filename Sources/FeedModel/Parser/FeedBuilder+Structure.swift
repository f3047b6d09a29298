import CLibXML2
import FeedHTML
import Foundation

/// The document's structure: the root element decides the format, and the elements that hold fields
/// (channel, item or entry, image, author, source) open the containers their children are read in.
extension FeedBuilder {
    mutating func startRoot(
        tag: FeedTag, namespace: FeedNamespace, localName: UnsafePointer<xmlChar>, attributes: XMLAttributes
    ) -> Bool {
        formatDetected = true
        state.rootLanguage = frames.last?.lang
        switch tag {
        case .rss:
            let version = attributes.value("version")?.trimmingCharacters(in: .whitespaces) ?? ""
            switch version {
            case "0.91": state.feed.format = .rss091
            case "0.92": state.feed.format = .rss092
            case "0.93": state.feed.format = .rss093
            case "0.94": state.feed.format = .rss094
            case "0.90", "0.9": state.feed.format = .rss090
            default: state.feed.format = .rss20
            }
            open(.root, 1)
        case .rdfRDF:
            state.feed.format = .rss10
            open(.root, 1)
        case .atomFeed:
            let version = attributes.value("version") ?? ""
            state.feed.format = namespace == .atom03 || version.hasPrefix("0.") ? .atom03 : .atom10
            if namespace == .none { bareAtom = true }
            open(.feed, 1)
        case .channel:
            state.feed.format = .rss20
            open(.feed, 1)
        default:
            let name = String(cString: localName)
            let reason = name.lowercased() == "html"
                ? "an HTML page, not a feed" : "the document element <\(name)> is not rss, rdf:RDF or feed"
            failure = .notAFeed(reason: reason)
            return false
        }
        return true
    }

    /// Called when an element of the RSS 0.90 namespace shows up in an RDF document.
    mutating func sawRSS090() {
        if state.feed.format == .rss10 { state.feed.format = .rss090 }
    }

    mutating func open(_ kind: Container, _ depth: Int) {
        containers.append((kind, depth))
    }

    mutating func openItem(_ depth: Int, _ attributes: XMLAttributes) {
        sendHeader()
        if inItem { closeItem() }
        itemCount += 1
        if itemCount > options.maxItems {
            failure = .tooManyItems(limit: options.maxItems)
            return
        }
        item = ItemState()
        inItem = true
        if let base = frames.last?.base, base != documentBase || documentBase != nil { item.article.base = base }
        if let lang = frames.last?.lang, lang != state.rootLanguage { item.article.language = lang }
        if attributes.count > 0, let about = FieldValue.nonEmpty(attributes.value("about")) {
            item.rdfAbout = Self.resolved(frames, about)
        }
        open(.item, depth)
    }

    mutating func closeAuthor(_ owner: Owner) {
        let author = pendingAuthor
        pendingAuthor = Author()
        guard !author.isEmpty else { return }
        switch owner {
        case .feed: state.atomAuthors.append(author)
        case .item: item.authors.append(author)
        case .source: item.source.authors.append(author)
        }
    }

    mutating func closeItem() {
        guard inItem else { return }
        inItem = false
        var body = ItemBody()
        item.finish(
            feedAuthors: state.authors, format: state.feed.format, body: &body, repeated: &repeated,
            feedPersons: state.podcastPersons)
        if !item.article.categories.isEmpty { lastCategoryCount = item.article.categories.count }
        switch items {
        case .articles(let onItem):
            setBodyStrings(body)
            onItem(item.takeArticle())
        case .bodies(let onItem):
            onItem(item.takeArticle(), ArticleBody(
                contentHTML: text(body.contentHTML), contentText: text(body.contentText), summary: text(body.summary)))
        case .collect:
            setBodyStrings(body)
            collected.append(item.takeArticle())
        }
        bodyBytes.truncate(to: 0)
    }

    /// Puts the entry's body fields into its article as strings.
    private mutating func setBodyStrings(_ body: ItemBody) {
        item.article.contentHTML = string(body.contentHTML)
        item.article.contentText = string(body.contentText)
        item.article.summary = string(body.summary)
    }

    /// A captured body field as a string.
    private func string(_ value: ItemText?) -> String? {
        switch value {
        case .none: return nil
        case .string(let s): return s
        case .bytes(let range): return UTF8String.make(bodyBytes.slice(range))
        }
    }

    /// A captured body field as the writer receives it (bytes valid until `bodyBytes` next changes).
    private func text(_ value: ItemText?) -> ArticleBody.Text? {
        switch value {
        case .none: return nil
        case .string(let s): return .string(s)
        case .bytes(let range): return .bytes(bodyBytes.slice(range))
        }
    }

    mutating func sendHeader() {
        guard !headerSent else { return }
        headerSent = true
        onHeader(state.finished)
    }

    mutating func startInFeed(tag: FeedTag, depth: Int, attributes: XMLAttributes) {
        switch tag {
        case .item, .atomEntry: openItem(depth, attributes)
        case .image: open(.image, depth)
        case .textInput, .atomContributor: open(.ignored, depth)
        case .atomAuthor: open(.author(.feed), depth)
        case .atomLink: feedLink(attributes)
        case .atomCategory:
            if let term = attributes.value("term") ?? attributes.value("label"), !term.isEmpty {
                state.feed.categories.append(term)
            }
        case .itunesImage:
            if let href = FieldValue.nonEmpty(attributes.value("href") ?? attributes.value("url")) {
                if state.itunesImage == nil { state.itunesImage = Self.resolved(frames, href) }
            } else {
                begin(tag, depth)
            }
        case .itunesCategory: itunesCategory(attributes, depth)
        case .itunesKeywords:
            if let text = FieldValue.nonEmpty(attributes.value("text")) { feedKeywords(text) } else { begin(tag, depth) }
        case .link:
            if bareAtom { feedLink(attributes) } else { begin(tag, depth) }
        case .mediaContent, .mediaThumbnail:
            let medium = attributes.value("medium")?.lowercased()
            if state.mediaImage == nil, let url = FieldValue.nonEmpty(attributes.value("url")),
                tag == .mediaThumbnail || medium == "image" || attributes.value("type")?.hasPrefix("image/") == true
            {
                state.mediaImage = Self.resolved(frames, url)
            }
        case .podcastPerson: startPodcastInFeed(depth: depth, attributes: attributes)
        case .unknown, .mediaGroup, .enclosure, .podcastTranscript, .podcastChapters, .podcastSeason, .podcastEpisode:
            break
        default:
            begin(tag, depth, attributes: attributes)
        }
    }

    mutating func startInItem(tag: FeedTag, depth: Int, attributes: XMLAttributes) {
        switch tag {
        case .enclosure:
            if let url = FieldValue.nonEmpty(attributes.value("url")).map({ Self.resolved(frames, $0) }),
                item.article.attachments.contains(where: { $0.url == url }) == false
            {
                item.article.attachments.append(
                    Enclosure(
                        url: url,
                        mimeType: FieldValue.nonEmpty(attributes.value("type")),
                        sizeInBytes: attributes.value("length").flatMap { Int64(FieldValue.trimmedSpaces($0)) }
                            .flatMap { $0 > 0 ? $0 : nil }))
            }
        case .item, .atomEntry: openItem(depth, attributes)
        case .atomLink: itemLink(attributes)
        case .link: if bareAtom { itemLink(attributes) } else { begin(tag, depth) }
        case .atomCategory:
            if let term = FieldValue.nonEmpty(attributes.value("term")) ?? FieldValue.nonEmpty(attributes.value("label")) {
                let scheme = FieldValue.nonEmpty(attributes.value("scheme", reusing: lastCategoryScheme))
                if scheme != nil { lastCategoryScheme = scheme }
                appendCategory(
                    Category(term: term, scheme: scheme, label: FieldValue.nonEmpty(attributes.value("label", reusing: term))))
            }
        case .mediaContent, .mediaThumbnail: media(tag, attributes)
        case .mediaGroup: open(.mediaGroup, depth)
        case .itunesImage:
            if item.itunesImage == nil, let href = attributes.value("href") ?? attributes.value("url") {
                item.itunesImage = Self.resolved(frames, href)
            }
        case .atomAuthor: open(.author(.item), depth)
        case .atomSource: open(.source, depth)
        case .xhtmlBody:
            begin(tag, depth)
            capture?.markup = true
            capture?.skipDivDepth = -1
        case .atomContributor: open(.ignored, depth)
        case .podcastTranscript, .podcastChapters, .podcastSeason, .podcastEpisode, .podcastPerson:
            startPodcastInItem(tag: tag, depth: depth, attributes: attributes)
        case .itunesCategory: itunesCategory(attributes, depth)
        case .itunesKeywords:
            if let text = FieldValue.nonEmpty(attributes.value("text")) { itemKeywords(text) } else { begin(tag, depth) }
        case .unknown: break
        default: begin(tag, depth, attributes: attributes)
        }
    }
}
