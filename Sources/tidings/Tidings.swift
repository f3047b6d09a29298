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
            ExtractCommand.self,
            DownloadCommand.self,
            AccountCommand.self,
            DownloadsCommand.self,
            PodcastCommand.self,
            MarkCommand.self,
        ],
        defaultSubcommand: ReadCommand.self)

    /// On the main actor: the reader (`read`) runs its loop there, on the main thread.
    @MainActor
    static func main() async {
        ProcessSetup.run()
        StopSignals.install()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let (unknown, parent) = unknownSubcommand(arguments) {
            // `read` (and `feeds list`) are default subcommands, so the parser would take a mistyped
            // command for an argument of the default and show its usage; name the mistake and show the
            // commands instead.
            FileHandle.standardError.write(Data(
                ("tidings: unknown command '\(ConsoleText.line(unknown))'\n" + parent.helpMessage() + "\n").utf8))
            exit(withError: ExitStatus.usage.exitCode)
        }
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if let stopped = StopSignals.requestedStatus { exit(withError: stopped.exitCode) }
            if exitCode(for: error) == .validationFailure {
                // Usage errors exit with 2, as cron users and the refresh contract expect, not EX_USAGE.
                FileHandle.standardError.write(Data((prefixed(fullMessage(for: error)) + "\n").utf8))
                exit(withError: ExitStatus.usage.exitCode)
            }
            exit(withError: error)
        }
        // Work that a signal stopped may have ended without an error; the status still says it stopped.
        if let stopped = StopSignals.requestedStatus { exit(withError: stopped.exitCode) }
    }

    /// The parser's message with the program's name where it puts "Error: ", as every other error line has.
    static func prefixed(_ message: String) -> String {
        message.hasPrefix("Error: ") ? "tidings: " + message.dropFirst("Error: ".count) : message
    }

    /// The first word of `arguments` that stands where a subcommand would and is none (not an option,
    /// not the value of an option such as `--feeds FILE`, not a subcommand or `help`), with the command
    /// it was given to: `tidings bogus`, `tidings feeds bogus`.
    static func unknownSubcommand(_ arguments: [String]) -> (String, any ParsableCommand.Type)? {
        let takingValues: Set<String> = ["--feeds", "--db", "--config", "--generate-completion-script"]
        // The parser's own machinery (`---completion` calls from the completion scripts) is left to it.
        if arguments.contains(where: { $0.hasPrefix("---") }) { return nil }
        var parent: any ParsableCommand.Type = Tidings.self
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
            let subcommands = parent.configuration.subcommands
            guard let match = subcommands.first(where: { $0.configuration.commandName == argument }) else {
                return argument == "help" ? nil : (argument, parent)
            }
            guard !match.configuration.subcommands.isEmpty else { return nil }
            parent = match
            index += 1
        }
        return nil
    }
}
