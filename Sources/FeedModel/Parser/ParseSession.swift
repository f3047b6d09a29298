import FeedHTML
import Foundation

/// One run of `FeedParser`: reads chunks, decodes them to UTF-8, decides between XML and JSON and
/// drives the matching reader. Lives for one call, on the calling thread.
final class ParseSession {
    private enum Mode { case undecided, xml, json }

    private let baseURL: String?
    private let charset: String?
    private let options: FeedParserOptions
    private let onHeader: (Feed) -> Void
    private let items: FeedBuilder.ItemSink
    private var mode = Mode.undecided
    private var decoder: InputDecoder?
    private var prefix: [UInt8] = []
    private var xml: XMLFeedParser?
    private var references = ReferenceRepair()
    private var json: [UInt8] = []
    private var skippedJunk = false
    private var failure: FeedParseError?

    init(
        baseURL: String?, charset: String?, options: FeedParserOptions, onHeader: @escaping (Feed) -> Void,
        items: FeedBuilder.ItemSink
    ) {
        self.baseURL = baseURL.flatMap { $0.isEmpty ? nil : $0 }
        self.charset = charset
        self.options = options
        self.onHeader = onHeader
        self.items = items
    }

    func run<Chunks: Sequence>(_ chunks: Chunks) -> Result<Feed, FeedParseError> where Chunks.Element == [UInt8] {
        var total = 0
        for chunk in chunks {
            total += chunk.count
            if total > options.maxDocumentBytes { return .failure(.tooLarge(limit: options.maxDocumentBytes)) }
            if decoder == nil {
                prefix.append(contentsOf: chunk)
                if prefix.count < 1024 { continue }
                let held = prefix
                prefix = []
                held.withUnsafeBufferPointer { start($0) }
                held.withUnsafeBufferPointer { feed($0, final: false) }
            } else {
                chunk.withUnsafeBufferPointer { feed($0, final: false) }
            }
            if let failure { return .failure(failure) }
        }
        if decoder == nil {
            let held = prefix
            prefix = []
            held.withUnsafeBufferPointer { start($0) }
            held.withUnsafeBufferPointer { feed($0, final: true) }
        } else {
            feed(UnsafeBufferPointer(start: nil, count: 0), final: true)
        }
        if let failure { return .failure(failure) }
        return finish()
    }

    private func start(_ bytes: UnsafeBufferPointer<UInt8>) {
        decoder = InputDecoder(prefix: bytes, hint: charset)
    }

    private func feed(_ bytes: UnsafeBufferPointer<UInt8>, final: Bool) {
        guard let decoder else { return }
        decoder.decode(bytes, final: final) { utf8 in
            self.consume(utf8)
        }
        if final, mode == .xml, let xml, failure == nil {
            references.repair(
                UnsafeBufferPointer(start: nil, count: 0), final: true, emit: { xml.push($0, terminate: false) },
                cdata: { xml.deliverCDATA($0) }, text: { xml.deliverText($0, raw: $1) })
            xml.push(UnsafeBufferPointer(start: nil, count: 0), terminate: true)
            checkFailure(xml)
        }
    }

    private func consume(_ bytes: UnsafeBufferPointer<UInt8>) {
        var input = bytes
        if mode == .undecided {
            var i = 0
            while i < input.count, input[i] != UInt8(ascii: "<"), input[i] != UInt8(ascii: "{") {
                if !XMLWhitespace.isSpace(input[i]) { skippedJunk = true }
                i += 1
            }
            if i == input.count { return }
            input = UnsafeBufferPointer(rebasing: input[i...])
            if input[0] == UInt8(ascii: "{") {
                mode = .json
            } else {
                mode = .xml
                let builder = FeedBuilder(documentBase: baseURL, options: options, onHeader: onHeader, items: items)
                do {
                    xml = try XMLFeedParser(builder: builder, options: options)
                } catch {
                    failure = error
                    return
                }
            }
        }
        switch mode {
        case .json:
            json.append(contentsOf: input)
        case .xml:
            guard let xml else { return }
            guard failure == nil else { return }
            references.repair(
                input, final: false, emit: { xml.push($0, terminate: false) }, cdata: { xml.deliverCDATA($0) },
                text: { xml.deliverText($0, raw: $1) })
            checkFailure(xml)
        case .undecided:
            break
        }
    }

    private func checkFailure(_ xml: XMLFeedParser) {
        if let error = xml.failure { failure = error }
        if xml.entities.exceeded { failure = .entityExpansion(limit: options.maxEntityExpansion) }
    }

    private func finish() -> Result<Feed, FeedParseError> {
        let encoding = decoder?.encoding ?? "utf-8"
        switch mode {
        case .undecided:
            return .failure(.notAFeed(reason: skippedJunk ? "no markup in the document" : "empty document"))
        case .json:
            do {
                var collected: [Article] = []
                let onItem: (Article) -> Void
                switch items {
                case .articles(let handOver):
                    onItem = handOver
                case .collect:
                    onItem = { collected.append($0) }
                case .bodies(let handOver):
                    onItem = { article in
                        var rest = article
                        rest.contentHTML = nil
                        rest.contentText = nil
                        rest.summary = nil
                        handOver(rest, ArticleBody(article))
                    }
                }
                var feed = try JSONFeedReader.parse(json, baseURL: baseURL, options: options, onHeader: onHeader, onItem: onItem)
                if case .collect = items { feed.items = collected }
                feed.encoding = encoding
                if decoder?.detected == true, feed.wellformed {
                    feed.wellformed = false
                    feed.error = "the bytes are not UTF-8: read as \(encoding), which they look like"
                }
                if decoder?.replacedBytes == true, feed.wellformed {
                    feed.wellformed = false
                    feed.error = "invalid \(encoding) byte sequences replaced with U+FFFD"
                }
                return .success(feed)
            } catch {
                return .failure(error)
            }
        case .xml:
            guard let xml else { return .failure(.parserUnavailable) }
            if let error = xml.failure { return .failure(error) }
            if xml.entities.exceeded { return .failure(.entityExpansion(limit: options.maxEntityExpansion)) }
            guard xml.sawRoot, xml.formatDetected else {
                return .failure(.notAFeed(reason: xml.firstError.map { "not XML (\($0))" } ?? "no XML document element"))
            }
            let complete = xml.rootClosed
            var feed = xml.finish(complete: complete)
            feed.encoding = encoding
            feed.isComplete = complete
            var problem = xml.firstError
            if problem == nil, !complete { problem = "the document ends before its root element closes" }
            if problem == nil, !xml.libxmlWellFormed { problem = "the XML is not well-formed" }
            if problem == nil { problem = references.firstProblem }
            if problem == nil, let name = xml.entities.firstUnknownEntity {
                problem = "undeclared entity '\(name)' kept as text"
            }
            if problem == nil, decoder?.detected == true {
                problem = "no encoding declared and the bytes are not UTF-8: read as \(encoding), which they look like"
            }
            if problem == nil, xml.sawInvalidUTF8 { problem = "bytes that are not \(encoding) read as ISO-8859-1" }
            if problem == nil, decoder?.replacedBytes == true {
                problem = "invalid \(encoding) byte sequences or control characters replaced with U+FFFD"
            }
            if problem == nil, !xml.hasExternalSubset, let name = xml.entities.firstHTMLEntity {
                problem = "undeclared entity '\(name)' read as its HTML meaning"
            }
            if problem == nil, skippedJunk { problem = "content before the XML declaration" }
            feed.wellformed = problem == nil
            feed.error = problem
            return .success(feed)
        }
    }
}
