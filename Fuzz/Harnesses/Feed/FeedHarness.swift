import FeedChecks
import FeedModel
import FuzzSupport

/// FeedParser on a whole document (any format, any encoding): it returns a feed or an error, never
/// crashes, stays within memory, and what it returns passes `FeedChecks`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeed(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let document = Array(UnsafeBufferPointer(start: data, count: size))
    if let feed = try? FeedParser.parse(document, baseURL: "https://example.org/feed/") {
        FeedChecks.check(feed, document: document)
    }
    return 0
}
