import FeedStore

/// `--format atom`: an Atom 1.0 (RFC 4287) aggregate feed. Each entry carries its source feed in
/// `<source>` (id, title, self and alternate links), its sanitized body as `content` (html or
/// text) with the summary beside it when it has both, its authors, categories and enclosures.
/// The feed itself names Tidings as author, so entries without one stay valid.
struct ExportAtomWriter: ExportWriter {
    let context: ExportContext
    var preparation: ExportPreparation { .bodyAndSummary }

    func begin(into out: inout ExportBuffer) {
        out.xmlDeclaration()
        out.raw("<feed xmlns=\"http://www.w3.org/2005/Atom\">\n")
        out.element("id", context.feedID)
        out.raw("<title>Tidings</title>\n")
        if context.stateName != nil { out.element("subtitle", context.description) }
        out.element("<updated>", context.generated, ExportDate.rfc3339, "</updated>\n")
        out.raw("<author><name>Tidings</name></author>\n<generator>Tidings</generator>\n")
    }

    func write(_ item: ExportItem, into out: inout ExportBuffer) {
        let article = item.article
        out.raw("<entry>\n")
        out.element("id", Self.iri(article))
        out.element("<title type=\"text\">", article.title ?? "(untitled)", "</title>\n")
        if let link = article.url { Self.link("alternate", link, into: &out) }
        if let external = article.externalURL { Self.link("related", external, into: &out) }
        for enclosure in article.enclosures {
            Self.link("enclosure", enclosure.url, type: enclosure.mimeType, length: enclosure.sizeInBytes, into: &out)
        }
        let updated = article.updated ?? article.published ?? article.date
        out.element("<updated>", updated, ExportDate.rfc3339, "</updated>\n")
        if let published = article.published {
            out.element("<published>", published, ExportDate.rfc3339, "</published>\n")
        }
        for author in item.authors {
            guard let name = author.name ?? author.email, !name.isEmpty else { continue }
            out.element("<author><name>", name, "</name>")
            if let email = author.email { out.element("<email>", email, "</email>") }
            if let uri = author.url { out.element("<uri>", uri, "</uri>") }
            out.raw("</author>\n")
        }
        for tag in article.tags {
            out.raw("<category")
            out.attribute("term", tag)
            out.raw("/>\n")
        }
        if let summary = item.summary { out.element("<summary type=\"html\">", summary, "</summary>\n") }
        switch item.body {
        case .html(let html)?: out.element("<content type=\"html\">", html, "</content>\n")
        case .text(let text)?: out.element("<content type=\"text\">", text, "</content>\n")
        case nil: break
        }
        let feedURL = ExportArticle.feedURL(article)
        out.raw("<source>\n")
        out.element("id", feedURL)
        out.element("title", article.feedTitle)
        Self.link("self", feedURL, into: &out)
        if let site = article.feedSiteURL { Self.link("alternate", site, into: &out) }
        out.raw("</source>\n</entry>\n")
    }

    func end(count: Int, into out: inout ExportBuffer) {
        out.raw("</feed>\n")
    }

    /// The entry id: the feed's own when it is an IRI (has a scheme), else the link, else one made
    /// from the store's id.
    static func iri(_ article: StoredArticle) -> String {
        for candidate in [article.guid, article.url] {
            guard let candidate, hasScheme(candidate), !candidate.contains(where: \.isWhitespace) else { continue }
            return candidate
        }
        return "urn:tidings:article:\(article.id)"
    }

    private static func hasScheme(_ text: String) -> Bool {
        var count = 0
        for b in text.utf8 {
            if b == UInt8(ascii: ":") { return count > 0 }
            let letter = (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
            let other = (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-")
                || b == UInt8(ascii: ".")
            guard letter || (count > 0 && other) else { return false }
            count += 1
        }
        return false
    }

    private static func link(
        _ rel: StaticString, _ href: String, type: String? = nil, length: Int64? = nil, into out: inout ExportBuffer
    ) {
        out.raw("<link rel=\"")
        out.raw(rel)
        out.byte(UInt8(ascii: "\""))
        out.attribute("href", href)
        if let type { out.attribute("type", type) }
        if let length, length > 0 { out.attribute("length", length) }
        out.raw("/>\n")
    }
}
