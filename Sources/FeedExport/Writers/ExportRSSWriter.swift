import FeedStore

/// `--format rss`: an RSS 2.0 aggregate ("planet") feed. Each item carries its source feed in
/// `<source url="FEED">Title</source>`, its sanitized body in `<description>` (and the summary
/// there, with the body in `content:encoded`, when it has both), authors as `dc:creator`, the first
/// enclosure, categories, comments and a `guid` (never claimed a permalink).
struct ExportRSSWriter: ExportWriter {
    var preparation: ExportPreparation { .bodyAndSummary }
    private let context: ExportContext

    init(context: ExportContext) {
        self.context = context
    }

    func begin(into out: inout ExportBuffer) {
        out.raw("""
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" \
            xmlns:dc="http://purl.org/dc/elements/1.1/">
            <channel>
            <title>Tidings</title>
            <link>\(ExportContext.feedLink)</link>
            <description>
            """)
        if let state = context.stateName {
            out.raw("Articles new to the export state ")
            out.xml(state)
        } else {
            out.raw("Articles exported by Tidings")
        }
        out.raw("</description>\n<lastBuildDate>")
        ExportDate.rfc822(context.generated, into: &out)
        out.raw("</lastBuildDate>\n<generator>Tidings</generator>\n<docs>https://www.rssboard.org/rss-specification</docs>\n")
    }

    func write(_ item: ExportItem, into out: inout ExportBuffer) {
        let article = item.article
        out.raw("<item>\n")
        element("title", article.title ?? "(untitled)", into: &out)
        if let link = ExportArticle.link(article) { element("link", link, into: &out) }
        let summary = item.summary
        switch item.body {
        case .html(let html)?:
            element("description", summary ?? html, into: &out)
            if summary != nil { element("content:encoded", html, into: &out) }
        case .text(let text)?:
            var escaped = ExportBuffer(capacity: text.utf8.count + 16)
            escaped.xml(text)
            let html = "<p>" + String(decoding: escaped.bytes, as: UTF8.self) + "</p>"
            element("description", summary ?? html, into: &out)
            if summary != nil { element("content:encoded", html, into: &out) }
        case nil:
            break
        }
        for author in article.authors {
            if let name = author.name ?? author.email, !name.isEmpty { element("dc:creator", name, into: &out) }
        }
        for tag in article.tags { element("category", tag, into: &out) }
        if let comments = article.comments { element("comments", comments, into: &out) }
        if let enclosure = article.enclosures.first {
            out.raw("<enclosure url=\"")
            out.xml(enclosure.url)
            out.raw("\" length=\"")
            out.integer(max(0, enclosure.sizeInBytes ?? 0))
            out.raw("\" type=\"")
            out.xml(enclosure.mimeType ?? "application/octet-stream")
            out.raw("\"/>\n")
        }
        out.raw("<guid isPermaLink=\"false\">")
        out.xml(ExportArticle.identifier(article))
        out.raw("</guid>\n<pubDate>")
        ExportDate.rfc822(article.published ?? article.date, into: &out)
        out.raw("</pubDate>\n<source url=\"")
        out.xml(ExportArticle.feedURL(article))
        out.raw("\">")
        out.xml(article.feedTitle)
        out.raw("</source>\n</item>\n")
    }

    func end(count: Int, into out: inout ExportBuffer) {
        out.raw("</channel>\n</rss>\n")
    }

    private func element(_ name: StaticString, _ text: String, into out: inout ExportBuffer) {
        out.byte(UInt8(ascii: "<"))
        out.raw(name)
        out.byte(UInt8(ascii: ">"))
        out.xml(text)
        out.raw("</")
        out.raw(name)
        out.raw(">\n")
    }
}
