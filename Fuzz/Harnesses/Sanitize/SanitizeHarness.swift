@testable import FeedHTML
@testable import FeedModel
import FeedChecks
import FuzzSupport

/// HTMLSanitizer on any bytes: the output is safe (only allow-listed tags and attributes, no
/// `script`, no `on…` handler, no `javascript:`/`vbscript:`/`data:` URL outside `img src` raster
/// images), well-formed in the sanitizer's own shape, and sanitizing it again changes nothing.
/// Differential: wherever the no-change fast path (`isKnownUnchanged`) takes an input, the full
/// sanitizer returns that input byte for byte; `sanitize` (with the fast path) returns what the full
/// sanitizer does; the properties are checked on the full path.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSanitize(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let base = baseURLs[Int(input.byte()) % baseURLs.count]
    let html = input.restText
    let once = HTMLSanitizer.sanitizeParsing(html, baseURL: base)
    if HTMLSanitizer.isKnownUnchanged(html, baseURL: base) {
        require(once == html, "fast path took an input the full sanitizer changes:\n  input: \(visible(html))\n  full:  \(visible(once))")
    }
    let fast = HTMLSanitizer.sanitize(html, baseURL: base)
    require(fast == once, "sanitize differs from the full path:\n  sanitize: \(visible(fast))\n  full:     \(visible(once))")
    SanitizedHTMLCheck.check(once)
    let twice = HTMLSanitizer.sanitizeParsing(once, baseURL: base)
    require(twice == once, "not idempotent:\n  once:  \(visible(once))\n  twice: \(visible(twice))")
    if HTMLSanitizer.isKnownUnchanged(once, baseURL: base) {
        require(HTMLSanitizer.sanitize(once, baseURL: base) == once, "fast path changed a sanitized form")
    }
    return 0
}

/// Base URLs a feed may give (the document's address, an `xml:base`, including hostile ones).
let baseURLs: [String?] = [
    nil, "https://example.org/dir/page.html", "", "javascript:alert(1)//", "data:text/html,x",
    "file:///tmp/feed.xml", "http://[::1]:8080/a?b#c",
]
