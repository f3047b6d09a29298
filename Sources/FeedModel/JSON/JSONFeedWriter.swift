import FeedHTML
import Foundation

/// Writes feeds as JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/) with Tidings' `_tidings`
/// extension objects, as the CLI contract describes: unknown members omitted, authors known only by
/// e-mail written as `mailto:` URLs, dates in RFC 3339 UTC.
///
/// Streams: `header`, then `item` once per article, then `footer`, each returning bytes to write, so
/// an export never holds the whole document. `document(_:)` does all three. A value type with no
/// shared state; use one writer per document.
public struct JSONFeedWriter: Sendable {
    /// Indent with two spaces and one member per line; compact otherwise.
    public var pretty: Bool
    /// Pass `content_html` and `summary` through `HTMLSanitizer` (on by default; `--raw` turns it off).
    public var sanitize: Bool
    private var header: Feed?
    private var itemsWritten = 0

    public init(pretty: Bool = true, sanitize: Bool = true) {
        self.pretty = pretty
        self.sanitize = sanitize
    }

    /// The whole document for a feed and its items.
    public static func document(for feed: Feed, pretty: Bool = true, sanitize: Bool = true) -> [UInt8] {
        var writer = JSONFeedWriter(pretty: pretty, sanitize: sanitize)
        var out: [UInt8] = []
        writer.writeHeader(feed, into: &out)
        for article in feed.items { writer.writeItem(article, into: &out) }
        writer.writeFooter(feed, into: &out)
        return out
    }

    /// The opening of the document: the feed's members known so far, up to the start of `items`.
    public mutating func header(_ feed: Feed) -> [UInt8] {
        var bytes: [UInt8] = []
        writeHeader(feed, into: &bytes)
        return bytes
    }

    /// One item of the `items` array.
    public mutating func item(_ article: Article) -> [UInt8] {
        var bytes: [UInt8] = []
        writeItem(article, into: &bytes)
        return bytes
    }

    /// The end of the document: members that became known after the header, then `_tidings`.
    public mutating func footer(_ feed: Feed) -> [UInt8] {
        var bytes: [UInt8] = []
        writeFooter(feed, into: &bytes)
        return bytes
    }

    /// Appends the header to `buffer`.
    public mutating func writeHeader(_ feed: Feed, into buffer: inout [UInt8]) {
        header = feed
        var out = JSONOutput(pretty: pretty)
        defer { out.flush(into: &buffer) }
        out.raw("{")
        var first = true
        out.key("version", level: 1, first: &first)
        out.raw("\"https://jsonfeed.org/version/1.1\"")
        writeFeedMembers(feed, known: nil, into: &out, first: &first)
        out.key("items", level: 1, first: &first)
        out.raw("[")
    }

    /// Appends one item of the `items` array to `buffer`.
    public mutating func writeItem(_ article: Article, into buffer: inout [UInt8]) {
        writeItem(article, body: ArticleBody(article), into: &buffer)
    }

