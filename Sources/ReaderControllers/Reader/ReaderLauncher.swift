import FeedStore
import Foundation
import TerminalView

/// Opens the terminal reader for `tidings` (no subcommand) and `tidings read`: loads nothing itself
/// but takes the environment and config the command built, reads the feed list, takes over the
/// terminal, runs the `ReaderApplication` loop, and gives the terminal back however the loop ends.
/// The store follows the feed list once the first screen is drawn (from what the database holds), so
/// that reconciling a long list does not delay it; the screen is then read and drawn again when that
/// changed anything (an unchanged list the store synced before changes nothing). The config's accounts
/// sync in the background (`ReaderAccountSync`). Runs on the main actor, holding the main thread until
/// the user quits.
@MainActor
public enum ReaderLauncher {
    /// The page cache of each reading connection of the reader's store, smaller than an export's: its
    /// reads are pages of 100 rows and the feed list's counts, and the pages of a long list scrolled
    /// through only pass by.
    public nonisolated static let storeReaderCacheKilobytes = 4_096

    /// Runs the reader on the process's terminal. Throws `ReaderError.notATerminal` (before anything
    /// changes) when standard input or output is not a terminal, and `ReaderError.subscriptions` (before
    /// the terminal is taken over, the store untouched) when the feed list cannot be read.
    public static func run(
        environment: AppEnvironment, config: ReaderConfig,
        processEnvironment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ReaderError) {
        let terminal: Terminal
        do {
            terminal = try Terminal(
                renderOptions: RenderOptions.fromEnvironment(processEnvironment, hyperlinks: config.hyperlinks))
        } catch {
            throw .notATerminal
        }
        let (scope, snapshot, scopeProblem) = try readFeedList(environment)
        let ignoreProblem = applyIgnoreRules(environment, config)
        do {
            try terminal.start()
        } catch {
            throw .terminal("\(error)")
        }
        defer { terminal.stop() }
        let context = ReaderContext(
            store: environment.store, config: config, scope: scope, feedListPath: environment.paths.feedList,
            subscriptions: SubscriptionsController(environment: environment))
        context.paths = environment.paths
        context.fetchConfiguration = environment.fetchConfiguration
        if let snapshot { context.feedListOrder?.readAhead(snapshot) }
        let application = ReaderApplication(
            device: terminal, context: context,
            makeRefresher: { RefreshController(environment: environment) },
            accountSync: config.accounts.isEmpty
                ? nil : ReaderAccountSync(environment: environment, accounts: config.accounts, ignoreRules: config.ignoreRules),
            environment: processEnvironment,
            runChild: { try terminal.runChild($0, input: $1) })
        context.downloads = ReaderDownloads(environment: environment, settings: config.downloads, wake: context.wake)
        // Shown on the screen: a line on standard error would be hidden behind it.
        let missingList = try? SubscriptionsController(environment: environment).missingListNotice()
        if let problem = scopeProblem ?? ignoreProblem ?? missingList { application.showMessage(problem, isError: true) }
        application.run(afterFirstFrame: {
            let (synced, syncProblem) = syncFeedList(environment)
            if let syncProblem { application.showMessage(syncProblem, isError: true) }
            guard let synced, synced.feedsMayHaveChanged || synced.scope != context.scope else { return false }
            context.scope = synced.scope
            return true
        })
    }

    /// Hides what the config's `[[ignore]]` rules match when they changed since the store last
    /// applied them; a message when that failed.
    nonisolated static func applyIgnoreRules(_ environment: AppEnvironment, _ config: ReaderConfig) -> String? {
        do {
            try environment.store.applyIgnoreRules(config.ignoreRules)
            return nil
        } catch {
            if let failure = config.regexBudgetFailure(error, path: environment.paths.config) { return failure.message }
            return "Ignore rules not applied: \(error)"
        }
    }

    /// Throws `ReaderError.notATerminal` when standard input or output is not a terminal, so a command
    /// can refuse before it opens (or creates) anything.
    public nonisolated static func requireTerminal() throws(ReaderError) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
    }

    /// Reads the feed list file when there is one, without changing the store; returns the list's
    /// feeds (every feed when there is no list). A list that cannot be read or does not parse stops the
    /// reader before the terminal is taken over; any other failure leaves the database as it was and
    /// the reader shows every feed it holds, with a message saying why: nothing looks lost. Also returns
    /// the version of the file read, for the feed list's order.
    nonisolated static func readFeedList(_ environment: AppEnvironment) throws(ReaderError)
        -> (FeedScope, SubscriptionsFile.Snapshot?, String?)
    {
        var snapshot: SubscriptionsFile.Snapshot?
        do {
            snapshot = try SubscriptionsFile.read(path: environment.paths.feedList)
            return (try SubscriptionsController(environment: environment).scope(of: snapshot), snapshot, nil)
        } catch let error as SubscriptionsError {
            throw .subscriptions(error)
        } catch {
            return (.every, snapshot, "Feed list \(environment.paths.feedList) not read (showing every feed): \(CommandFailure(error).message)")
        }
    }

    /// Makes the store follow the feed list file when there is one (after the first screen); returns
    /// the list's feeds as now stored and whether the feeds may have changed, or nil and a message when
    /// that failed (the database is then as it was, and the screen keeps the scope read before).
    nonisolated static func syncFeedList(_ environment: AppEnvironment)
        -> ((scope: FeedScope, feedsMayHaveChanged: Bool)?, String?)
    {
        do {
            return (try SubscriptionsController(environment: environment).syncReportingChanges(), nil)
        } catch {
            return (nil, "Feed list \(environment.paths.feedList) not read: \(CommandFailure(error).message)")
        }
    }
}
