import FeedStore
import Foundation

/// Runs `tidings export`: selects articles, streams them from the store through the chosen format
/// to standard output or a file, and only then advances the `--new` state (and marks them read).
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
public final class ExportController: Sendable {
    private let environment: AppEnvironment

    public init(environment: AppEnvironment) {
        self.environment = environment
    }

    /// Exports what `options` select. Throws `ExportError` (mapping to an exit status) and database
    /// errors; nothing is recorded when it throws.
    public func run(_ options: ExportOptions, now: Date = Date()) throws -> ExportSummary {
        let context = ExportContext(
            generated: now, stateName: options.onlyNew ? options.stateName : nil, terminalWidth: options.terminalWidth)
        let query = try self.query(for: options)
        try environment.store.applyIgnoreRules(options.ignoreRules)
        if let templatePath = options.templatePath {
            var writer = try ExportTemplateWriter(
                text: try Self.readTemplate(templatePath), path: templatePath, context: context)
            return try stream(query, options, writer: &writer)
        }
        switch options.format {
        case .text:
            var writer = ExportTextWriter(context: context)
            return try stream(query, options, writer: &writer)
        case .markdown:
            var writer = ExportMarkdownWriter(context: context)
            return try stream(query, options, writer: &writer)
        case .html:
            var writer = ExportHTMLWriter(context: context)
            return try stream(query, options, writer: &writer)
        case .json:
            var writer = ExportJSONWriter(context: context)
            return try stream(query, options, writer: &writer)
        case .rss:
            var writer = ExportRSSWriter(context: context)
            return try stream(query, options, writer: &writer)
        case .atom:
            var writer = ExportAtomWriter(context: context)
            return try stream(query, options, writer: &writer)
        case .tsv:
            var writer = ExportTSVWriter(context: context)
            return try stream(query, options, writer: &writer)
        case .csv:
            var writer = ExportCSVWriter(context: context)
            return try stream(query, options, writer: &writer)
        }
    }

    /// Runs a refresh first (waiting for one already running, as cron jobs should), then exports
    /// even when some feeds failed; the refresh summary tells the caller which did.
    public func refreshAndRun(_ options: ExportOptions, refresh: RefreshOptions) async throws
        -> (refresh: RefreshSummary, export: ExportSummary)
    {
        let summary = try await RefreshController(environment: environment).run(refresh)
        return (summary, try run(options))
    }

    /// The store query `options` describe, with feed names resolved to ids. Without `--feed` it covers
    /// the feeds of the feed list in use (with `--starred`, every starred article, as the reader's
    /// Starred); `--feed` reaches any feed of the database by URL or title, listed or not (a title
    /// that names a listed feed and an unlisted one means the listed one).
    func query(for options: ExportOptions) throws -> ArticleQuery {
        var feedIDs: [Int64]?
        if !options.feeds.isEmpty {
            var ids: [Int64] = []
            var all: [StoredFeed]?
            let scope = try SubscriptionsController(environment: environment).scope()
            for name in options.feeds {
                if let feed = try environment.store.feed(url: name) {
                    ids.append(feed.id)
                    continue
                }
                if all == nil { all = try environment.store.feeds() }
                let wanted = name.trimmingCharacters(in: .whitespaces).lowercased()
                let matches = (all ?? []).filter { feed in
                    [feed.displayTitle, feed.title, feed.feedTitle].contains { $0?.lowercased() == wanted }
                }
                guard !matches.isEmpty else { throw ExportError.unknownFeed(name) }
                let listed = matches.filter { scope.contains($0.id) }
                ids += (listed.isEmpty ? matches : listed).map(\.id)
            }
            feedIDs = ids
        } else if !options.starredOnly {
            feedIDs = try SubscriptionsController(environment: environment).scope().feedIDs
        }
        let search = options.search?.trimmingCharacters(in: .whitespacesAndNewlines)
        return ArticleQuery(
            feedIDs: feedIDs, tags: options.tags, unreadOnly: options.unreadOnly, starredOnly: options.starredOnly,
            since: options.since, search: search?.isEmpty == false ? search : nil,
            notExportedBy: options.onlyNew ? options.stateName : nil, expression: try ExportError.parse(options.query),
            includeIgnored: options.includeIgnored, sort: options.effectiveSort)
    }

    private func stream<Writer: ExportWriter>(
        _ query: ArticleQuery, _ options: ExportOptions, writer: inout Writer
    ) throws -> ExportSummary {
        let store = environment.store
        let sink = try options.outputPath.map(ExportSink.file) ?? ExportSink.standardOutput()
        let record = options.onlyNew || options.markRead
        let preparation = writer.preparation
        var ids: [Int64] = []
        var count = 0
        var buffer = ExportBuffer()
        func emit(_ item: ExportItem) throws {
            try writer.write(item, into: &buffer)
            count += 1
            if record { ids.append(item.article.id) }
            if buffer.count >= 1 << 16 { try sink.write(&buffer) }
        }
        do {
            try writer.begin(into: &buffer)
            if preparation == .headlines {
                try store.forEachArticle(matching: query, limit: options.limit, withContent: false) { article in
                    try emit(ExportItem(article, preparation: .headlines))
                }
            } else {
                let pipeline = ExportPipeline(preparation: preparation)
                try store.forEachArticle(matching: query, limit: options.limit, withContent: true) { article in
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

    private static func readTemplate(_ path: String) throws -> String {
        let data: Data
        do {
            data = try InputFile.read(path, limit: 16 << 20)
        } catch {
            throw ExportError.templateUnreadable(path: path, reason: error.reason)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ExportError.templateUnreadable(path: path, reason: "not UTF-8 text")
        }
        return text
    }
}
