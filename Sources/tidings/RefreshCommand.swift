import ArgumentParser
import Foundation
import ReaderControllers

/// `tidings refresh [--all] [--wait] [--json] [FEED...]`: fetches the feeds that are due (or all, or
/// those named) and stores what is new. Cron-safe: quiet on success when standard output is not a
/// terminal, one line per failed feed on standard error, exit 0 / 1 (some failed or incomplete) / 2 (usage) / 75
/// (another refresh is running).
struct RefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Fetch the feeds that are due and store their new articles.",
        discussion: """
            Exit status: 0 every feed refreshed, 1 some failed or came incomplete (the others were stored), \
            2 usage error, \
            75 another refresh is running (without --wait), 73 the database cannot be opened, \
            74 a full disk stopped storing (what was stored stays), \
            78 the config file is wrong, 130 / 143 stopped by SIGINT / SIGTERM.
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Refresh every enabled feed, due or not.")
    var all = false

    @Flag(name: .long, help: "Wait for a refresh already running instead of exiting 75.")
    var wait = false

    @Flag(name: .long, help: "Print a JSON summary (per feed: status, new, updated, error, seconds).")
    var json = false

    @Argument(help: "Feeds to refresh (URL or title); default: the feeds that are due.")
    var feeds: [String] = []

    func run() async throws {
        let config = try global.loadConfig()
        let environment = try global.environment()
        let terminalOut = isatty(1) == 1
        let progressLine = RefreshProgressLine(enabled: isatty(2) == 1 && !json)
        let options = RefreshOptions(
            all: all, feeds: feeds, unattended: !terminalOut, waitForLock: wait, retention: config.retention,
            ignoreRules: config.ignoreRules)
        let controller = RefreshController(environment: environment)
        let summary: RefreshSummary
        let accounts: [AccountSyncResult]
        do {
            // A stop signal cancels the fetches; what is stored stays, and the lock is released. The
            // accounts sync under the same lock: nothing that takes it comes between.
            let run = try await StopSignals.cancelling(with: { controller.cancel() }) {
                try await controller.run(options, progress: { progressLine.show($0) }) { summary in
                    progressLine.clear()
                    CommandOutput.reportFailures(summary)
                    // A database that cannot store the local feeds cannot store the accounts' either.
                    return summary.storeFailure == nil ? await syncAccounts(config, environment: environment) : []
                }
            }
            (summary, accounts) = (run.summary, run.then)
        } catch {
            progressLine.clear()
            throw global.failure(error)
        }
        for merged in summary.feeds where merged.merged {
            CommandOutput.error(
                "\(merged.movedFrom ?? merged.title): moved permanently to \(merged.url), a feed the database already held "
                    + "(listed or kept outside the list): merged into it (articles, marks and tags); the feed list names it once")
        }
        do {
            if json {
                var data = try summary.jsonData(accounts: accounts)
                data.append(UInt8(ascii: "\n"))
                try CommandOutput.write([UInt8](data))
            } else if terminalOut {
                try CommandOutput.line(RefreshCommand.summaryLine(summary))
            }
        } catch {
            throw global.failure(error)
        }
        let statuses = [summary.exitStatus] + accounts.compactMap { $0.failure?.status }
        // The gravest status: a config, password or protocol problem of an account before "unavailable".
        if let status = statuses.max(by: { $0.rawValue < $1.rawValue }), status != .success { throw status.exitCode }
    }

    /// Syncs the config's accounts after the local feeds, under the refresh's lock; one line on
    /// standard error per account that failed (and one warning per account on plain http).
    private func syncAccounts(_ config: ReaderConfig, environment: AppEnvironment) async -> [AccountSyncResult] {
        guard !config.accounts.isEmpty, feeds.isEmpty, StopSignals.requestedStatus == nil else { return [] }
        for warning in config.accounts.compactMap(\.plainHTTPWarning) { CommandOutput.error("warning: " + warning) }
        let results = await SyncController(environment: environment).runHoldingLock(
            config.accounts, ignoreRules: config.ignoreRules, listingSubscriptions: all)
        for failure in results.compactMap(\.failure) { CommandOutput.error(failure.message) }
        return results
    }

    static func summaryLine(_ summary: RefreshSummary) -> String {
        let count = summary.feeds.count
        var line = "refreshed \(count) feed\(count == 1 ? "" : "s"): \(summary.newArticles) new, "
            + "\(summary.updatedArticles) updated, \(summary.failures.count) failed"
        if summary.incompleteCount > 0 { line += " (\(summary.incompleteCount) incomplete)" }
        let moved = summary.feeds.filter { $0.movedFrom != nil }.count
        if moved > 0 { line += ", \(moved) moved" }
        return line + String(format: " in %.1f s", summary.seconds)
    }
}
