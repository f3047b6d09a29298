@testable import FeedHTML
@testable import FeedModel
import FeedChecks
import FuzzSupport

/// ArticleExtractor on any page: the body it returns is the sanitizer's output (allow-listed tags
/// and attributes only, no `script`, no `on…` handler, no script URL) and a fixed point of the
/// sanitizer; the lead image is no script URL; the text holds no C0 control but line breaks and
/// tabs; and what comes out is bounded by what went in.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExtract(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let steering = Int(input.byte())
    let base = pageURLs[steering % pageURLs.count]
    let charset = charsets[(steering / pageURLs.count) % charsets.count]
    guard let article = ArticleExtractor.extract(page: input.rest, url: base, charset: charset) else { return 0 }
    let html = article.contentHTML
    SanitizedHTMLCheck.check(html)
    require(!html.lowercased().contains("<script"), "script in the body: \(visible(html))")
    let again = HTMLSanitizer.sanitize(html, baseURL: article.baseURL)
    require(again == html, "body not a fixed point of the sanitizer:\n  body:  \(visible(html))\n  again: \(visible(again))")
    if let image = article.leadImage {
        require(!isScriptURL(image, imageSource: true), "script URL as lead image: \(visible(image))")
    }
    require(
        !article.text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" },
        "C0 control in the text: \(visible(article.text))")
    // Escaping (`&` to `&amp;`) and URLs resolved against the page's address are what may grow.
    let bound = 16 * size + 4096
    require(html.utf8.count <= bound, "body of \(html.utf8.count) bytes from a page of \(size)")
    require(article.text.utf8.count <= bound, "text of \(article.text.utf8.count) bytes from a page of \(size)")
    require(article.wordCount >= 0 && article.wordCount <= article.text.unicodeScalars.count, "word count out of range")
    return 0
}

/// Addresses a page may come from, hostile ones included.
let pageURLs: [String?] = [
    nil, "https://example.org/news/2024/story.html", "", "javascript:alert(1)//", "file:///tmp/page.html",
    "http://[::1]:8080/a?b#c",
]

/// Charsets an HTTP response may name.
let charsets: [String?] = [nil, "utf-8", "windows-1252", "shift_jis", "utf-16", "no-such-charset"]
