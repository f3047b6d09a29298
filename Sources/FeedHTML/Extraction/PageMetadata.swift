import CLibXML2
import Foundation

/// What a page says about its article outside the body: JSON-LD, Open Graph and other `<meta>`
/// elements, `<title>`, `<html lang>`, `<base href>` and the first `<time datetime>`.
struct PageMetadata {
    var title: String?
    var byline: String?
    var published: Date?
    var lang: String?
    var excerpt: String?
    var leadImage: String?
    var siteName: String?
    /// The text direction of `<html dir>` or `<body dir>`, lower case.
    var direction: String?
    /// The URL relative references resolve against: `<base href>` made absolute with the page's URL.
    var baseURL: String?

    /// Reads the metadata of `tree`, whose address is `url`.
    init(_ tree: PageTree, url: String?) {
        baseURL = url
        var meta: [String: String] = [:]
        var properties = Set<String>()
        var documentTitle: String?
        var time: String?
        var headings: [String] = []
        var linkedData = JSONLDArticle()
        guard let root = tree.root else { return }
        if let value = root.attribute("lang"), !value.isEmpty { lang = PageText.collapsed(value) }
        direction = (root.attribute("dir") ?? tree.body?.attribute("dir")).map { $0.lowercased() }
        var node: xmlNodePtr? = root
        while let current = node {
            var descend = true
            if current.isElement {
                switch current.kind {
                case .meta:
                    Self.readMeta(current, into: &meta, properties: &properties)
                    descend = false
                case .title:
                    if documentTitle == nil { documentTitle = current.collapsedText }
                    descend = false
                case .base:
                    if let href = current.attribute("href"), !href.isEmpty, baseURL == url {
                        baseURL = URLResolver.resolve(href.trimmingCharacters(in: .whitespaces), against: url)
                    }
                case .script:
                    if current.attribute("type")?.lowercased().contains("ld+json") == true {
                        linkedData.read(current.allText)
                    }
                    descend = false
                case .time:
                    let marked = current.attribute("pubdate") != nil
                        || current.attribute("itemprop")?.lowercased() == "datepublished"
                    if time == nil || marked, let value = current.attribute("datetime"), !value.isEmpty {
                        time = value
                    }
                case .h1, .h2:
                    if headings.count < 16 { headings.append(current.collapsedText) }
                    descend = false
                case .style, .svg, .noscript, .template:
                    descend = false
                default:
                    break
                }
            }
            node = current.next(within: root, descend: descend)
        }
        siteName = linkedData.publisher ?? meta["og:site_name"]
        title = Self.first(linkedData.title(documentTitle: documentTitle), meta["dc:title"], meta["dcterm:title"], meta["og:title"],
            meta["weibo:article:title"], meta["weibo:webpage:title"], meta["title"], meta["twitter:title"], meta["parsely-title"])
            ?? documentTitle.map { TitleCleaner.clean($0, headings: headings) } ?? headings.first
        if let chosen = title, let documentTitle, chosen == documentTitle {
            title = TitleCleaner.clean(chosen, headings: headings)
        }
        byline = Self.first(linkedData.author, meta["dc:creator"], meta["dcterm:creator"], meta["author"],
            meta["parsely-author"]).flatMap(Self.byline)
        excerpt = Self.first(linkedData.description, meta["dc:description"], meta["dcterm:description"],
            meta["og:description"], meta["weibo:article:description"], meta["weibo:webpage:description"],
            meta["description"], meta["twitter:description"])
        let date = Self.first(linkedData.datePublished, meta["article:published_time"], meta["parsely-pub-date"],
            meta["dc:date"], meta["dcterm:date"], time)
        published = date.flatMap { DateParser.parse($0) }
        if lang == nil {
            lang = Self.first(linkedData.inLanguage, meta["content-language"], meta["og:locale"].map {
                $0.replacingOccurrences(of: "_", with: "-")
            })
        }
        if let image = Self.first(linkedData.image, meta["og:image"], meta["og:image:url"], meta["twitter:image"]) {
            leadImage = HTMLURL.safe(image, base: baseURL)
        }
    }

    /// The first value that is not empty.
    private static func first(_ values: String?...) -> String? {
        for value in values {
            if let value { let text = PageText.collapsed(value); if !text.isEmpty { return text } }
        }
        return nil
    }

    /// A byline that is a name, not an address.
    private static func byline(_ text: String) -> String? {
        let lower = text.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || text.count > 200 { return nil }
        return text
    }

    /// Files a `<meta>` under its lower-case `property`, `name` or `http-equiv` (`:` for `.`). The
    /// first of each key stays, except that a `property` (Open Graph's own form) wins over a `name`.
    private static func readMeta(_ node: xmlNodePtr, into meta: inout [String: String], properties: inout Set<String>) {
        guard let content = node.attribute("content"), !content.isEmpty else { return }
        func file(_ key: some StringProtocol, override: Bool) {
            let normal = key.lowercased().trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ".", with: ":")
            guard !normal.isEmpty else { return }
            if override && !properties.contains(normal) || meta[normal] == nil { meta[normal] = content }
            if override { properties.insert(normal) }
        }
        if let property = node.attribute("property") {
            for key in property.split(separator: " ") { file(key, override: true) }
        }
        if let name = node.attribute("name") { file(name, override: false) }
        if let equiv = node.attribute("http-equiv") { file(equiv, override: false) }
        if node.attribute("itemprop")?.lowercased() == "datepublished" { file("article:published_time", override: false) }
    }
}
