import CLibXML2
import Foundation

/// Finds the article in a web page, locally: its body (sanitized HTML and plain text) and its title,
/// byline, date, language, excerpt and lead image.
///
/// The page is parsed by libxml2's HTML parser into a tree. Its metadata comes from JSON-LD, Open
/// Graph and `<meta>` elements, `<title>`, `<time>` and `<html lang>` (`PageMetadata`). The body is
/// found by scoring paragraphs and their containers (`PagePreparation`, `BodyCandidates`) and cleaned
/// of furniture (`BodyCleaner`); a try that keeps too little text is repeated with looser rules, and
/// the longest result is kept. The body then goes through `HTMLSanitizer` with relative URLs resolved
/// against the page's `<base>` and address. Stateless and thread-safe: each call owns its documents.
public enum ArticleExtractor {
    /// Text a try must keep to be taken without trying looser rules.
    package static let enoughText = 500

    /// The article in `page`, whose address (after redirects) is `url`, served with `charset` (the
    /// HTTP header's, when known); nil when the page holds no article.
    public static func extract(page: [UInt8], url: String?, charset: String? = nil) -> ExtractedArticle? {
        let utf8 = page.withUnsafeBufferPointer { PageText.utf8($0, charset: charset) }
        return utf8.withUnsafeBufferPointer { extract(utf8: $0, url: url) }
    }

    /// The article in `page`, already text; see `extract(page:url:charset:)`.
    public static func extract(page: String, url: String?) -> ExtractedArticle? {
        var text = page
        return text.withUTF8 { extract(utf8: $0, url: url) }
    }

    private static func extract(utf8: UnsafeBufferPointer<UInt8>, url: String?) -> ExtractedArticle? {
        guard let first = PageTree(utf8: utf8) else { return nil }
        let metadata = PageMetadata(first, url: url)
        var best: (html: String, length: Int, byline: String?)?
        var tree: PageTree? = first
        for attempt in 0..<4 {
            guard let page = tree ?? PageTree(utf8: utf8) else { break }
            tree = nil
            guard let body = page.body else { break }
            var preparation = PagePreparation(stripUnlikely: attempt == 0, findByline: metadata.byline == nil)
            preparation.run(body, tree: page)
            var candidates = BodyCandidates(weighClasses: attempt < 2)
            guard let article = candidates.gather(body, tree: page) else { continue }
            let cleaner = BodyCleaner(
                weighClasses: attempt < 2, cleanConditionally: attempt < 3, title: metadata.title)
            cleaner.run(article)
            let length = NodeText(article).length
            // The body leaves the page's root behind, and with it the direction of its script.
            if let direction = metadata.direction, direction == "rtl" || direction == "ltr" {
                article.setAttribute("dir", direction)
            }
            if length > (best?.length ?? 0) {
                best = (page.html(of: article), length, preparation.byline)
            }
            xmlFreeNode(article)
            if length >= enoughText { break }
        }
        guard let best else { return nil }
        let contentHTML = HTMLSanitizer.sanitize(best.html, baseURL: metadata.baseURL)
        let text = HTMLText.paragraphs(contentHTML)
        guard !text.isEmpty else { return nil }
        return ExtractedArticle(
            title: metadata.title, byline: metadata.byline ?? best.byline, published: metadata.published,
            lang: metadata.lang, excerpt: metadata.excerpt ?? firstParagraph(text),
            leadImage: metadata.leadImage ?? firstImage(contentHTML), contentHTML: contentHTML, text: text,
            wordCount: PageText.wordCount(text), baseURL: metadata.baseURL)
    }

    /// The first paragraph of the text, as an excerpt.
    private static func firstParagraph(_ text: String) -> String? {
        let paragraph = text.components(separatedBy: "\n\n").first { !$0.isEmpty }
        return paragraph.map { PageText.collapsed($0) }
    }

    /// The `src` of the first image of sanitized HTML (already absolute and safe).
    private static func firstImage(_ html: String) -> String? {
        guard let tag = html.range(of: "<img "), let src = html[tag.upperBound...].range(of: "src=\"") else {
            return nil
        }
        let rest = html[src.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        let value = String(rest[..<end])
        return value.isEmpty ? nil : EntityDecoder.decode(value)
    }
}