    /// Appends one item of the `items` array to `buffer`, its body fields taken from `body` (those of
    /// `article` are not read), as `FeedParser.parse(chunks:onHeader:onItemBody:)` hands them over.
    public mutating func writeItem(_ article: Article, body: ArticleBody, into buffer: inout [UInt8]) {
        var out = JSONOutput(pretty: pretty)
        defer { out.flush(into: &buffer) }
        if itemsWritten > 0 { out.raw(",") }
        itemsWritten += 1
        out.newline(2)
        out.raw("{")
        var first = true
        let level = 3
        out.field("id", article.id, level: level, first: &first)
        out.field("url", article.url, level: level, first: &first)
        out.field("external_url", article.externalURL, level: level, first: &first)
        out.field("title", article.title, level: level, first: &first)
        let base = article.base
        if let v = body.contentHTML {
            out.key("content_html", level: level, first: &first)
            writeHTML(v, base: base, into: &out)
        }
        if let v = body.contentText {
            out.key("content_text", level: level, first: &first)
            out.text(v)
        }
        if let v = body.summary {
            out.key("summary", level: level, first: &first)
            writeHTML(v, base: base, into: &out)
        }
        out.field("image", article.image, level: level, first: &first)
        out.field("date_published", article.published, level: level, first: &first)
        out.field("date_modified", article.modified, level: level, first: &first)
        if !article.authors.isEmpty {
            out.key("authors", level: level, first: &first)
            writeAuthors(article.authors, level: level, into: &out)
        }
        let tags = article.categories.count < 2 ? article.categories.map(\.term) : article.tags
        if !tags.isEmpty {
            out.key("tags", level: level, first: &first)
            out.array(tags, level: level) { out, tag in out.string(tag) }
        }
        out.field("language", article.language, level: level, first: &first)
        out.objects("attachments", article.attachments, level: level, first: &first) { out, a, f in
            out.field("url", a.url, level: level + 2, first: &f)
            out.field("mime_type", a.mimeType, level: level + 2, first: &f)
            out.field("title", a.title, level: level + 2, first: &f)
            if let v = a.sizeInBytes { out.key("size_in_bytes", level: level + 2, first: &f); out.integer(v) }
            if let v = a.durationInSeconds {
                out.key("duration_in_seconds", level: level + 2, first: &f)
                out.number(v)
            }
        }
        writeItemExtension(article, level: level, into: &out, first: &first)
        out.newline(2)
        out.raw("}")
    }

    /// An HTML body field, through `HTMLSanitizer` when sanitizing.
    private func writeHTML(_ value: ArticleBody.Text, base: String?, into out: inout JSONOutput) {
        if sanitize {
            out.string(HTMLSanitizer.sanitize(value.string, baseURL: base))
        } else {
            out.text(value)
        }
    }

    /// Appends the end of the document to `buffer`.
    public mutating func writeFooter(_ feed: Feed, into buffer: inout [UInt8]) {
        var out = JSONOutput(pretty: pretty)
        defer { out.flush(into: &buffer) }
        if itemsWritten > 0 { out.newline(1) }
        out.raw("]")
        var first = false
        writeFeedMembers(feed, known: header, into: &out, first: &first)
        out.key("_tidings", level: 1, first: &first)
        out.raw("{")
        var f = true
        let level = 2
        out.key("format", level: level, first: &f)
        out.string(feed.format.rawValue)
        out.key("wellformed", level: level, first: &f)
        out.bool(feed.wellformed)
        out.field("error", feed.error, level: level, first: &f)
        if !feed.isComplete {
            out.key("complete", level: level, first: &f)
            out.bool(false)
        }
        out.field("updated", feed.updated, level: level, first: &f)
        out.field("generator", feed.generator, level: level, first: &f)
        out.field("rights", feed.rights, level: level, first: &f)
        if let v = feed.ttl { out.key("ttl", level: level, first: &f); out.integer(Int64(v)) }
        if !feed.categories.isEmpty {
            out.key("categories", level: level, first: &f)
            out.array(feed.categories, level: level) { out, c in out.string(c) }
        }
        if let image = feed.image {
            out.key("image", level: level, first: &f)
            out.raw("{")
            var g = true
            out.key("url", level: level + 1, first: &g)
            out.string(image.url)
            out.field("title", image.title, level: level + 1, first: &g)
            out.field("link", image.link, level: level + 1, first: &g)
            out.newline(level)
            out.raw("}")
        }
        out.field("encoding", feed.encoding, level: level, first: &f)
        out.newline(1)
        out.raw("}")
        out.newline(0)
        out.raw("}")
        out.raw("\n")
    }

