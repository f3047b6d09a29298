import FeedChecks
@testable import FeedModel
import FuzzSupport

/// The JSON Feed reader on any bytes (not only those the format sniffing sends it), and the feed
/// parser on the same bytes: both give a feed or an error, and the feed passes `FeedChecks`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONFeed(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let document = Array(UnsafeBufferPointer(start: data, count: size))
    var items: [Article] = []
    if var feed = try? JSONFeedReader.parse(
        document, baseURL: "https://example.org/feed.json", options: FeedParserOptions(), onHeader: { _ in },
        onItem: { items.append($0) })
    {
        feed.items = items
        FeedChecks.check(feed, document: document)
    }
    return 0
}
