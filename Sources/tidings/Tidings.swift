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
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let unknown = unknownSubcommand(arguments) {
            // `read` is the default subcommand, so the parser would take a mistyped command for an
            // argument of `read` and show read's usage; name the mistake and show the commands instead.
            FileHandle.standardError.write(Data(
                ("Error: unknown command '\(ConsoleText.line(unknown))'\n" + helpMessage() + "\n").utf8))
            exit(withError: ExitCode(ExitStatus.usage.rawValue))
        }
        do {
            var command = try parseAsRoot(arguments)
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

    /// The first word of `arguments` that stands where a subcommand would and is none: not an option,
    /// not the value of one of the reader's options (`--feeds FILE`), not a subcommand or `help`.
    static func unknownSubcommand(_ arguments: [String]) -> String? {
        let names = Set(configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"])
        let takingValues: Set<String> = ["--feeds", "--db", "--config"]
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" { return nil }
            if takingValues.contains(argument) {
                index += 2
                continue
            }
            if argument.hasPrefix("-") {
                index += 1
                continue
            }
            return names.contains(argument) ? nil : argument
        }
        return nil
    }
}
