import Foundation

/// Reads any feed document (RSS 0.90-2.0, RSS 1.0, Atom 0.3/1.0, JSON Feed 1.0/1.1) into a `Feed`.
///
/// The format is detected from the document itself. XML goes through libxml2's SAX2 push parser in
/// recover mode, so malformed feeds still yield their items (`Feed.wellformed` is then false); a
/// document cut off before its root element closed yields only the items that closed before the cut
/// (`Feed.isComplete` is then false, and the streaming forms hand over no item open at the cut). Entity
/// expansion, size, depth and item count are bounded by `FeedParserOptions`. Stateless and
/// thread-safe: each call builds its own parser. The streaming form calls its closures synchronously,
/// on the calling thread, before it returns.
public enum FeedParser {
    /// Parses a whole document held in memory.
    /// - Parameters:
    ///   - baseURL: the document's address, against which relative URLs are resolved (after `xml:base`).
    ///   - charset: the encoding the transport declared (HTTP `charset`), which wins over the XML declaration.
    public static func parse(
        _ bytes: [UInt8], baseURL: String? = nil, charset: String? = nil, options: FeedParserOptions = .init()
    ) throws(FeedParseError) -> Feed {
        try parse(chunks: CollectionOfOne(bytes), baseURL: baseURL, charset: charset, options: options)
    }

    /// Parses a whole document held in memory as `Data`.
    public static func parse(
        _ data: Data, baseURL: String? = nil, charset: String? = nil, options: FeedParserOptions = .init()
    ) throws(FeedParseError) -> Feed {
        try parse([UInt8](data), baseURL: baseURL, charset: charset, options: options)
    }

    /// Parses a document arriving in chunks (such as a file read in pieces) into the whole feed,
    /// items included, without ever holding the document itself.
    public static func parse<Chunks: Sequence>(
        chunks: Chunks, baseURL: String? = nil, charset: String? = nil, options: FeedParserOptions = .init()
    ) throws(FeedParseError) -> Feed where Chunks.Element == [UInt8] {
        try session(chunks, baseURL: baseURL, charset: charset, options: options, onHeader: { _ in }, items: .collect).get()
    }

    /// Parses a document arriving in chunks, handing each article over as soon as it is complete, so
    /// a large feed never sits in memory as values all at once.
    ///
    /// `onHeader` is called once, before the first article (or at the end when there are none), with
    /// the feed metadata read so far. The returned `Feed` carries the complete metadata and no items.
    /// Bytes beyond `options.maxDocumentBytes` are not read: the parse fails with `.tooLarge`.
    public static func parse<Chunks: Sequence>(
        chunks: Chunks, baseURL: String? = nil, charset: String? = nil, options: FeedParserOptions = .init(),
        onHeader: (Feed) -> Void, onItem: (Article) -> Void
    ) throws(FeedParseError) -> Feed where Chunks.Element == [UInt8] {
        try withoutActuallyEscaping(onItem) { item in
            session(chunks, baseURL: baseURL, charset: charset, options: options, onHeader: onHeader, items: .articles(item))
        }.get()
    }

    /// Parses a document arriving in chunks like `parse(chunks:onHeader:onItem:)`, for a writer that
    /// only copies the articles out: `onItem` gets each article without its body fields, and those
    /// fields in an `ArticleBody`, as the UTF-8 bytes the feed sent where they are valid UTF-8 (no
    /// strings built for them). The bytes are valid only during that call.
    public static func parse<Chunks: Sequence>(
        chunks: Chunks, baseURL: String? = nil, charset: String? = nil, options: FeedParserOptions = .init(),
        onHeader: (Feed) -> Void, onItemBody onItem: (Article, ArticleBody) -> Void
    ) throws(FeedParseError) -> Feed where Chunks.Element == [UInt8] {
        try withoutActuallyEscaping(onItem) { item in
            session(chunks, baseURL: baseURL, charset: charset, options: options, onHeader: onHeader, items: .bodies(item))
        }.get()
    }

    /// Runs one `ParseSession` over `chunks`. `onHeader` need not escape: the session is done with it
    /// before this returns.
    private static func session<Chunks: Sequence>(
        _ chunks: Chunks, baseURL: String?, charset: String?, options: FeedParserOptions,
        onHeader: (Feed) -> Void, items: FeedBuilder.ItemSink
    ) -> Result<Feed, FeedParseError> where Chunks.Element == [UInt8] {
        withoutActuallyEscaping(onHeader) { header in
            ParseSession(baseURL: baseURL, charset: charset, options: options, onHeader: header, items: items)
                .run(chunks)
        }
    }
}
