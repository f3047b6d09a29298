import CLibXML2
import Foundation
import TidingsText

/// Turns the element events of one XML feed document into a `Feed` header and `Article`s, handing
/// each article to `onItem` as soon as its element closes.
///
/// Driven by `XMLFeedParser` on the thread that parses; callbacks run synchronously on that thread.
/// A struct so that its hot state is checked for exclusive access statically; its owner frees
/// `text` with `release()`.
struct FeedBuilder {
    /// The kinds of element whose direct children carry fields.
    enum Container {
        case root, feed, item, image, ignored, author(Owner), source, mediaGroup, itunesCategory
    }

    enum Owner { case feed, item, source }

    struct Frame {
        var base: String?
        var lang: String?
    }

    /// A text field being collected between its start and end tags.
    struct Capture {
        var tag: FeedTag
        var depth: Int
        var start: Int
        var markup = false
        var skipDivDepth = 0
        var type: ContentType?
        var base64 = false
        var isPermaLink = true
    }

    private(set) var state = FeedState(feed: Feed(format: .rss20))
    private(set) var formatDetected = false
    private(set) var failure: FeedParseError?
    /// True when no-namespace elements are Atom (a `feed` root without a namespace).
    private(set) var bareAtom = false
    private var item: ItemState?
    private var pendingAuthor = Author()
    private var itemCount = 0
    /// The xml:base / xml:lang scopes in force: one entry for the document, then one more only for
    /// each open element that sets either (most elements do not, and push nothing).
    private var frames: [Frame]
    /// The element depth at which each entry of `frames` was opened.
    private var frameDepths: [Int] = [0]
    /// How many elements are open.
    private var elementDepth = 0
    private var containers: [(kind: Container, depth: Int)] = []
    /// Plain values only, so that the per-event reads and copies of the capture retain nothing.
    private var capture: Capture?
    /// The capture's URL attribute (`src`, `url`, `uri`), kept beside it.
    private var captureURL: String?
    /// The capture's category scheme (`domain`), kept beside it.
    private var captureScheme: String?
    private var text = ByteStorage(capacity: 16 * 1024)
    private var headerSent = false
    private let documentBase: String?
    private let options: FeedParserOptions
    private let onHeader: (Feed) -> Void
    private let onItem: (Article) -> Void

    init(
        documentBase: String?, options: FeedParserOptions, onHeader: @escaping (Feed) -> Void,
        onItem: @escaping (Article) -> Void
    ) {
        self.documentBase = documentBase
        self.options = options
        self.onHeader = onHeader
        self.onItem = onItem
        frames = [Frame(base: documentBase, lang: nil)]
    }

    var isCapturing: Bool { capture != nil }

    /// Frees the text buffer; the builder is unusable afterwards.
    func release() {
        text.deallocate()
    }

    // MARK: Events

    mutating func startElement(
        tag: FeedTag, namespace: FeedNamespace, localName: UnsafePointer<xmlChar>,
        prefix: UnsafePointer<xmlChar>?, attributes: XMLAttributes
    ) -> Bool {
        let depth = elementDepth + 1
        if depth > options.maxDepth {
            failure = .tooDeep(limit: options.maxDepth)
            return false
        }
        elementDepth = depth
        if attributes.count > 0, attributes.hasXMLPrefixed {
            let base = attributes.xmlValue("base")
            let lang = attributes.xmlValue("lang")
            if base != nil || lang != nil {
                var frame = frames.last ?? Frame(base: documentBase, lang: nil)
                if let base { frame.base = URLResolver.resolve(base, against: frame.base) }
                if let lang { frame.lang = lang.isEmpty ? nil : Self.languageTag(lang) }
                frames.append(frame)
                frameDepths.append(depth)
            }
        }

        if var c = capture {
            if c.markup && depth == c.depth + 1 && c.skipDivDepth == 0 && XMLAttributes.equals(localName, "div")
                && !text.slice(c.start..<text.count).contains(where: { !Self.isSpace($0) })
            {
                text.truncate(to: c.start)
                c.skipDivDepth = depth
                capture = c
                return true
            }
            if c.skipDivDepth == 0 {
                c.skipDivDepth = -1
                capture = c
            }
            text.append(UInt8(ascii: "<"))
            appendQualifiedName(localName, prefix)
            attributes.serialize(into: &text)
            text.append(UInt8(ascii: ">"))
            return true
        }
        if depth == 1 { return startRoot(tag: tag, namespace: namespace, localName: localName, attributes: attributes) }
        guard let container = containers.last, depth == container.depth + 1 else { return true }
        switch container.kind {
        case .root:
            switch tag {
            case .channel: open(.feed, depth)
            case .item: openItem(depth, attributes)
            case .image:
                // An RSS 1.0 image is named by its address.
                if state.imageAbout == nil, let about = Self.nonEmpty(attributes.value("about")) {
                    state.imageAbout = Self.resolved(frames, about)
                }
                open(.image, depth)
            case .textInput: open(.ignored, depth)
            default: break
            }
        case .feed:
            startInFeed(tag: tag, depth: depth, attributes: attributes)
        case .item:
            startInItem(tag: tag, depth: depth, attributes: attributes)
        case .image:
            if tag == .url || tag == .title || tag == .link { begin(tag, depth) }
        case .author:
            switch tag {
            case .atomName, .atomEmail, .atomURI, .name, .url: begin(tag, depth)
            default: break
            }
        case .source:
            switch tag {
            case .atomTitle: begin(tag, depth, attributes: attributes)
            case .atomLink: sourceLink(attributes)
            case .atomAuthor: open(.author(.source), depth)
            default: break
            }
        case .itunesCategory:
            if tag == .itunesCategory { itunesCategory(attributes, depth) }
        case .mediaGroup:
            if tag == .mediaContent || tag == .mediaThumbnail { media(tag, attributes) }
        case .ignored:
            break
        }
        return failure == nil
    }

