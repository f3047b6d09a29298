import ArgumentParser
import ReaderControllers

/// `tidings read` (also `tidings` with no subcommand): the terminal reader.
struct ReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Open the terminal reader (the default when no subcommand is given).")

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let paths = global.paths
        let config: ReaderConfig
        do {
            config = try ReaderConfig.load(path: paths.config)
        } catch {
            CommandOutput.error(error.description)
            throw ExitCode(ExitStatus.config.rawValue)
        }
        do {
            try ReaderLauncher.requireTerminal()
        } catch {
            CommandOutput.error(error.description)
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        let environment = try global.environment()
        do {
            try ReaderLauncher.run(environment: environment, config: config)
        } catch {
            CommandOutput.error(error.description)
            throw ExitCode(error == .notATerminal ? ExitStatus.usage.rawValue : ExitStatus.ioError.rawValue)
        }
    }
}
