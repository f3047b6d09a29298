import CLibXML2
import FeedFetch
import FeedModel
import Foundation

/// Prepares the C libraries the process shares, once, before any concurrency starts: libxml2's
/// global tables and the C library's character-type locale.
public enum ProcessSetup {
    private static let done: Bool = {
        setlocale(LC_CTYPE, "")
        xmlInitParser()
        FeedFetcher.globalInit()
        return true
    }()

    /// Runs the one-time initialisation; later calls do nothing.
    public static func run() {
        _ = done
    }
}

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
    public func run<Chunks: Sequence>(chunks: Chunks, write: ([UInt8]) -> Void) throws(FeedParseError)
    where Chunks.Element == [UInt8] {
        var writer = JSONFeedWriter(pretty: pretty, sanitize: !raw)
        var pending: [UInt8] = []
        pending.reserveCapacity(1 << 17)
        var headerWritten = false
        let feed = try FeedParser.parse(
            chunks: chunks, baseURL: baseURL,
            onHeader: { header in
                writer.writeHeader(header, into: &pending)
                headerWritten = true
            },
            onItem: { article in
                writer.writeItem(article, into: &pending)
                if pending.count >= 1 << 16 {
                    write(pending)
                    pending.removeAll(keepingCapacity: true)
                }
            })
        if !headerWritten { writer.writeHeader(feed, into: &pending) }
        writer.writeFooter(feed, into: &pending)
        write(pending)
    }

    /// Parses a document held in memory and returns the JSON Feed bytes.
    public func run(bytes: [UInt8]) throws(FeedParseError) -> [UInt8] {
        var out: [UInt8] = []
        try run(chunks: CollectionOfOne(bytes)) { out.append(contentsOf: $0) }
        return out
    }
}

/// Reads a file or standard input in fixed-size chunks, for streaming parses.
public struct FileChunks: Sequence, IteratorProtocol {
    private let descriptor: Int32
    private let size: Int

    /// Chunks of the open file descriptor `descriptor` (not closed by this type).
    public init(descriptor: Int32, chunkSize: Int = 1 << 18) {
        self.descriptor = descriptor
        size = chunkSize
    }

    public mutating func next() -> [UInt8]? {
        var count = 0
        let buffer = [UInt8](unsafeUninitializedCapacity: size) { raw, initialized in
            while true {
                let n = read(descriptor, raw.baseAddress, raw.count)
                if n < 0 && errno == EINTR { continue }
                count = n
                initialized = Swift.max(0, n)
                return
            }
        }
        return count > 0 ? buffer : nil
    }
}
