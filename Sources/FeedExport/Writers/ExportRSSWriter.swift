import FeedStore

/// `--format rss`: an RSS 2.0 aggregate ("planet") feed. Each item carries its source feed in
/// `<source url="FEED">Title</source>`, its sanitized body in `<description>` (and the summary
/// there, with the body in `content:encoded`, when it has both), authors as `dc:creator`, the first
/// enclosure, categories, comments and a `guid` (never claimed a permalink).
struct ExportRSSWriter: ExportWriter {
    let context: ExportContext
    var preparation: ExportPreparation { .bodyAndSummary }

    func begin(into out: inout ExportBuffer) {
        out.xmlDeclaration()
        out.raw("""
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" \
            xmlns:dc="http://purl.org/dc/elements/1.1/">
            <channel>
            <title>Tidings</title>

            """)
        out.element("link", ExportContext.feedLink)
        out.element("description", context.description)
        out.element("<lastBuildDate>", context.generated, ExportDate.rfc822, "</lastBuildDate>\n")
        out.raw("<generator>Tidings</generator>\n<docs>https://www.rssboard.org/rss-specification</docs>\n")
    }

    func write(_ item: ExportItem, into out: inout ExportBuffer) {
        let article = item.article
        out.raw("<item>\n")
        out.element("title", article.title ?? "(untitled)")
        if let link = ExportArticle.link(article) { out.element("link", link) }
        if let html = item.body.map(Self.html) {
            out.element("description", item.summary ?? html)
            if item.summary != nil { out.element("content:encoded", html) }
        }
        for author in item.authors {
            if let name = author.name ?? author.email, !name.isEmpty { out.element("dc:creator", name) }
        }
        for tag in article.tags { out.element("category", tag) }
        if let comments = article.comments { out.element("comments", comments) }
        if let enclosure = article.enclosures.first {
            out.raw("<enclosure")
            out.attribute("url", enclosure.url)
            out.attribute("length", max(0, enclosure.sizeInBytes ?? 0))
            out.attribute("type", enclosure.mimeType ?? "application/octet-stream")
            out.raw("/>\n")
        }
        out.element("<guid isPermaLink=\"false\">", ExportArticle.identifier(article), "</guid>\n")
        out.element("<pubDate>", article.published ?? article.date, ExportDate.rfc822, "</pubDate>\n")
        out.raw("<source")
        out.attribute("url", ExportArticle.feedURL(article))
        out.element(">", article.feedTitle, "</source>\n</item>\n")
    }

    func end(count: Int, into out: inout ExportBuffer) {
        out.raw("</channel>\n</rss>\n")
    }

    /// The body as HTML: a plain-text body becomes one escaped paragraph.
    private static func html(_ body: ExportArticle.Body) -> String {
        switch body {
        case .html(let html):
            return html
        case .text(let text):
            var escaped = ExportBuffer(capacity: text.utf8.count + 16)
            escaped.element("<p>", text, "</p>")
            return String(decoding: escaped.bytes, as: UTF8.self)
        }
    }
}
