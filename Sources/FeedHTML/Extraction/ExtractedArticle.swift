import Foundation

/// The article a web page carries, as `ArticleExtractor` found it: the body (sanitized HTML and its
/// plain text) and what the page says about it.
public struct ExtractedArticle: Sendable, Hashable {
    /// The headline, without the site name a `<title>` adds.
    public var title: String?
    /// Who wrote it, as the page names them.
    public var byline: String?
    /// When it was published, when the page says.
    public var published: Date?
    /// The page's language tag (`<html lang>` or its metadata).
    public var lang: String?
    /// A one-paragraph summary: the page's description, else the body's first paragraph.
    public var excerpt: String?
    /// The address of the article's main image, absolute.
    public var leadImage: String?
    /// The body, sanitized by `HTMLSanitizer`, its URLs absolute.
    public var contentHTML: String
    /// The body as plain text, paragraphs separated by a blank line.
    public var text: String
    /// How many words `text` holds (runs of letters and digits; each CJK character counts as one).
    public var wordCount: Int
    /// The address the body's relative references were resolved against (the page's `<base href>`
    /// made absolute with its URL, else its URL): what to sanitize or render `contentHTML` with again.
    public var baseURL: String?

    public init(
        title: String?, byline: String?, published: Date?, lang: String?, excerpt: String?, leadImage: String?,
        contentHTML: String, text: String, wordCount: Int, baseURL: String? = nil
    ) {
        self.title = title
        self.byline = byline
        self.published = published
        self.lang = lang
        self.excerpt = excerpt
        self.leadImage = leadImage
        self.contentHTML = contentHTML
        self.text = text
        self.wordCount = wordCount
        self.baseURL = baseURL
    }
}
