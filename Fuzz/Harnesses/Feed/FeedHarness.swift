import FeedChecks
import FeedModel
import FuzzSupport

/// FeedParser on a whole document (any format, any encoding): it returns a feed or an error, never
/// crashes, stays within memory, and what it returns passes `FeedChecks`. The text it reads without
/// libxml2, and the values entries repeat that share storage (`FeedParserOptions.readsTextDirectly`),
/// must give exactly, byte for byte, what libxml2's own reading with no sharing gives.
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
        // Byte for byte too: libxml2's reading shares no value between entries and checks every string.
        if case .success(let plain) = byLibxml2 {
            require(FeedChecks.exactText(feed) == FeedChecks.exactText(plain), "direct reading differs from libxml2's in bytes")
        }
        FeedChecks.check(feed, document: document)
    }
    return 0
}
