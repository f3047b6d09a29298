import ArgumentParser
import Foundation
import ReaderControllers

/// The `tidings` command: a terminal feed reader and its scriptable subcommands.
@main
struct Tidings: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tidings",
        abstract: "A terminal news-feed reader.",
        version: TidingsVersion.string,
        subcommands: [
            ParseCommand.self,
            FeedsCommand.self,
            RefreshCommand.self,
            ReadCommand.self,
            ExportCommand.self,
            CountCommand.self,
        ],
        defaultSubcommand: ReadCommand.self)

    static func main() async {
        ProcessSetup.run()
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .validationFailure {
                // Usage errors exit with 2, as cron users and the refresh contract expect, not EX_USAGE.
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                exit(withError: ExitCode(ExitStatus.usage.rawValue))
            }
            exit(withError: error)
        }
    }
}
