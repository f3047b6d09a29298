import FeedStore

/// `--format atom`: an Atom 1.0 (RFC 4287) aggregate feed. Each entry carries its source feed in
/// `<source>` (id, title, self and alternate links), its sanitized body as `content` (html or
/// text) with the summary beside it when it has both, its authors, categories and enclosures.
/// The feed itself names Tidings as author, so entries without one stay valid.
struct ExportAtomWriter: ExportWriter {
    var preparation: ExportPreparation { .bodyAndSummary }
    private let context: ExportContext

    init(context: ExportContext) {
        self.context = context
    }

    func begin(into out: inout ExportBuffer) {
        out.raw("""
            <?xml version="1.0" encoding="UTF-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom">
            <id>
            """)
        out.xml(context.feedID)
        out.raw("</id>\n<title>Tidings</title>\n")
        if let state = context.stateName {
            out.raw("<subtitle>Articles new to the export state ")
            out.xml(state)
            out.raw("</subtitle>\n")
        }
        out.raw("<updated>")
        ExportDate.rfc3339(context.generated, into: &out)
        out.raw("</updated>\n<author><name>Tidings</name></author>\n<generator>Tidings</generator>\n")
    }

    func write(_ item: ExportItem, into out: inout ExportBuffer) {
        let article = item.article
        out.raw("<entry>\n<id>")
        out.xml(Self.iri(article))
        out.raw("</id>\n<title type=\"text\">")
        out.xml(article.title ?? "(untitled)")
        out.raw("</title>\n")
        if let link = article.url { self.link("alternate", link, type: nil, length: nil, into: &out) }
        if let external = article.externalURL { self.link("related", external, type: nil, length: nil, into: &out) }
        for enclosure in article.enclosures {
            self.link("enclosure", enclosure.url, type: enclosure.mimeType, length: enclosure.sizeInBytes, into: &out)
        }
        out.raw("<updated>")
        ExportDate.rfc3339(article.updated ?? article.published ?? article.date, into: &out)
        out.raw("</updated>\n")
        if let published = article.published {
            out.raw("<published>")
            ExportDate.rfc3339(published, into: &out)
            out.raw("</published>\n")
        }
        for author in article.authors {
            guard let name = author.name ?? author.email, !name.isEmpty else { continue }
            out.raw("<author><name>")
            out.xml(name)
            out.raw("</name>")
            if let email = author.email {
                out.raw("<email>")
                out.xml(email)
                out.raw("</email>")
            }
            if let uri = author.url {
                out.raw("<uri>")
                out.xml(uri)
                out.raw("</uri>")
            }
            out.raw("</author>\n")
        }
        for tag in article.tags {
            out.raw("<category term=\"")
            out.xml(tag)
            out.raw("\"/>\n")
        }
        if let summary = item.summary {
            out.raw("<summary type=\"html\">")
            out.xml(summary)
            out.raw("</summary>\n")
        }
        switch item.body {
        case .html(let html)?:
            out.raw("<content type=\"html\">")
            out.xml(html)
            out.raw("</content>\n")
        case .text(let text)?:
            out.raw("<content type=\"text\">")
            out.xml(text)
            out.raw("</content>\n")
        case nil:
            break
        }
        let feedURL = ExportArticle.feedURL(article)
        out.raw("<source>\n<id>")
        out.xml(feedURL)
        out.raw("</id>\n<title>")
        out.xml(article.feedTitle)
        out.raw("</title>\n")
        link("self", feedURL, type: nil, length: nil, into: &out)
        if let site = article.feedSiteURL { link("alternate", site, type: nil, length: nil, into: &out) }
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

    private func link(_ rel: StaticString, _ href: String, type: String?, length: Int64?, into out: inout ExportBuffer) {
        out.raw("<link rel=\"")
        out.raw(rel)
        out.raw("\" href=\"")
        out.xml(href)
        out.byte(UInt8(ascii: "\""))
        if let type {
            out.raw(" type=\"")
            out.xml(type)
            out.byte(UInt8(ascii: "\""))
        }
        if let length, length > 0 {
            out.raw(" length=\"")
            out.integer(length)
            out.byte(UInt8(ascii: "\""))
        }
        out.raw("/>\n")
    }
}