    @inline(__always)
    mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        // Reads one field of the capture: binding the whole value would retain its strings per call.
        guard let markup = capture?.markup else { return }
        if markup {
            MarkupEscaper.escape(bytes, [], into: &text)
        } else {
            text.append(bytes)
        }
    }

    mutating func endElement(localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?) {
        let depth = elementDepth
        if let captureDepth = capture?.depth {
            if depth == captureDepth, let c = capture.take() {
                finishCapture(c)
            } else if depth == capture?.skipDivDepth {
                capture?.skipDivDepth = -1
            } else {
                text.append(UInt8(ascii: "<"))
                text.append(UInt8(ascii: "/"))
                appendQualifiedName(localName, prefix)
                text.append(UInt8(ascii: ">"))
            }
            closeElement()
            return
        }
        if let container = containers.last, container.depth == depth {
            containers.removeLast()
            switch container.kind {
            case .item: closeItem()
            case .author(let owner): closeAuthor(owner)
            default: break
            }
        }
        closeElement()
    }

    /// Leaves the innermost element and the xml:base / xml:lang scope it opened, if any.
    private mutating func closeElement() {
        guard elementDepth > 0 else { return }
        if frameDepths.last == elementDepth {
            frames.removeLast()
            frameDepths.removeLast()
        }
        elementDepth -= 1
    }

    /// Called once the document has ended (or was cut short): hands over a half-read item and the header.
    mutating func finish() -> Feed {
        if item != nil { closeItem() }
        sendHeader()
        return state.finished
    }

    // MARK: Structure

    private mutating func startRoot(
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

    private mutating func open(_ kind: Container, _ depth: Int) {
        containers.append((kind, depth))
    }

    private mutating func openItem(_ depth: Int, _ attributes: XMLAttributes) {
        sendHeader()
        if item != nil { closeItem() }
        itemCount += 1
        if itemCount > options.maxItems {
            failure = .tooManyItems(limit: options.maxItems)
            return
        }
        item = ItemState()
        if let base = frames.last?.base, base != documentBase || documentBase != nil { item?.article.base = base }
        if let lang = frames.last?.lang, lang != state.rootLanguage { item?.article.language = lang }
        if attributes.count > 0, let about = Self.nonEmpty(attributes.value("about")) {
            item?.rdfAbout = Self.resolved(frames, about)
        }
        open(.item, depth)
    }

    private mutating func closeAuthor(_ owner: Owner) {
        let author = pendingAuthor
        pendingAuthor = Author()
        guard !author.isEmpty else { return }
        switch owner {
        case .feed: state.atomAuthors.append(author)
        case .item: item?.authors.append(author)
        case .source: item?.source.authors.append(author)
        }
    }

    private mutating func closeItem() {
        guard let done = item.take() else { return }
        onItem(done.finish(feedAuthors: state.authors, format: state.feed.format))
    }

    private mutating func sendHeader() {
        guard !headerSent else { return }
        headerSent = true
        onHeader(state.finished)
    }

    private mutating func startInFeed(tag: FeedTag, depth: Int, attributes: XMLAttributes) {
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
            if let href = Self.nonEmpty(attributes.value("href") ?? attributes.value("url")) {
                if state.itunesImage == nil { state.itunesImage = Self.resolved(frames, href) }
            } else {
                begin(tag, depth)
            }
        case .itunesCategory: itunesCategory(attributes, depth)
        case .link:
            if bareAtom { feedLink(attributes) } else { begin(tag, depth) }
        case .mediaContent, .mediaThumbnail:
            let medium = attributes.value("medium")?.lowercased()
            if state.mediaImage == nil, let url = Self.nonEmpty(attributes.value("url")),
                tag == .mediaThumbnail || medium == "image" || attributes.value("type")?.hasPrefix("image/") == true
            {
                state.mediaImage = Self.resolved(frames, url)
            }
        case .unknown, .mediaGroup, .enclosure:
            break
        default:
            begin(tag, depth, attributes: attributes)
        }
    }

    private mutating func startInItem(tag: FeedTag, depth: Int, attributes: XMLAttributes) {
        switch tag {
        case .enclosure:
            if let url = Self.nonEmpty(attributes.value("url")).map({ Self.resolved(frames, $0) }),
                item?.article.attachments.contains(where: { $0.url == url }) == false
            {
                item?.article.attachments.append(
                    Enclosure(
                        url: url,
                        mimeType: Self.nonEmpty(attributes.value("type")),
                        sizeInBytes: attributes.value("length").flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
                            .flatMap { $0 > 0 ? $0 : nil }))
            }
        case .item, .atomEntry: openItem(depth, attributes)
        case .atomLink: itemLink(attributes)
        case .link: if bareAtom { itemLink(attributes) } else { begin(tag, depth) }
        case .atomCategory:
            if let term = Self.nonEmpty(attributes.value("term")) ?? Self.nonEmpty(attributes.value("label")) {
                item?.article.categories.append(
                    Category(term: term, scheme: Self.nonEmpty(attributes.value("scheme")), label: Self.nonEmpty(attributes.value("label"))))
            }
        case .mediaContent, .mediaThumbnail: media(tag, attributes)
        case .mediaGroup: open(.mediaGroup, depth)
        case .itunesImage:
            if item?.itunesImage == nil, let href = attributes.value("href") ?? attributes.value("url") {
                item?.itunesImage = Self.resolved(frames, href)
            }
        case .atomAuthor: open(.author(.item), depth)
        case .atomSource: open(.source, depth)
        case .xhtmlBody:
            begin(tag, depth)
            capture?.markup = true
            capture?.skipDivDepth = -1
        case .atomContributor: open(.ignored, depth)
        case .unknown, .itunesCategory: break
        default: begin(tag, depth, attributes: attributes)
        }
    }

    // MARK: Capture

    private mutating func begin(_ tag: FeedTag, _ depth: Int, attributes: XMLAttributes? = nil) {
        var c = Capture(tag: tag, depth: depth, start: text.count)
        captureURL = nil
        captureScheme = nil
        if tag == .atomContent || tag == .contentEncoded || tag == .description, item != nil,
            let base = frames.last?.base, base != item?.article.base
        {
            item?.contentBase = base
        }
        if tag == .atomContent, item != nil, frameDepths.last == depth, let lang = frames.last?.lang {
            item?.contentLanguage = lang
        }
        if let attributes, attributes.count > 0 {
            switch tag {
            case .atomTitle, .atomSubtitle, .atomContent, .atomSummary, .atomRights:
                let type = attributes.value("type")?.lowercased() ?? "text"
                switch type {
                case "xhtml", "application/xhtml+xml": c.type = .xhtml
                case "html", "text/html": c.type = .html
                default: c.type = .text
                }
                if c.type == .xhtml { c.markup = true }
                if c.type == .text, type != "text", type != "text/plain", !type.hasPrefix("text/"),
                    !type.hasSuffix("xml"), state.feed.format == .atom10
                {
                    c.base64 = true
                }
                if let mode = attributes.value("mode")?.lowercased() {
                    if mode == "base64" { c.base64 = true }
                    if mode == "escaped" && c.type == .xhtml { c.markup = false; c.type = .html }
                }
                if tag == .atomContent, let src = attributes.value("src") { captureURL = Self.resolved(frames, src) }
            case .guid:
                if let permalink = attributes.value("isPermaLink") { c.isPermaLink = permalink.lowercased() != "false" }
            case .category:
                captureScheme = Self.nonEmpty(attributes.value("domain"))
            case .source:
                captureURL = attributes.value("url").map { Self.resolved(frames, $0) }
            case .atomGenerator:
                captureURL = attributes.value("uri") ?? attributes.value("url")
            default:
                break
            }
        } else if tag == .atomTitle || tag == .atomSubtitle || tag == .atomContent || tag == .atomSummary {
            c.type = .text
        }
        capture = c
    }

    private mutating func finishCapture(_ c: Capture) {
        capture = nil
        var start = c.start
        var end = text.count
        while start < end, Self.isSpace(text[start]) { start += 1 }
        while end > start, Self.isSpace(text[end - 1]) { end -= 1 }
        if c.tag == .pubDate || c.tag == .lastBuildDate || c.tag == .dcDate || c.tag == .atomUpdated
            || c.tag == .atomPublished || c.tag == .atomCreated || c.tag == .dctermsModified
            || c.tag == .dctermsIssued || c.tag == .dctermsCreated
        {
            let date = DateParser.parse(bytes: text.slice(start..<end))
            text.truncate(to: c.start)
            assignDate(c.tag, date)
            return
        }
        var value: String?
        if start < end {
            value = String(decoding: text.slice(start..<end), as: UTF8.self)
        }
        text.truncate(to: c.start)
        if c.base64, let encoded = value, let data = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters),
            let decoded = String(bytes: data, encoding: .utf8)
        {
            value = decoded
        }
        guard let value else { return }
        if containers.last.map({ if case .item = $0.kind { return true } else { return false } }) == true {
            assignItem(c, value)
        } else {
            assignOther(c, value)
        }
    }

    private mutating func assignDate(_ tag: FeedTag, _ date: Date?) {
        guard let date, let container = containers.last else { return }
        switch container.kind {
        case .item:
            switch tag {
            case .pubDate: if item?.pubDate == nil { item?.pubDate = date }
            case .dcDate: if item?.dcDate == nil { item?.dcDate = date }
            case .atomPublished: if item?.atomPublished == nil { item?.atomPublished = date }
            case .atomUpdated: if item?.atomUpdated == nil { item?.atomUpdated = date }
            case .atomCreated, .dctermsCreated: if item?.created == nil { item?.created = date }
            case .dctermsModified: item?.termsModified = date
            case .dctermsIssued: item?.termsIssued = date
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

    private mutating func assignItem(_ c: Capture, _ value: String) {
        guard item != nil else { return }
        switch c.tag {
        case .title:
            if item?.article.title == nil { item?.article.title = FieldText.plain(value) }
        case .atomTitle:
            if item?.article.title == nil { item?.article.title = Self.text(c, value) }
        case .dcTitle: item?.dcTitle = FieldText.plain(value)
        case .link: if item?.link == nil { item?.link = Self.resolved(frames, value) }
        case .description: if item?.description == nil { item?.description = value }
        case .contentEncoded: if item?.encoded == nil { item?.encoded = value }
        case .xhtmlBody: if item?.xhtmlBody == nil { item?.xhtmlBody = value }
        case .atomContent:
            if item?.content == nil {
                item?.content = value
                item?.contentType = c.type ?? .text
            }
        case .atomSummary: if item?.atomSummary == nil { item?.atomSummary = value }
        case .itunesSummary: item?.itunesSummary = value
        case .itunesSubtitle: item?.itunesSubtitle = value
        case .dcDescription: item?.dcDescription = value
        case .guid:
            if item?.guid == nil {
                item?.guid = value
                item?.guidIsPermaLink = c.isPermaLink && state.feed.format == .rss20
            }
        case .atomID: if item?.guid == nil { item?.guid = value; item?.guidIsPermaLink = false }
        case .author: if let a = Self.author(value) { item?.authors.append(a) }
        case .dcCreator, .dcAuthor: if let a = Self.author(value) { item?.creators.append(a) }
        case .itunesAuthor: item?.itunesAuthor = Self.author(value)
        case .category, .dcSubject:
            item?.article.categories.append(Category(term: value, scheme: captureScheme))
        case .comments: item?.article.comments = Self.resolved(frames, value)
        case .wfwCommentRss: item?.commentRss = Self.resolved(frames, value)
        case .slashComments: item?.article.commentCount = Int(value)
        case .source:
            item?.source.title = value
            if let url = captureURL { item?.source.url = url }
        case .itunesDuration: item?.duration = Self.duration(value)
        case .itunesKeywords:
            for keyword in value.split(separator: ",") {
                let word = Self.trimmed(String(keyword))
                if !word.isEmpty { item?.article.categories.append(Category(term: word)) }
            }
        case .language, .dcLanguage: item?.dcLanguage = Self.languageTag(value)
        default: break
        }
    }

    private mutating func assignOther(_ c: Capture, _ value: String) {
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
            if c.tag == .atomTitle { item?.source.title = Self.text(c, value) }
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
        case .language: if state.feed.language == nil { state.feed.language = Self.languageTag(value) }
        case .dcLanguage: state.dcLanguage = Self.languageTag(value)
        case .copyright, .dcRights: if state.feed.rights == nil { state.feed.rights = FieldText.plain(value) }
        case .atomRights: if state.feed.rights == nil { state.feed.rights = Self.text(c, value) }
        case .managingEditor: state.managingEditor = Self.author(value)
        case .webMaster: state.webMaster = Self.author(value)
        case .dcCreator, .author, .dcAuthor: if let a = Self.author(value) { state.creators.append(a) }
        case .itunesAuthor: state.itunesAuthor = Self.author(value)
        case .category, .dcSubject: state.feed.categories.append(value)
        case .itunesKeywords:
            for keyword in value.split(separator: ",") {
                let word = Self.trimmed(String(keyword))
                if !word.isEmpty, !state.feed.categories.contains(word) { state.feed.categories.append(word) }
            }
        case .itunesImage:
            if state.itunesImage == nil { state.itunesImage = Self.resolved(frames, value) }
        case .generator, .atomGenerator: if state.feed.generator == nil { state.feed.generator = value }
        case .ttl: state.feed.ttl = Int(value)
        case .atomIcon: if state.feed.favicon == nil { state.feed.favicon = Self.resolved(frames, value) }
        case .atomLogo:
            if state.imageURL == nil { state.imageURL = Self.resolved(frames, value) }
        case .syUpdatePeriod: state.updatePeriod = value
        case .syUpdateFrequency: state.updateFrequency = Int(value)
        default: break
        }
    }

    // MARK: Attribute-only elements

    /// The `href` of a link. An empty one is no link when it would resolve to the address the
    /// document came from (feeds write `href=""` for a link they do not have); under an `xml:base`
    /// the document sets itself, it means that base, as RFC 3986 resolves it.
    private func href(_ attributes: XMLAttributes) -> String? {
        guard let href = attributes.value("href") else { return nil }
        if let value = Self.nonEmpty(href) { return value }
        guard let base = frames.last?.base, base != documentBase else { return nil }
        return base
    }

    /// iTunes categories (nested ones too) become feed categories.
    private mutating func itunesCategory(_ attributes: XMLAttributes, _ depth: Int) {
        if let text = Self.nonEmpty(attributes.value("text")), !state.feed.categories.contains(text) {
            state.feed.categories.append(text)
        }
        open(.itunesCategory, depth)
    }

    /// A language tag as BCP 47 writes it: `en_US` is `en-US`.
    static func languageTag(_ value: String) -> String {
        let tag = Self.trimmed(value)
        return tag.utf8.contains(UInt8(ascii: "_")) ? tag.replacingOccurrences(of: "_", with: "-") : tag
    }

    private mutating func feedLink(_ attributes: XMLAttributes) {
        guard let href = href(attributes) else { return }
        let rel = attributes.value("rel")?.lowercased() ?? "alternate"
        let url = Self.resolved(frames, href)
        switch rel {
        case "self":
            if state.feed.feedURL == nil { state.feed.feedURL = url }
        case "alternate":
            let isHTML = attributes.value("type").map { $0.contains("html") } ?? true
            if state.feed.homePageURL == nil || (isHTML && !state.alternateIsHTML && state.feed.format != .rss20) {
                if state.feed.homePageURL == nil || state.feed.format == .atom10 || state.feed.format == .atom03 {
                    state.feed.homePageURL = url
                    state.alternateIsHTML = isHTML
                }
            }
        default:
            break
        }
    }

    private mutating func itemLink(_ attributes: XMLAttributes) {
        guard let href = href(attributes), item != nil else { return }
        let rel = attributes.value("rel")?.lowercased() ?? "alternate"
        let url = Self.resolved(frames, href)
        if item?.firstLink == nil { item?.firstLink = url }
        switch rel {
        case "alternate":
            let isHTML = attributes.value("type").map { $0.contains("html") } ?? true
            if item?.alternateLink == nil || (isHTML && item?.alternateIsHTML == false) {
                item?.alternateLink = url
                item?.alternateIsHTML = isHTML
            }
        case "related":
            if item?.article.externalURL == nil { item?.article.externalURL = url }
        case "enclosure":
            item?.article.attachments.append(
                Enclosure(
                    url: url, mimeType: Self.nonEmpty(attributes.value("type")), title: Self.nonEmpty(attributes.value("title")),
                    sizeInBytes: attributes.value("length").flatMap { Int64($0) }.flatMap { $0 > 0 ? $0 : nil }))
        case "replies":
            if item?.article.comments == nil, attributes.value("type")?.contains("html") == true {
                item?.article.comments = url
            }
        default:
            break
        }
    }

    private mutating func sourceLink(_ attributes: XMLAttributes) {
        guard let href = Self.nonEmpty(attributes.value("href")) else { return }
        let rel = attributes.value("rel")?.lowercased() ?? "alternate"
        if rel == "self" || item?.source.url == nil { item?.source.url = Self.resolved(frames, href) }
    }

    private mutating func media(_ tag: FeedTag, _ attributes: XMLAttributes) {
        guard item != nil, let raw = Self.nonEmpty(attributes.value("url")) else { return }
        let url = Self.resolved(frames, raw)
        if tag == .mediaThumbnail {
            if item?.mediaThumbnail == nil { item?.mediaThumbnail = url }
            return
        }
        let type = Self.nonEmpty(attributes.value("type"))
        let medium = attributes.value("medium")?.lowercased()
        if medium == "image" || type?.hasPrefix("image/") == true {
            if item?.mediaImage == nil { item?.mediaImage = url }
            return
        }
        if item?.article.attachments.contains(where: { $0.url == url }) == true { return }
        item?.article.attachments.append(
            Enclosure(
                url: url, mimeType: type,
                sizeInBytes: attributes.value("fileSize").flatMap { Int64($0) }.flatMap { $0 > 0 ? $0 : nil },
                durationInSeconds: attributes.value("duration").flatMap { Double($0) }))
    }

    // MARK: Helpers

    /// The plain text of an Atom text construct: HTML and XHTML through `FieldText`, text as written.
    private static func text(_ c: Capture, _ value: String) -> String? {
        c.type == .html || c.type == .xhtml ? FieldText.plain(value) : value
    }

    /// An RSS author string (`email (Name)`, `Name <email>`) with the name as plain text.
    private static func author(_ value: String) -> Author? {
        guard var author = AuthorText.parse(value) else { return nil }
        if let name = author.name { author.name = FieldText.plain(name) }
        return author.isEmpty ? nil : author
    }

    private static func resolved(_ frames: [Frame], _ reference: String) -> String {
        URLResolver.resolve(trimmed(reference), against: frames.last?.base)
    }

    private static func nonEmpty(_ s: String?) -> String? {
        guard let s else { return nil }
        let t = Self.trimmed(s)
        return t.isEmpty ? nil : t
    }

    /// The string without leading and trailing XML whitespace (no Foundation on the hot path).
    static func trimmed(_ s: String) -> String {
        let u = s.utf8
        guard let f = u.first, let l = u.last, isSpace(f) || isSpace(l) else { return s }
        var start = u.startIndex
        var end = u.endIndex
        while start < end, isSpace(u[start]) { start = u.index(after: start) }
        while end > start, isSpace(u[u.index(before: end)]) { end = u.index(before: end) }
        return String(s[start..<end])
    }

    private mutating func appendQualifiedName(_ localName: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?) {
        if let prefix {
            text.append(UnsafeBufferPointer(start: prefix, count: strlenX(prefix)))
            text.append(UInt8(ascii: ":"))
        }
        text.append(UnsafeBufferPointer(start: localName, count: strlenX(localName)))
    }

    @inline(__always)
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    /// Seconds from an iTunes duration: `SS`, `MM:SS` or `HH:MM:SS`.
    static func duration(_ text: String) -> Double? {
        var total = 0.0
        for part in text.split(separator: ":", omittingEmptySubsequences: false) {
            guard let v = Double(part.trimmingCharacters(in: .whitespaces)), v >= 0 else { return nil }
            total = total * 60 + v
        }
        return total
    }
}
