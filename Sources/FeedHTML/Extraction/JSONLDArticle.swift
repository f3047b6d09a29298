import Foundation

/// The article a page describes in JSON-LD (`<script type="application/ld+json">`): the first object,
/// top level or in an `@graph` or array, whose `@type` is an article type of schema.org.
struct JSONLDArticle {
    var headline: String?
    var name: String?
    var author: String?
    var datePublished: String?
    var description: String?
    var image: String?
    var publisher: String?
    var inLanguage: String?
    private var found = false

    /// The schema.org types taken for an article.
    private static let articleTypes: Set<String> = [
        "article", "newsarticle", "blogposting", "report", "scholarlyarticle", "techarticle",
        "reportagenewsarticle", "analysisnewsarticle", "opinionnewsarticle", "reviewnewsarticle",
        "backgroundnewsarticle", "livablogposting", "liveblogposting", "socialmediaposting", "medicalscholarlyarticle",
    ]

    /// Reads one script's text; ignored once an article was found or when it is not JSON.
    mutating func read(_ text: String) {
        guard !found else { return }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: "<![CDATA[", with: "").replacingOccurrences(of: "]]>", with: "")
        guard let data = trimmed.data(using: .utf8),
            let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return }
        if let article = Self.article(in: value, depth: 0) { take(article) }
    }

    private static func article(in value: Any, depth: Int) -> [String: Any]? {
        guard depth < 4 else { return nil }
        if let list = value as? [Any] {
            for item in list { if let found = article(in: item, depth: depth + 1) { return found } }
            return nil
        }
        guard let object = value as? [String: Any] else { return nil }
        if isArticle(object["@type"]) { return object }
        if let graph = object["@graph"] { return article(in: graph, depth: depth + 1) }
        return nil
    }

    private static func isArticle(_ type: Any?) -> Bool {
        if let name = type as? String { return articleTypes.contains(name.lowercased()) }
        if let names = type as? [Any] { return names.contains { isArticle($0) } }
        return false
    }

    private mutating func take(_ object: [String: Any]) {
        found = true
        headline = Self.string(object["headline"])
        name = Self.names(object["name"])
        author = Self.names(object["author"]) ?? Self.names(object["creator"])
        datePublished = Self.string(object["datePublished"]) ?? Self.string(object["dateCreated"])
        description = Self.string(object["description"])
        image = Self.url(object["image"]) ?? Self.url(object["thumbnailUrl"])
        publisher = Self.names(object["publisher"])
        inLanguage = Self.string(object["inLanguage"])
    }

    /// The article's title: `headline`, or `name` when the page's `<title>` names that and not the
    /// headline (some sites put a summary line in `headline`).
    func title(documentTitle: String?) -> String? {
        guard let headline else { return name }
        guard let name, name != headline, let documentTitle else { return headline }
        let document = documentTitle.lowercased()
        return document.contains(name.lowercased()) && !document.contains(headline.lowercased()) ? name : headline
    }

    private static func string(_ value: Any?) -> String? {
        if let text = value as? String, !text.isEmpty { return text }
        return nil
    }

    /// A name, or the names of a list of people, joined by ", ".
    private static func names(_ value: Any?) -> String? {
        if let text = string(value) { return text }
        if let object = value as? [String: Any] { return string(object["name"]) }
        if let list = value as? [Any] {
            let all = list.compactMap { names($0) }
            return all.isEmpty ? nil : all.joined(separator: ", ")
        }
        return nil
    }

    /// A URL, the `url` of an object, or the first of a list.
    private static func url(_ value: Any?) -> String? {
        if let text = string(value) { return text }
        if let object = value as? [String: Any] { return string(object["url"]) ?? string(object["contentUrl"]) }
        if let list = value as? [Any] { return list.lazy.compactMap { url($0) }.first }
        return nil
    }
}
