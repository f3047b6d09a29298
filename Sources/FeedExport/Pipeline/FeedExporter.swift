import FeedStore
import Foundation

/// The export module's entry: streams the articles `ExportOptions` select from a store through the
/// chosen format (or a Mustache template) to standard output or a file, and only then advances the
/// `--new` state (and marks them read).
///
/// The order makes a run safe to repeat: output first, completely (a file is renamed into place
/// only when every byte reached the disk), then the state and the read marks in one transaction. A
/// failed write leaves the target as it was and the state unchanged; a reader of standard output
/// that goes away (`| head`) ends the export quietly, also without advancing the state, since it
/// did not get everything. Memory stays flat whatever the number of articles: one article is held
/// at a time, the output is flushed every 64 KiB, and only the ids of exported articles are kept
/// when they must be recorded (`--new`, `--mark-read`).
///
/// Threading: `run` is synchronous and blocks the calling thread; several exports (even of one
/// database, from several processes) may run at once.
public struct FeedExporter: Sendable {
    private let store: FeedStore
    private let terminalLine: @Sendable (String) -> String

    /// `terminalLine` makes one line of untrusted text safe to show on the terminal standard output
    /// is (escape sequences, controls and bidi overrides removed); the text format uses it when
    /// `ExportOptions.terminalWidth` is set.
    public init(store: FeedStore, terminalLine: @escaping @Sendable (String) -> String) {
        self.store = store
        self.terminalLine = terminalLine
    }

    /// Exports what `options` select from the feeds `feedIDs` (nil: every feed; the caller resolves
    /// `--feed` names and the feed list in use). `readTemplate` reads `options.templatePath` when it
    /// is set (throwing `ExportError.templateUnreadable`). Throws `ExportError` and database errors;
    /// nothing is recorded when it throws.
    public func run(
        _ options: ExportOptions, feedIDs: [Int64]?, now: Date = Date(), readTemplate: (String) throws -> String
    ) throws -> ExportSummary {
        let context = ExportContext(
            generated: now, stateName: options.onlyNew ? options.stateName : nil, terminalWidth: options.terminalWidth,
            terminalLine: terminalLine)
        let query = try options.articleQuery(feedIDs: feedIDs)
        try store.applyIgnoreRules(options.ignoreRules)
        var writer: any ExportWriter = if let templatePath = options.templatePath {
            try ExportTemplateWriter(text: try readTemplate(templatePath), path: templatePath, context: context)
        } else {
            options.format.writer(context: context)
        }
        let startsState = try options.onlyNew && !store.hasExportState(name: options.stateName)
        if startsState && options.fromNow { return try startFromNow(query, options) }
        var summary = try stream(query, options, writer: &writer)
        summary.startedState = startsState && summary.complete
        return summary
    }

    /// Creates the state with every article the query matches (whatever `--limit`) recorded as
    /// exported, writing and marking nothing: the next `--new` run writes only what arrives after.
    private func startFromNow(_ query: ArticleQuery, _ options: ExportOptions) throws -> ExportSummary {
        var ids: [Int64] = []
        try store.forEachArticle(matching: query, withContent: false) { article in ids.append(article.id) }
        try store.advanceExportState(name: options.stateName, through: ids, markRead: false)
        return ExportSummary(exported: 0, bytes: 0, complete: true, startedState: true, countedAsExported: ids.count)
    }

    /// One article as a standalone HTML5 page, as `--format html` writes it (sanitized body, scripts
    /// forbidden); the reader saves articles to `.html` files with it.
    public static func htmlPage(_ article: StoredArticle, generated: Date = Date()) -> Data {
        let writer = ExportHTMLWriter(context: ExportContext(
            generated: generated, stateName: nil, terminalWidth: nil, terminalLine: { $0 }))
        var out = ExportBuffer()
        writer.begin(into: &out)
        writer.write(ExportItem(article, preparation: writer.preparation), into: &out)
        writer.end(count: 1, into: &out)
        return Data(out.bytes)
    }

    /// Replaces the file at `path` with `bytes` as an export's output is (atomically, beside it; a
    /// device or FIFO written directly), for other outputs such as the feed list's. Throws
    /// `ExportError.cannotCreate` or `.writeFailed`, the file then left as it was.
    public static func writeFile(_ bytes: [UInt8], to path: String) throws {
        let sink = try ExportSink.file(path)
        var buffer = ExportBuffer()
        buffer.bytes = bytes
        do {
            try sink.write(&buffer)
            try sink.commit()
        } catch is ExportSink.ClosedPipe {
            sink.abandon()
            throw ExportError.writeFailed(path: path, reason: String(cString: strerror(EPIPE)))
        } catch {
            sink.abandon()
            throw error
        }
    }

    private func stream(_ query: ArticleQuery, _ options: ExportOptions, writer: inout any ExportWriter) throws
        -> ExportSummary
    {
        let store = store
        let sink = try options.outputPath.map(ExportSink.file) ?? ExportSink.standardOutput()
        let record = options.onlyNew || options.markRead
        let preparation = writer.preparation
        var ids: [Int64] = []
        var count = 0
        var buffer = ExportBuffer()
        func emit(_ item: borrowing ExportItem) throws {
            try writer.write(item, into: &buffer)
            count += 1
            if record { ids.append(item.article.id) }
            if buffer.count >= 1 << 16 { try sink.write(&buffer) }
        }
        do {
            try writer.begin(into: &buffer)
            if preparation == .headlines {
                try store.forEachArticle(matching: query, limit: options.limit, withContent: false) { article in
                    try emit(ExportItem(article))
                }
            } else {
                let pipeline = ExportPipeline(preparation: preparation, fullTexts: options.fullText ? store : nil)
                try store.forEachArticle(
                    matching: query, limit: options.limit, withContent: true, decodingBodies: false
                ) { article in
                    try pipeline.add(article, emit: emit)
                }
                try pipeline.finish(emit: emit)
            }
            try writer.end(count: count, into: &buffer)
            try sink.write(&buffer)
            try sink.commit()
        } catch is ExportSink.ClosedPipe {
            sink.abandon()
            return ExportSummary(exported: count, bytes: sink.bytesWritten, complete: false)
        } catch {
            sink.abandon()
            throw error
        }
        if options.onlyNew {
            try store.advanceExportState(name: options.stateName, through: ids, markRead: options.markRead)
        } else if options.markRead, !ids.isEmpty {
            try store.setRead(true, articleIDs: ids)
        }
        return ExportSummary(exported: count, bytes: sink.bytesWritten, complete: true)
    }
}
