@testable import FeedHTML
@testable import FeedModel
import FeedChecks
import FuzzSupport

/// HTMLSanitizer on any bytes: the output is safe (only allow-listed tags and attributes, no
/// `script`, no `on…` handler, no `javascript:`/`vbscript:`/`data:` URL outside `img src` raster
/// images), well-formed in the sanitizer's own shape, and sanitizing it again changes nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSanitize(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let base = baseURLs[Int(input.byte()) % baseURLs.count]
    let html = input.restText
    let once = HTMLSanitizer.sanitize(html, baseURL: base)
    SanitizedHTMLCheck.check(once)
    let twice = HTMLSanitizer.sanitize(once, baseURL: base)
    require(twice == once, "not idempotent:\n  once:  \(visible(once))\n  twice: \(visible(twice))")
    return 0
}

/// Base URLs a feed may give (the document's address, an `xml:base`, including hostile ones).
let baseURLs: [String?] = [
    nil, "https://example.org/dir/page.html", "", "javascript:alert(1)//", "data:text/html,x",
    "file:///tmp/feed.xml", "http://[::1]:8080/a?b#c",
]
