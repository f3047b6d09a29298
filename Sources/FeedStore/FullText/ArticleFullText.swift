import Foundation

/// An article's extracted full text, stored beside the feed's own summary and content (never in
/// their place): the page it came from, when, and either the sanitized HTML and plain text of the
/// article found there, or why there is none.
public struct ArticleFullText: Sendable, Hashable {
    package let articleID: Int64
    /// The page fetched (the address after redirects when there was a response).
    public let pageURL: String
    package let fetchedAt: Date
    /// The article body, sanitized HTML; nil when no fetch succeeded yet.
    public let html: String?
    /// The article body as plain text, paragraphs separated by a blank line.
    public let text: String?
    /// Why the last fetch gave no full text ("HTTP 404", "not HTML", ...); nil after a success.
    public let failure: String?

    package init(articleID: Int64, pageURL: String, fetchedAt: Date, html: String?, text: String?, failure: String?) {
        self.articleID = articleID
        self.pageURL = pageURL
        self.fetchedAt = fetchedAt
        self.html = html
        self.text = text
        self.failure = failure
    }

    /// Whether there is a full text to show instead of the summary.
    package var hasText: Bool { text != nil }
}
