import Foundation
import FeedModel

/// How an entry is recognised when it comes back, within one feed.
///
/// The identity key is the entry's id/guid (`g:`), else its link (`u:`), else a hash of its title
/// and date (`h:`, FNV-1a 64; with neither, of its text). Ids and links that are http(s) URLs are
/// compared without their scheme and with the host in lower case, so a guid moving from http to
/// https is the same article.
///
/// `ArticleWriter` matches an incoming entry to a stored one first by identity key; failing that,
/// by link (`urlKey`), but only when the link is unambiguous — exactly one stored article of the
/// feed and one entry of the document carry it — and the stored article's own identity is not in the
/// document (so two live entries sharing a link are never merged). The stored identity then becomes
/// the new one, so a feed that changes all its guids keeps its articles and marks.
enum ArticleIdentity {
    static func key(for article: Article, text: String?) -> String {
        if let guid = nonEmpty(article.id) { return "g:" + normalized(guid) }
        if let url = nonEmpty(article.url) { return "u:" + normalized(url) }
        var hash = StableHash()
        hash.add(article.title)
        hash.add((article.published ?? article.modified)?.timeIntervalSince1970)
        if nonEmpty(article.title) == nil { hash.add(text) }
        return "h:" + hash.hex
    }

    static func urlKey(for article: Article) -> String? {
        nonEmpty(article.url).map(normalized)
    }

    /// Drops an http/https scheme and lower-cases the host; other strings are only trimmed.
    static func normalized(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lower = trimmed.lowercased()
        let rest: Substring
        if lower.hasPrefix("https://") {
            rest = trimmed.dropFirst(8)
        } else if lower.hasPrefix("http://") {
            rest = trimmed.dropFirst(7)
        } else {
            return trimmed
        }
        guard let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) else {
            return "//" + rest.lowercased()
        }
        return "//" + rest[..<slash].lowercased() + rest[slash...]
    }

    static func nonEmpty(_ text: String?) -> String? {
        guard let text, text.contains(where: { !$0.isWhitespace }) else { return nil }
        return text
    }
}
