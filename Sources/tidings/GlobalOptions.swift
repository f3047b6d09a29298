import ArgumentParser
import ReaderControllers

/// The options every command but `parse` shares: where the feed list, the database and the config are.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The OPML feed list (default: $TIDINGS_FEEDS, else $XDG_CONFIG_HOME/tidings/feeds.opml).",
        valueName: "file"))
    var feeds: String?

    @Option(name: .long, help: ArgumentHelp(
        "The database (default: $TIDINGS_DB, else $XDG_DATA_HOME/tidings/tidings.db).", valueName: "file"))
    var db: String?

    @Option(name: .long, help: ArgumentHelp(
        "The config file (default: $TIDINGS_CONFIG, else $XDG_CONFIG_HOME/tidings/config.toml).",
        valueName: "file"))
    var config: String?

    /// The paths these options and the environment choose.
    var paths: TidingsPaths {
        TidingsPaths.resolve(feedList: feeds, database: db, config: config)
    }

    /// Reads the config file (defaults when it does not exist), or reports why not and exits 78.
    func loadConfig() throws -> ReaderConfig {
        do {
            return try ReaderConfig.load(path: paths.config)
        } catch {
            throw CommandOutput.failure(error)
        }
    }

    /// Opens the environment, or reports why not and exits (73 cannot open, 66 a directory, 65 not a
    /// database).
    /// The files and the store; unless `noticesMissingList` is false, first says on standard error when
    /// the feed list is missing while the database holds feeds (`SubscriptionsController.missingListNotice`).
    /// With `config`, the store follows its settings (`dedupe`).
    func environment(
        readerCacheKilobytes: Int = 16_384, prefetchesListRows: Bool = false, noticesMissingList: Bool = true,
        config: ReaderConfig? = nil
    ) throws -> AppEnvironment {
        let paths = paths
        do {
            let environment = try AppEnvironment(
                paths: paths, readerCacheKilobytes: readerCacheKilobytes, prefetchesListRows: prefetchesListRows)
            if let config { environment.store.collapsesCopies = config.dedupe }
            if noticesMissingList, let notice = try SubscriptionsController(environment: environment).missingListNotice() {
                CommandOutput.error(notice)
            }
            return environment
        } catch {
            throw CommandOutput.failure(error, database: paths.database)
        }
    }

    /// Reports `error` as `CommandOutput.failure` does, naming this database in database errors.
    /// A regular expression that ran out of its budget is reported with the config rule it belongs to.
    func failure(_ error: any Error) -> ExitCode {
        if let failure = ReaderConfig.regexBudgetFailure(error, configPath: paths.config) {
            return CommandOutput.failure(failure)
        }
        return CommandOutput.failure(error, database: paths.database)
    }
}
