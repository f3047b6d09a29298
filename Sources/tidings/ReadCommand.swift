import ArgumentParser
import ReaderControllers

/// `tidings read` (also `tidings` with no subcommand): the terminal reader.
struct ReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Open the terminal reader (the default when no subcommand is given).")

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let config = try global.loadConfig()
        do {
            try ReaderLauncher.requireTerminal()
        } catch {
            throw global.failure(error)
        }
        let environment = try global.environment()
        do {
            try ReaderLauncher.run(environment: environment, config: config)
        } catch {
            throw global.failure(error)
        }
    }
}
