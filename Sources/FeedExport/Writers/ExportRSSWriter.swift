import FeedModel
import FeedStore

/// `--format rss`: an RSS 2.0 aggregate ("planet") feed. Each item carries its source feed in
/// `<source url="FEED">Title</source>`, its sanitized body in `<description>` (and the summary
/// there, with the body in `content:encoded`, when it has both), authors as `dc:creator`, the first
/// enclosure, categories, comments, a `guid` (never claimed a permalink) and an episode's podcast
/// details (`itunes:episodeType`, `podcast:*`, each element declaring its namespace, so that feeds
/// without them are written as before).
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
        if let podcast = article.podcast { Self.podcast(podcast, into: &out) }
        out.element("<guid isPermaLink=\"false\">", ExportArticle.identifier(article), "</guid>\n")
        out.element("<pubDate>", article.published ?? article.date, ExportDate.rfc822, "</pubDate>\n")
        out.raw("<source")
        out.attribute("url", ExportArticle.feedURL(article))
        out.element(">", article.feedTitle, "</source>\n</item>\n")
    }

    func end(count: Int, into out: inout ExportBuffer) {
        out.raw("</channel>\n</rss>\n")
    }

    private static func podcast(_ p: PodcastEpisode, into out: inout ExportBuffer) {
        if let type = p.episodeType {
            out.element("<itunes:episodeType xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\">", type, "</itunes:episodeType>\n")
        }
        if let season = p.season {
            out.raw("<podcast:season xmlns:podcast=\"https://podcastindex.org/namespace/1.0\"")
            if let name = p.seasonName { out.attribute("name", name) }
            out.element(">", String(season), "</podcast:season>\n")
        }
        if let episode = p.episode {
            out.raw("<podcast:episode xmlns:podcast=\"https://podcastindex.org/namespace/1.0\"")
            if let display = p.episodeDisplay { out.attribute("display", display) }
            let number = episode == episode.rounded() ? String(Int64(episode)) : String(episode)
            out.element(">", number, "</podcast:episode>\n")
        }
        for t in p.transcripts {
            out.raw("<podcast:transcript xmlns:podcast=\"https://podcastindex.org/namespace/1.0\"")
            out.attribute("url", t.url)
            out.attribute("type", t.type ?? "text/plain")
            if let v = t.language { out.attribute("language", v) }
            if let v = t.rel { out.attribute("rel", v) }
            out.raw("/>\n")
        }
        if let c = p.chapters {
            out.raw("<podcast:chapters xmlns:podcast=\"https://podcastindex.org/namespace/1.0\"")
            out.attribute("url", c.url)
            out.attribute("type", c.type ?? "application/json+chapters")
            out.raw("/>\n")
        }
        for person in p.persons {
            out.raw("<podcast:person xmlns:podcast=\"https://podcastindex.org/namespace/1.0\"")
            if let v = person.role { out.attribute("role", v) }
            if let v = person.group { out.attribute("group", v) }
            if let v = person.img { out.attribute("img", v) }
            if let v = person.href { out.attribute("href", v) }
            out.element(">", person.name, "</podcast:person>\n")
        }
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