    /// Writes the top-level members of `feed`, skipping those `known` already carried.
    private func writeFeedMembers(_ feed: Feed, known: Feed?, into out: inout JSONOutput, first: inout Bool) {
        func fresh(_ value: String?, _ old: String?) -> String? {
            guard let value else { return nil }
            return old == nil ? value : nil
        }
        out.field("title", fresh(feed.title, known?.title), level: 1, first: &first)
        if let v = fresh(feed.homePageURL, known?.homePageURL) {
            out.key("home_page_url", level: 1, first: &first)
            out.string(v)
        }
        out.field("feed_url", fresh(feed.feedURL, known?.feedURL), level: 1, first: &first)
        if let v = fresh(feed.description, known?.description) {
            out.key("description", level: 1, first: &first)
            out.string(v)
        }
        out.field("icon", fresh(feed.icon, known?.icon), level: 1, first: &first)
        out.field("favicon", fresh(feed.favicon, known?.favicon), level: 1, first: &first)
        if !feed.authors.isEmpty, known?.authors.isEmpty ?? true {
            out.key("authors", level: 1, first: &first)
            writeAuthors(feed.authors, level: 1, into: &out)
        }
        out.field("language", fresh(feed.language, known?.language), level: 1, first: &first)
    }

    private func writeAuthors(_ authors: [Author], level: Int, into out: inout JSONOutput) {
        out.objects(authors, level: level) { out, author, f in
            out.field("name", author.name, level: level + 2, first: &f)
            out.field("url", author.url ?? author.email.map { "mailto:" + $0 }, level: level + 2, first: &f)
            out.field("avatar", author.avatar, level: level + 2, first: &f)
        }
    }

    private func writeCategories(_ categories: [Category], level: Int, into out: inout JSONOutput) {
        out.objects(categories, level: level) { out, c, g in
            out.field("term", c.term, level: level + 2, first: &g)
            out.field("scheme", c.scheme, level: level + 2, first: &g)
            out.field("label", c.label, level: level + 2, first: &g)
        }
    }

    private func writeItemExtension(_ article: Article, level: Int, into out: inout JSONOutput, first: inout Bool) {
        let hasCategories = !article.categories.isEmpty
        guard article.comments != nil || article.source != nil || hasCategories || article.base != nil
            || article.contentType != nil || article.commentCount != nil || article.podcast != nil
        else { return }
        out.key("_tidings", level: level, first: &first)
        out.raw("{")
        var f = true
        let inner = level + 1
        out.field("comments", article.comments, level: inner, first: &f)
        if let v = article.commentCount { out.key("comment_count", level: inner, first: &f); out.integer(Int64(v)) }
        if let source = article.source {
            out.key("source", level: inner, first: &f)
            out.raw("{")
            var g = true
            out.field("id", source.id, level: inner + 1, first: &g)
            out.field("title", source.title, level: inner + 1, first: &g)
            out.field("subtitle", source.subtitle, level: inner + 1, first: &g)
            out.field("url", source.url, level: inner + 1, first: &g)
            out.field("icon", source.icon, level: inner + 1, first: &g)
            out.field("logo", source.logo, level: inner + 1, first: &g)
            out.field("rights", source.rights, level: inner + 1, first: &g)
            out.field("generator", source.generator, level: inner + 1, first: &g)
            if !source.authors.isEmpty {
                out.key("authors", level: inner + 1, first: &g)
                writeAuthors(source.authors, level: inner + 1, into: &out)
            }
            if !source.categories.isEmpty {
                out.key("categories", level: inner + 1, first: &g)
                writeCategories(source.categories, level: inner + 1, into: &out)
            }
            out.newline(inner)
            out.raw("}")
        }
        if hasCategories {
            out.key("categories", level: inner, first: &f)
            writeCategories(article.categories, level: inner, into: &out)
        }
        out.field("base", article.base, level: inner, first: &f)
        if let v = article.contentType { out.key("content_type", level: inner, first: &f); out.string(v.rawValue) }
        if let v = article.podcast {
            out.key("podcast", level: inner, first: &f)
            out.podcast(v, level: inner)
        }
        out.newline(level)
        out.raw("}")
    }
}
