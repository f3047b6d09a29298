import FeedHTML
import FeedModel
import FeedStore
import Foundation
import Mustache

/// `--template FILE`: any other shape, from a Mustache template (hummingbird-project/swift-mustache)
/// over the same data as the built-in formats.
///
/// The template is rendered in pieces so it streams like the other formats: the text before a
/// top-level `{{#articles}}` section once at the start, the section's inside once per article, the
/// text after it once at the end. A template without an `{{#articles}}` section is rendered once per
/// article. `{{ }}` escapes HTML as Mustache does; use `{{{ }}}` or `{{% CONTENT_TYPE: TEXT }}` for
/// plain text. The data:
/// - everywhere: `title` ("Tidings"), `generated` (RFC 3339 UTC), `generated_local`, `state`;
/// - after the section also `count` and `articles` (true when there were any, for `{{^articles}}`);
/// - per article: `id`, `guid`, `title`, `url`, `external_url`, `feed`, `feed_url`, `feed_site_url`,
///   `date` (RFC 3339 UTC), `date_local`, `timestamp`, `published`, `updated`, `author`, `authors`
///   ([{name, email, url}]), `tags` ([string]), `enclosures` ([{url, mime_type, size}]), `podcast`
///   (an episode's details, named as `_tidings.podcast` in JSON), `image`,
///   `comments`, `read`, `starred`, `index` (from 1), `first`, and — read from the store only when the
///   template names them — `content_html`, `summary_html` (sanitized) and `content_text`.
struct ExportTemplateWriter: ExportWriter {
    private let head: MustacheTemplate?
    private let item: MustacheTemplate
    private let tail: MustacheTemplate?
    private let globals: [String: Any]
    private let wantsContent: Bool
    private var index = 0

    /// Parses the template text; throws `ExportError.templateInvalid` naming the line and column.
    init(text: String, path: String, context: ExportContext) throws {
        do {
            _ = try MustacheTemplate(string: text)
        } catch let error as MustacheTemplate.ParserError {
            throw ExportError.templateInvalid(
                path: path,
                reason: "\(error.error) at line \(error.context.lineNumber), column \(error.context.columnNumber)")
        }
        let parts = Self.split(text)
        do {
            head = parts.head.isEmpty ? nil : try MustacheTemplate(string: parts.head)
            item = try MustacheTemplate(string: parts.item)
            tail = parts.tail.isEmpty ? nil : try MustacheTemplate(string: parts.tail)
        } catch {
            throw ExportError.templateInvalid(path: path, reason: "the articles section cannot be rendered alone: \(error)")
        }
        wantsContent = ["content_html", "summary_html", "content_text"].contains { text.contains($0) }
        var globals: [String: Any] = [
            "title": "Tidings",
            "generated": ExportDate.string(context.generated, ExportDate.rfc3339),
            "generated_local": ExportDate.string(context.generated, ExportDate.local),
        ]
        if let state = context.stateName { globals["state"] = state }
        self.globals = globals
    }

    /// Bodies are prepared only when the template names them.
    var preparation: ExportPreparation { wantsContent ? .body : .headlines }

    func begin(into out: inout ExportBuffer) {
        if let head { out.raw(head.render(globals)) }
    }

    mutating func write(_ prepared: ExportItem, into out: inout ExportBuffer) {
        index += 1
        out.raw(item.render(data(prepared)))
    }

    func end(count: Int, into out: inout ExportBuffer) {
        guard let tail else { return }
        var values = globals
        values["count"] = count
        values["articles"] = count > 0
        out.raw(tail.render(values))
    }

