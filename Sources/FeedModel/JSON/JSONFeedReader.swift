import FeedHTML
import Foundation

/// Reads JSON Feed 1.0 and 1.1 documents (https://www.jsonfeed.org/version/1.1/) into a `Feed`.
/// Runs on the caller's thread; the closures are called before `parse` returns.
enum JSONFeedReader {
    static func parse(
        _ bytes: [UInt8], baseURL: String?, options: FeedParserOptions, onHeader: (Feed) -> Void,
        onItem: (Article) -> Void
    ) throws(FeedParseError) -> Feed {
        let data = Data(bytes)
        var wellformed = true
        var problem: String?
        var complete = true
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            switch JSONCutOff.check(bytes) {
            case .whole:
                guard let recovered = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
                    throw .notAFeed(reason: "invalid JSON")
                }
                object = recovered
                problem = "malformed JSON read leniently"
            case .cut(let closed):
                guard let recovered = try? JSONSerialization.jsonObject(with: Data(closed), options: []) else {
                    throw .notAFeed(reason: "invalid JSON, and it ends before its top-level object closes")
                }
                object = recovered
                complete = false
                problem = "the document ends before its top-level object closes"
            case .nothingWhole:
                throw .notAFeed(reason: "invalid JSON: it ends before its first member is whole")
            }
            wellformed = false
        }
        guard let root = object as? [String: Any] else { throw .notAFeed(reason: "JSON document is not an object") }
        let version = root["version"] as? String ?? ""
        guard version.contains("jsonfeed.org/version/") || root["items"] is [Any] else {
            throw .notAFeed(reason: "JSON document without a JSON Feed version")
        }
        let base = string(root["feed_url"]) ?? baseURL
        var feed = Feed(format: version.hasSuffix("/1") || version.hasSuffix("/1/") ? .jsonFeed10 : .jsonFeed11)
        if !version.contains("jsonfeed.org/version/") { feed.format = .jsonFeed11 }
        feed.title = string(root["title"])
        feed.homePageURL = url(root["home_page_url"], base)
        feed.feedURL = url(root["feed_url"], baseURL)
        feed.description = string(root["description"])
        feed.icon = url(root["icon"], base)
        feed.favicon = url(root["favicon"], base)
        feed.authors = authors(root, base)
        feed.language = string(root["language"])
        feed.wellformed = wellformed
        feed.error = problem
        feed.isComplete = complete
        onHeader(feed)
        let items = root["items"] as? [Any] ?? []
        if items.count > options.maxItems { throw .tooManyItems(limit: options.maxItems) }
        for case let entry as [String: Any] in items {
            var a = Article()
            if let id = entry["id"] as? String { a.id = id } else if let n = entry["id"] as? NSNumber {
                a.id = n.stringValue
            }
            a.url = url(entry["url"], base)
            a.externalURL = url(entry["external_url"], base)
            a.title = string(entry["title"])
            a.contentHTML = string(entry["content_html"])
            a.contentText = string(entry["content_text"])
            a.contentType = a.contentHTML != nil ? .html : (a.contentText != nil ? .text : nil)
            a.summary = string(entry["summary"])
            a.image = url(entry["image"], base) ?? url(entry["banner_image"], base)
            a.published = string(entry["date_published"]).flatMap { DateParser.parse($0) }
            a.modified = string(entry["date_modified"]).flatMap { DateParser.parse($0) }
            a.authors = authors(entry, base)
            if a.authors.isEmpty { a.authors = feed.authors }
            a.language = string(entry["language"])
            for case let tag as String in entry["tags"] as? [Any] ?? [] where !tag.isEmpty {
                a.categories.append(Category(term: tag))
            }
            for case let attachment as [String: Any] in entry["attachments"] as? [Any] ?? [] {
                guard let link = url(attachment["url"], base) else { continue }
                a.attachments.append(
                    Enclosure(
                        url: link, mimeType: string(attachment["mime_type"]), title: string(attachment["title"]),
                        sizeInBytes: (attachment["size_in_bytes"] as? NSNumber)?.int64Value,
                        durationInSeconds: (attachment["duration_in_seconds"] as? NSNumber)?.doubleValue))
            }
            onItem(a)
        }
        return feed
    }

    /// A JSON string value without the NUL a `\u0000` escape can carry (no text, and it would cut the
    /// stored value). Other controls stay as the feed sent them: escape sequences are removed whole
    /// where text is shown, which needs their ESC to find them.
    private static func string(_ value: Any?) -> String? {
        guard var s = value as? String else { return nil }
        if s.unicodeScalars.contains("\u{0}") { s.unicodeScalars.removeAll { $0 == "\u{0}" } }
        let t = s.trimmingCharacters(in: .whitespacesAndNewlines)
        return t.isEmpty ? nil : s
    }

    private static func url(_ value: Any?, _ base: String?) -> String? {
        string(value).map { URLResolver.resolve($0.trimmingCharacters(in: .whitespaces), against: base) }
    }

    private static func authors(_ object: [String: Any], _ base: String?) -> [Author] {
        var list: [[String: Any]] = []
        if let many = object["authors"] as? [Any] {
            list = many.compactMap { $0 as? [String: Any] }
        } else if let one = object["author"] as? [String: Any] {
            list = [one]
        }
        return list.compactMap { entry in
            var author = Author(name: string(entry["name"]), url: url(entry["url"], base), avatar: url(entry["avatar"], base))
            if let link = author.url, link.hasPrefix("mailto:") {
                author.email = String(link.dropFirst(7))
                author.url = nil
            }
            return author.isEmpty ? nil : author
        }
    }
}
