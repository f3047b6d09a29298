/// The body fields of an article (`contentHTML`, `contentText`, `summary`) as a streaming parse hands
/// them to a writer that only copies them out (`tidings parse --raw`): each is a string, or the UTF-8
/// the feed sent, entity-decoded and checked to be valid UTF-8, so that no string is built for it.
///
/// Bytes are views into the parser's memory, valid only during the call that receives them: copy
/// them out there, never keep them.
public struct ArticleBody {
    /// One body field.
    public enum Text {
        case string(String)
        case bytes(UnsafeBufferPointer<UInt8>)

        /// The field as a string (built from the bytes when it holds bytes).
        public var string: String {
            switch self {
            case .string(let s): return s
            case .bytes(let b): return String(decoding: b, as: UTF8.self)
            }
        }
    }

    public var contentHTML: Text?
    public var contentText: Text?
    public var summary: Text?

    public init(contentHTML: Text? = nil, contentText: Text? = nil, summary: Text? = nil) {
        self.contentHTML = contentHTML
        self.contentText = contentText
        self.summary = summary
    }

    /// The body fields of an article that holds them as strings.
    public init(_ article: Article) {
        contentHTML = article.contentHTML.map { .string($0) }
        contentText = article.contentText.map { .string($0) }
        summary = article.summary.map { .string($0) }
    }
}
