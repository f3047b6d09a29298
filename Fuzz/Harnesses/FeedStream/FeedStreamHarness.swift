import FeedChecks
import FeedModel
import FuzzSupport

/// FeedParser's streaming form: the document (after the first byte, which says how many steering
/// bytes follow, and those bytes, which give the chunk sizes) fed in chunks gives exactly the feed,
/// or the error, that the whole document gives; the header comes once, before the first item.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeedStream(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let steeringCount = Int(input.byte() % 16)
    let steering = (0..<steeringCount).map { _ in input.byte() }
    let document = input.rest
    let whole = Result { () throws(FeedParseError) in try FeedParser.parse(document) }
    var items: [Article] = []
    var headers = 0
    var itemsBeforeHeader = 0
    let streamed = Result { () throws(FeedParseError) in
        try FeedParser.parse(
            chunks: chunks(of: document, steering: steering),
            onHeader: { _ in headers += 1 },
            onItem: { item in
                if headers == 0 { itemsBeforeHeader += 1 }
                items.append(item)
            })
    }
    switch (whole, streamed) {
    case (.success(let feed), .success(var streamedFeed)):
        require(headers == 1, "onHeader called \(headers) times")
        require(itemsBeforeHeader == 0, "\(itemsBeforeHeader) items before the header")
        streamedFeed.items = items
        require(
            streamedFeed == feed,
            "chunked parse differs (chunks \(steering)):\n  whole:   \(feed)\n  chunked: \(streamedFeed)")
        require(FeedChecks.exactText(streamedFeed) == FeedChecks.exactText(feed), "chunked parse differs in bytes (chunks \(steering))")
        FeedChecks.check(feed, document: document)
    case (.failure(let error), .failure(let streamedError)):
        require(error == streamedError, "errors differ: whole \(error), chunked \(streamedError)")
    default:
        require(false, "whole and chunked parses disagree (chunks \(steering)): \(whole) vs \(streamed)")
    }
    return 0
}
