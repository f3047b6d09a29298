import FeedModel
import FuzzSupport

/// Feed discovery on any page: every feed found has a non-empty URL that does not run script, a
/// feed media type, and no URL comes twice.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDiscovery(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let base = input.byte() & 1 == 0 ? "https://example.org/blog/" : nil
    let found = FeedDiscovery.discover(html: input.rest, baseURL: base)
    var seen = Set<String>()
    for feed in found {
        require(!feed.url.isEmpty, "empty feed URL")
        require(!isScriptURL(feed.url), "script URL discovered: \(visible(feed.url))")
        require(seen.insert(feed.url).inserted, "\(visible(feed.url)) found twice")
        require(!feed.type.isEmpty, "feed without a type")
    }
    return 0
}
