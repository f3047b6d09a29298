import FeedHTML
import FeedModel
import FeedStore
import Foundation

/// The pieces of a stored article that several formats derive the same way. Everything here is
/// untrusted until escaped or sanitized by the writer.
enum ExportArticle {
    /// The article's link: its URL, else its external URL.
    static func link(_ article: StoredArticle) -> String? {
        article.url ?? article.externalURL
    }

    /// The article's feed as a URL: a local feed file's path becomes a `file:` URL, so aggregate feeds
    /// can name it where they require a URL (RSS `source url`, Atom `source` ids and links).
    static func feedURL(_ article: StoredArticle) -> String {
        guard article.feedURL.hasPrefix("/") else { return article.feedURL }
        return URL(fileURLWithPath: article.feedURL).absoluteString
    }

    /// The URL relative links in its HTML are resolved against.
    static func baseURL(_ article: StoredArticle) -> String? {
        article.url ?? article.feedSiteURL ?? article.feedURL
    }

    /// The main body: sanitized HTML, or plain text when the feed gave text; nil when there is none.
    static func body(_ article: StoredArticle) -> Body? {
        if let content = article.content, !content.isEmpty {
            if article.contentType == .text { return .text(content) }
            return .html(HTMLSanitizer.sanitize(content, baseURL: baseURL(article)))
        }
        if let summary = article.summary, !summary.isEmpty {
            return .html(HTMLSanitizer.sanitize(summary, baseURL: baseURL(article)))
        }
        return nil
    }

    /// The summary as sanitized HTML, when the article has both a summary and a fuller content.
    static func separateSummary(_ article: StoredArticle) -> String? {
        guard let content = article.content, !content.isEmpty, let summary = article.summary, !summary.isEmpty
        else { return nil }
        return HTMLSanitizer.sanitize(summary, baseURL: baseURL(article))
    }

    /// A stable identifier: the feed's own, else the link, else one made from the store's id.
    static func identifier(_ article: StoredArticle) -> String {
        article.guid ?? article.url ?? "urn:tidings:article:\(article.id)"
    }

    /// True for URLs a reader may follow from an exported page: http, https, ftp and mailto only.
    static func isSafeLink(_ url: String) -> Bool {
        // The scheme compared as ASCII bytes, lowercased and packed into one integer: no string is
        // made per link. A colon followed by a non-ASCII scalar (which might combine with it into
        // one character) goes the slow way, so the answer is always the one by characters.
        var scheme: UInt64 = 0
        var iterator = url.utf8.makeIterator()
        var length = 0
        while let b = iterator.next() {
            if b == UInt8(ascii: ":") {
                if let next = iterator.next(), next >= 0x80 { return isSafeScheme(url) }
                return safeSchemes.contains(scheme)
            }
            guard b < 0x80, length < 6 else { return isSafeScheme(url) }
            scheme = scheme << 8 | UInt64((b >= 0x41 && b <= 0x5A) ? b | 0x20 : b)
            length += 1
        }
        return false
    }

    private static let safeSchemes: [UInt64] = ["http", "https", "ftp", "mailto"].map { name in
        name.utf8.reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func isSafeScheme(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":") else { return false }
        switch url[..<colon].lowercased() {
        case "http", "https", "ftp", "mailto": return true
        default: return false
        }
    }

    /// An article body: sanitized HTML or plain text.
    enum Body: Sendable {
        case html(String)
        case text(String)
    }
}
