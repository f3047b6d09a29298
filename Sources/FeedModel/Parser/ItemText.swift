import Foundation

/// A body field of an entry as captured: a string, or, when the parse hands bodies over as bytes
/// (`FeedBuilder.ItemSink.bodies`), where its UTF-8 lies in the builder's body store.
enum ItemText {
    case string(String)
    case bytes(Range<Int>)
}

/// The body fields of an entry after precedence, still as captured.
struct ItemBody {
    var contentHTML: ItemText?
    var contentText: ItemText?
    var summary: ItemText?
}
