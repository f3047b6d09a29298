import FeedModel
import FeedStore
import Foundation

/// One export format: turns the stream of articles into bytes. `begin` once, `write` per article in
/// list order, `end` once with the number written; each appends to the buffer it is given, which
/// the controller flushes as it fills, so a writer never holds more than the article at hand.
/// Bodies arrive already sanitized in `ExportItem` (see `preparation`), so the costly part can run
/// on other threads while the writer renders in order.
protocol ExportWriter {
    /// What the items handed to `write` must carry.
    var preparation: ExportPreparation { get }
    mutating func begin(into out: inout ExportBuffer) throws
    mutating func write(_ item: ExportItem, into out: inout ExportBuffer) throws
    mutating func end(count: Int, into out: inout ExportBuffer) throws
}

/// How much of an article a format needs prepared (read with content and sanitized) before writing.
enum ExportPreparation: Sendable {
    /// Headlines only: nothing is read beyond the list columns.
    case headlines
    /// The sanitized body.
    case body
    /// The sanitized body and, when the article has both, the sanitized summary.
    case bodyAndSummary
}

/// An article with what its format needs prepared: `body` and `summary` are set as the writer's
/// `preparation` asks.
struct ExportItem: Sendable {
    let article: StoredArticle
    let body: ExportArticle.Body?
    let summary: String?

    init(_ article: StoredArticle, preparation: ExportPreparation) {
        self.article = article
        switch preparation {
        case .headlines:
            body = nil
            summary = nil
        case .body:
            body = ExportArticle.body(article)
            summary = nil
        case .bodyAndSummary:
            body = ExportArticle.body(article)
            summary = ExportArticle.separateSummary(article)
        }
    }
}

/// What every writer may need besides the articles.
struct ExportContext: Sendable {
    /// When the export ran (feed-level dates of the aggregate formats).
    let generated: Date
    /// The `--new` state, if any (it names the aggregate feed so its id stays stable).
    let stateName: String?
    /// Set when standard output is a terminal: its width in cells.
    let terminalWidth: Int?
    /// Makes one line of untrusted text safe for that terminal.
    let terminalLine: @Sendable (String) -> String

    /// The channel link of the aggregate feeds, which RSS requires and no exported feed provides:
    /// a syntactically valid URL in the reserved `.invalid` domain.
    static let feedLink = "https://tidings.invalid/"

    /// The aggregate feed's stable identifier: one per export state, one for plain exports.
    var feedID: String {
        guard let stateName else { return "urn:tidings:export" }
        var id = "urn:tidings:export:"
        for b in stateName.utf8 {
            let safe = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "_")
            id += safe ? String(UnicodeScalar(b)) : "%" + (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true)
        }
        return id
    }
}

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

    /// The first author's name (else e-mail address), for formats with one author field.
    static func author(_ article: StoredArticle) -> String? {
        for author in article.authors {
            if let name = author.name ?? author.email, !name.isEmpty { return name }
        }
        return nil
    }

    /// A stable identifier: the feed's own, else the link, else one made from the store's id.
    static func identifier(_ article: StoredArticle) -> String {
        article.guid ?? article.url ?? "urn:tidings:article:\(article.id)"
    }

    /// True for URLs a reader may follow from an exported page: http, https, ftp and mailto only.
    static func isSafeLink(_ url: String) -> Bool {
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
