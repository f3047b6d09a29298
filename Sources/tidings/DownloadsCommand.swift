import ArgumentParser
import Foundation
import ReaderControllers

/// `tidings download (--query Q | ID…)`: adds the articles' enclosures to the download queue.
struct DownloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "Add the enclosures (podcast episodes) of articles to the download queue.",
        discussion: """
            Queues each enclosure of the given articles (ids as 'export --format json' shows them) or of \
            the articles matching --query; an enclosure already in the queue is left as it is. Nothing is \
            downloaded: 'tidings downloads run' does that.

            Output: queued 3 enclosures (1 already in the queue)

            Exit status: 0; 2 no ids and no --query, an unknown article id, or a --query that cannot be \
            read; 73 when the database cannot be opened; 78 a bad config file.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("Queue the enclosures of the articles matching this query.", valueName: "query"))
    var query: String?

    @Argument(help: "Article ids.")
    var ids: [Int64] = []

    func validate() throws {
        if ids.isEmpty && query == nil { throw ValidationError("give article ids or --query") }
    }

    func run() throws {
        try DownloadsCommand.withController(global) { try CommandOutput.line(try $0.queue(articleIDs: ids, query: query)) }
    }
}

/// `tidings downloads [list|run|cancel|retry]`: the download queue.
struct DownloadsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "downloads",
        abstract: "List, run, cancel or retry the download queue.",
        subcommands: [DownloadsListCommand.self, DownloadsRunCommand.self, DownloadsCancelCommand.self,
                      DownloadsRetryCommand.self],
        defaultSubcommand: DownloadsListCommand.self)

    /// Loads the config, opens the environment and runs `body` with the queue's controller; what it
    /// throws is reported on standard error and becomes the exit status.
    static func withController(_ global: GlobalOptions, _ body: (DownloadsController) throws -> Void) throws {
        let config = try global.loadConfig()
        let environment = try global.environment()
        do {
            try body(DownloadsController(environment: environment, settings: config.downloads))
        } catch {
            throw global.failure(error)
        }
    }
}

struct DownloadsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the download queue.",
        discussion: """
            One line per entry, tab-separated: id, state (queued, downloading, paused, done, failed), \
            the episode's title, the URL, the file's path, and the reason of a failure or pause. With \
            --json, one JSON object per line: id, state, title, feed, url, file, bytes, total, reason.

            Exit status: 0; 73 when the database cannot be opened; 74 when writing failed.
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "One JSON object per entry.")
    var json = false

    func run() throws {
        try DownloadsCommand.withController(global) { try CommandOutput.write(Array(try $0.list(json: json).utf8)) }
    }
}

struct DownloadsRunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Download what is queued, then exit (for cron).",
        discussion: """
            Downloads the queued entries, resumes those a stopped or killed run left downloading and \
            those a full disk paused, at most max_downloads at once and max_downloads_per_host per \
            server. Each file is written as NAME.part in download_path and renamed to NAME when whole; \
            an existing file is never replaced. Shows progress on a terminal; quiet otherwise but for \
            failures (one line each on standard error). SIGINT and SIGTERM stop within a second and \
            keep the partial files, which the next run resumes.

            Exit status: 0 every entry downloaded; 1 some failed or were paused (a full disk); 73 the \
            download folder or the database cannot be used; 75 another run is going on; 78 a bad config \
            file; 130/143 stopped by SIGINT/SIGTERM.
            """)

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let config = try global.loadConfig()
        let environment = try global.environment()
        let onTerminal = isatty(2) == 1
        let summary: DownloadRun.Summary
        do {
            summary = try await DownloadRun(environment: environment, settings: config.downloads).run { progress in
                guard onTerminal else { return }
                let size = progress.total.map { " of \(Self.megabytes($0))" } ?? ""
                let line = "\r\(ConsoleText.line(progress.title)): \(Self.megabytes(progress.done))\(size)\u{1B}[K"
                FileHandle.standardError.write(Data(line.utf8))
            }
        } catch {
            if onTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            throw global.failure(error)
        }
        if onTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        for item in summary.paused + summary.failures { CommandOutput.error("\(item.title): \(item.reason)") }
        if onTerminal { try CommandOutput.line("downloaded \(summary.done)") }
        if onTerminal, !summary.deleted.isEmpty {
            try CommandOutput.line("deleted \(summary.deleted.count) played \(summary.deleted.count == 1 ? "episode" : "episodes") beyond its feed's tidings:keep")
        }
        if !summary.failures.isEmpty || !summary.paused.isEmpty { throw ExitStatus.partialFailure.exitCode }
    }

    private static func megabytes(_ bytes: Int64) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}

struct DownloadsCancelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel",
        abstract: "Remove entries from the download queue, deleting their partial files.",
        discussion: "A finished file is never deleted. Exit status: 0; 2 an id not in the queue (nothing changed).")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Queue ids, as 'tidings downloads' lists them.")
    var ids: [Int64]

    func run() throws {
        try DownloadsCommand.withController(global) { try CommandOutput.line(try $0.cancel(ids: ids)) }
    }
}

struct DownloadsRetryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retry",
        abstract: "Queue failed or paused downloads again (the next 'downloads run' resumes them).",
        discussion: "Exit status: 0; 2 an id not in the queue (nothing changed).")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Queue ids, as 'tidings downloads' lists them.")
    var ids: [Int64]

    func run() throws {
        try DownloadsCommand.withController(global) { try CommandOutput.line(try $0.retry(ids: ids)) }
    }
}