    private func data(_ prepared: ExportItem) -> [String: Any] {
        let article = prepared.article
        var values = globals
        values["id"] = article.id
        values["index"] = index
        values["first"] = index == 1
        values["title"] = article.title ?? ""
        values["feed"] = article.feedTitle
        values["feed_url"] = article.feedURL
        values["date"] = ExportDate.string(article.date, ExportDate.rfc3339)
        values["date_local"] = ExportDate.string(article.date, ExportDate.local)
        values["timestamp"] = Int64(article.date.timeIntervalSince1970.rounded(.down))
        values["read"] = article.read
        values["starred"] = article.starred
        values["tags"] = article.tags
        if let v = article.guid { values["guid"] = v }
        if let v = article.url { values["url"] = v }
        if let v = article.externalURL { values["external_url"] = v }
        if let v = article.feedSiteURL { values["feed_site_url"] = v }
        if let v = article.published { values["published"] = ExportDate.string(v, ExportDate.rfc3339) }
        if let v = article.updated { values["updated"] = ExportDate.string(v, ExportDate.rfc3339) }
        if let v = prepared.author { values["author"] = v }
        if let v = article.image { values["image"] = v }
        if let v = article.comments { values["comments"] = v }
        let authors = prepared.authors
        if !authors.isEmpty {
            values["authors"] = authors.map { author -> [String: Any] in
                var a: [String: Any] = [:]
                if let v = author.name { a["name"] = v }
                if let v = author.email { a["email"] = v }
                if let v = author.url { a["url"] = v }
                return a
            }
        }
        let enclosures = article.enclosures
        if !enclosures.isEmpty {
            values["enclosures"] = enclosures.map { e -> [String: Any] in
                var a: [String: Any] = ["url": e.url]
                if let v = e.mimeType { a["mime_type"] = v }
                if let v = e.sizeInBytes { a["size"] = v }
                return a
            }
        }
        if let podcast = article.podcast, let data = try? JSONEncoder().encode(podcast),
            let object = try? JSONSerialization.jsonObject(with: data)
        {
            // The same names as `_tidings.podcast` in JSON: one vocabulary for both.
            values["podcast"] = object
        }
        if wantsContent {
            switch prepared.body {
            case .html(let html)?:
                values["content_html"] = html
                values["content_text"] = HTMLText.plainText(html)
            case .text(let text)?:
                values["content_text"] = text
            case nil:
                break
            }
            if let summary = article.summary, !summary.isEmpty {
                values["summary_html"] = HTMLSanitizer.sanitize(summary, baseURL: ExportArticle.baseURL(article))
            }
        }
        return values
    }

    /// The template cut around its top-level `{{#articles}}…{{/articles}}` section (a tag alone on
    /// its line takes its line with it, as Mustache's standalone rule says), with any pragma tags of
    /// the head repeated in front of the other parts.
    static func split(_ text: String) -> (head: String, item: String, tail: String) {
        let tags = sectionTags(in: text)
        var depth = 0
        var open: Range<String.Index>?
        var close: Range<String.Index>?
        for (range, opening) in tags {
            if opening {
                if depth == 0 && open == nil { open = range }
                depth += 1
            } else if depth > 0 {
                depth -= 1
                if depth == 0 && open != nil {
                    close = range
                    break
                }
            }
        }
        guard let open, let close else { return ("", text, "") }
        let openLine = standaloneLine(open, in: text)
        let closeLine = standaloneLine(close, in: text)
        let head = String(text[..<openLine.lowerBound])
        let pragmas = pragmaTags(in: head)
        return (head, pragmas + String(text[openLine.upperBound..<closeLine.lowerBound]),
                pragmas + String(text[closeLine.upperBound...]))
    }

    /// `{{#articles}}` (opening) and `{{/articles}}` tags, with white space allowed inside the braces.
    private static func sectionTags(in text: String) -> [(Range<String.Index>, Bool)] {
        var found: [(Range<String.Index>, Bool)] = []
        var search = text.startIndex
        while let start = text.range(of: "{{", range: search..<text.endIndex) {
            guard let end = text.range(of: "}}", range: start.upperBound..<text.endIndex) else { break }
            let inside = text[start.upperBound..<end.lowerBound].trimmingCharacters(in: .whitespaces)
            if let sigil = inside.first, sigil == "#" || sigil == "/",
               inside.dropFirst().trimmingCharacters(in: .whitespaces) == "articles" {
                found.append((start.lowerBound..<end.upperBound, sigil == "#"))
            }
            search = end.upperBound
        }
        return found
    }

    /// The tag's range widened to its whole line (with the line break) when nothing else is on it.
    private static func standaloneLine(_ tag: Range<String.Index>, in text: String) -> Range<String.Index> {
        var start = tag.lowerBound
        while start > text.startIndex {
            let previous = text.index(before: start)
            if text[previous] == "\n" || text[previous] == "\r\n" { break }
            guard text[previous] == " " || text[previous] == "\t" else { return tag }
            start = previous
        }
        var end = tag.upperBound
        while end < text.endIndex, text[end] == " " || text[end] == "\t" { end = text.index(after: end) }
        if end < text.endIndex {
            guard text[end] == "\n" || text[end] == "\r\n" else { return tag }
            end = text.index(after: end)
        }
        return start..<end
    }

    private static func pragmaTags(in text: String) -> String {
        var pragmas = ""
        var search = text.startIndex
        while let start = text.range(of: "{{%", range: search..<text.endIndex),
              let end = text.range(of: "}}", range: start.upperBound..<text.endIndex) {
            pragmas += text[start.lowerBound..<end.upperBound]
            search = end.upperBound
        }
        return pragmas
    }
}
