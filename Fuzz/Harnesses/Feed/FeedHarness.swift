import FeedChecks
import FeedModel
import FuzzSupport

/// FeedParser on a whole document (any format, any encoding): it returns a feed or an error, never
/// crashes, stays within memory, and what it returns passes `FeedChecks`. The text it reads without
/// libxml2 (`FeedParserOptions.readsTextDirectly`) must give exactly what libxml2's own reading gives.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeed(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let document = Array(UnsafeBufferPointer(start: data, count: size))
    let baseURL = "https://example.org/feed/"
    let direct = Result { () throws(FeedParseError) in try FeedParser.parse(document, baseURL: baseURL) }
    let byLibxml2 = Result { () throws(FeedParseError) in
        try FeedParser.parse(document, baseURL: baseURL, options: FeedParserOptions(readsTextDirectly: false))
    }
    require(direct == byLibxml2, "direct reading differs from libxml2's:\n  direct:  \(direct)\n  libxml2: \(byLibxml2)")
    if case .success(let feed) = direct {
        FeedChecks.check(feed, document: document)
    }
    return 0
}
