import FeedModel
import Foundation

/// Parses one feed document and renders it as JSON Feed 1.1 (`tidings parse`).
///
/// Synchronous; writes its output through the `write` closure in pieces as items are parsed, so a
/// large feed is never held whole.
public struct ParseController {
    public var baseURL: String?
    public var raw: Bool
    public var pretty: Bool

    public init(baseURL: String? = nil, raw: Bool = false, pretty: Bool = true) {
        self.baseURL = baseURL
        self.raw = raw
        self.pretty = pretty
    }

    /// Parses `chunks` and hands the JSON Feed bytes to `write`; throws when the input is not a feed.
    /// Returns the feed's metadata (no items), for what the caller reports besides (`Feed.isComplete`).
    @discardableResult
    public func run<Chunks: Sequence>(chunks: Chunks, write: ([UInt8]) -> Void) throws(FeedParseError) -> Feed
    where Chunks.Element == [UInt8] {
        var writer = JSONFeedWriter(pretty: pretty, sanitize: !raw)
        var pending: [UInt8] = []
        pending.reserveCapacity(1 << 17)
        var headerWritten = false
        func onHeader(_ header: Feed) {
            writer.writeHeader(header, into: &pending)
            headerWritten = true
        }
        func flush() {
            if pending.count >= 1 << 16 {
                write(pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
        let feed: Feed
        if raw {
            // Nothing to sanitize: body fields go from the parser's bytes to the output, no strings between.
            feed = try FeedParser.parse(
                chunks: chunks, baseURL: baseURL, onHeader: onHeader,
                onItemBody: { article, body in
                    writer.writeItem(article, body: body, into: &pending)
                    flush()
                })
        } else {
            feed = try FeedParser.parse(
                chunks: chunks, baseURL: baseURL, onHeader: onHeader,
                onItem: { article in
                    writer.writeItem(article, into: &pending)
                    flush()
                })
        }
        if !headerWritten { writer.writeHeader(feed, into: &pending) }
        writer.writeFooter(feed, into: &pending)
        write(pending)
        return feed
    }

    /// Parses a document held in memory and returns the JSON Feed bytes.
    public func run(bytes: [UInt8]) throws(FeedParseError) -> [UInt8] {
        var out: [UInt8] = []
        try run(chunks: CollectionOfOne(bytes)) { out.append(contentsOf: $0) }
        return out
    }
}
