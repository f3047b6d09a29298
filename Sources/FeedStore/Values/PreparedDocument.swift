import FeedModel
import Foundation

/// A parsed feed document with its articles turned into what the store writes (column values,
/// identity keys, search text, compressed bodies): made by `FeedStore.prepare` on any thread, then
/// stored by `FeedStore.apply(_:fetch:ignoring:)` on the store's one writer.
///
/// Why `@unchecked Sendable` is safe: every property is a `let` set once when it is made and only
/// read after; the prepared articles hold strings, numbers, sets and dictionaries of them, and body
/// columns that are `String` or `Data` values (typed as `DatabaseValueConvertible` existentials,
/// which is what keeps the compiler from proving it).
public struct PreparedDocument: @unchecked Sendable {
    /// The feed the document is stored in.
    public let feedID: Int64
    /// The parsed document.
    public let feed: Feed
    let articles: ArticleWriter.Prepared
}
