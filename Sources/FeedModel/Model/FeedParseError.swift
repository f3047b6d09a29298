/// Why a document could not be turned into a feed. Each case reads as one line (`description`).
public enum FeedParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input is not a feed at all: empty, an HTML page, some other XML or JSON document.
    case notAFeed(reason: String)
    /// The document is larger than `FeedParserOptions.maxDocumentBytes`.
    case tooLarge(limit: Int)
    /// Entity declarations expand beyond the bound (a "billion laughs" or quadratic blow-up document).
    case entityExpansion(limit: Int)
    /// Elements nest deeper than `FeedParserOptions.maxDepth`.
    case tooDeep(limit: Int)
    /// The document holds more items than `FeedParserOptions.maxItems`.
    case tooManyItems(limit: Int)
    /// libxml2 could not set up a parser (out of memory).
    case parserUnavailable

    public var description: String {
        switch self {
        case .notAFeed(let reason): return "not a feed: \(reason)"
        case .tooLarge(let limit): return "document larger than the limit of \(limit) bytes"
        case .entityExpansion(let limit):
            return "entity expansion beyond \(limit) bytes refused (entity bomb)"
        case .tooDeep(let limit): return "elements nested deeper than \(limit) levels"
        case .tooManyItems(let limit): return "more than \(limit) items"
        case .parserUnavailable: return "the XML parser could not be created"
        }
    }
}

/// Limits that keep hostile documents contained. The defaults suit any real feed.
public struct FeedParserOptions: Sendable, Hashable {
    /// The largest document accepted, in bytes as received (before any decoding).
    public var maxDocumentBytes: Int
    /// The deepest element nesting accepted.
    public var maxDepth: Int
    /// The most items (RSS `item`, Atom `entry`, JSON Feed item) accepted.
    public var maxItems: Int
    /// The most bytes that declared entities may expand to over the whole document.
    public var maxEntityExpansion: Int
    /// Whether runs of text with references and CDATA sections that arrive whole in one chunk are read
    /// without libxml2 (the same values, faster), and values entries repeat share one storage. Off,
    /// libxml2 reads every byte and every value has its own storage: what tests and the fuzzers compare
    /// the shortcuts against.
    public var readsTextDirectly: Bool

    public init(
        maxDocumentBytes: Int = 100 * 1024 * 1024, maxDepth: Int = 128, maxItems: Int = 500_000,
        maxEntityExpansion: Int = 1024 * 1024, readsTextDirectly: Bool = true
    ) {
        self.maxDocumentBytes = maxDocumentBytes
        self.maxDepth = maxDepth
        self.maxItems = maxItems
        self.maxEntityExpansion = maxEntityExpansion
        self.readsTextDirectly = readsTextDirectly
    }
}
