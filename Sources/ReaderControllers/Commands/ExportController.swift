import FeedExport
import FeedStore
import Foundation
import TerminalView

/// Runs `tidings export`: resolves `--feed` names and the feed list in use to feed ids, reads the
/// template, and hands the rest to FeedExport's `FeedExporter` (which streams the output and only
/// then advances the `--new` state; see there for why a run is safe to repeat).
///
/// Threading: `run` is synchronous and blocks the calling thread; several exports (even of one
/// database, from several processes) may run at once.
public final class ExportController: Sendable {
    private let environment: AppEnvironment

    public init(environment: AppEnvironment) {
        self.environment = environment
    }

    /// Exports what `options` select. Throws `ExportError` (mapping to an exit status) and database
    /// errors; nothing is recorded when it throws. An `--output` that is one of Tidings' own files is
    /// refused, and so is one holding a file of another kind unless `force` (`OutputTarget`).
    public func run(_ options: ExportOptions, force: Bool = false, now: Date = Date()) throws -> ExportSummary {
        try checkOutput(options, force: force)
        let exporter = FeedExporter(store: environment.store, terminalLine: TerminalSanitizer.singleLine)
        return try exporter.run(options, feedIDs: try feedIDs(for: options), now: now, readTemplate: Self.readTemplate)
    }

    /// Runs a refresh first (waiting for one already running, as cron jobs should), then exports
    /// even when some feeds failed; the refresh summary tells the caller which did.
    public func refreshAndRun(_ options: ExportOptions, refresh: RefreshOptions, force: Bool = false) async throws
        -> (refresh: RefreshSummary, export: ExportSummary)
    {
        try checkOutput(options, force: force)
        let summary = try await RefreshController(environment: environment).run(refresh)
        return (summary, try run(options, force: force))
    }

    private func checkOutput(_ options: ExportOptions, force: Bool) throws {
        guard let path = options.outputPath else { return }
        try OutputTarget.export(path, format: options.format, template: options.templatePath)
            .check(environment.paths, force: force)
    }

    /// The feeds `options` cover, by id. Without `--feed` they are the feeds of the feed list in use
    /// (with `--starred`, every feed: every starred article, as the reader's Starred); `--feed` reaches
    /// any feed of the database by URL or title, listed or not (a title that names a listed feed and
    /// an unlisted one means the listed one).
    private func feedIDs(for options: ExportOptions) throws -> [Int64]? {
        if options.feeds.isEmpty {
            return options.starredOnly ? nil : try SubscriptionsController(environment: environment).scope().feedIDs
        }
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
        return ids
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
