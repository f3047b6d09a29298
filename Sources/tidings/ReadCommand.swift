import ArgumentParser
import ReaderControllers

/// `tidings read` (also `tidings` with no subcommand): the terminal reader.
struct ReadCommand: ParsableCommand {
    /// Computed, so `--help` lists the keys of the config file in use (`--config`, $TIDINGS_CONFIG,
    /// or the default path), read when the help is printed.
    /// The key list is only built when help may be shown: the parser asks for the configuration many
    /// times while it parses, and each key list reads the config file (a dozen reads before the reader
    /// could start).
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "read",
            abstract: "Open the terminal reader (the default when no subcommand is given).",
            discussion: (helpMayBeShown ? keyHelp + "\n\n" : "")
                + "Exit status: 0 quit, 2 not a terminal, 73 the database cannot be opened, 78 the config file is wrong.")
    }

    /// The keys in effect, built once.
    private static let keyHelp = KeyHelp.text(configPath: TidingsPaths.resolve(config: configArgument).config)

    /// True unless the command line is a plain `tidings [read] [options]` launch: anything that may ask
    /// for help (`--help`, `-h`, `help`, the parser's own `--experimental-dump-help`), and any
    /// argument the parser may answer with a usage message, gets the full text.
    private static var helpMayBeShown: Bool {
        let plainOptions: Set<String> = ["--feeds", "--db", "--config"]
        var arguments = CommandLine.arguments.dropFirst()
        if arguments.first == "read" { arguments = arguments.dropFirst() }
        var expectsValue = false
        for argument in arguments {
            if expectsValue {
                expectsValue = false
                continue
            }
            if plainOptions.contains(argument) {
                expectsValue = true
                continue
            }
            if plainOptions.contains(where: { argument.hasPrefix($0 + "=") }) { continue }
            return true
        }
        return expectsValue
    }

    /// The `--config FILE` or `--config=FILE` given on the command line, if any.
    private static var configArgument: String? {
        let arguments = CommandLine.arguments
        for (index, argument) in arguments.enumerated() {
            if argument == "--config", index + 1 < arguments.count { return arguments[index + 1] }
            if argument.hasPrefix("--config=") { return String(argument.dropFirst("--config=".count)) }
        }
        return nil
    }

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let config = try global.loadConfig()
        do {
            try ReaderLauncher.requireTerminal()
        } catch {
            throw global.failure(error)
        }
        let environment = try global.environment(
            readerCacheKilobytes: ReaderLauncher.storeReaderCacheKilobytes, prefetchesListRows: true,
            noticesMissingList: false, config: config)
        // `Tidings.main` runs on the main actor and calls this synchronously, so the reader's loop
        // owns the main thread; the check traps if that ever stops being true.
        let failure = MainActor.assumeIsolated { () -> ReaderError? in
            do throws(ReaderError) {
                try ReaderLauncher.run(environment: environment, config: config)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw global.failure(failure) }
    }
}
