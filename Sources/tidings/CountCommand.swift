import ArgumentParser
import ReaderControllers

extension CountFormat: ExpressibleByArgument {}

/// `tidings count [--unread] [--format text|json]`: article counts for status bars and scripts.
struct CountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "count",
        abstract: "Print how many articles (or unread articles) the database holds.",
        discussion: """
            For status bars, prompts and scripts, as newsboat's print-unread. Reads the database only; \
            nothing is fetched.

            Output (text):
              1234 articles in 40 feeds (12 unread, 3 starred)
              12 unread articles in 4 feeds                       (with --unread: feeds that have some)
            Output (json):
              {"articles":1234,"unread":12,"starred":3,"feeds":40,"feeds_with_unread":4}
              {"unread":12,"feeds_with_unread":4}                 (with --unread)

            Examples:
              tidings count --unread
              tidings count --format json | jq .unread

            Exit status: 0; 73 the database cannot be opened; 74 writing failed.
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Count only unread articles (and the feeds that have some).")
    var unread = false

    @Option(name: .long, help: ArgumentHelp("The output format: text or json (default: text).", valueName: "format"))
    var format: CountFormat = .text

    func run() throws {
        let environment = try global.environment()
        do {
            try CommandOutput.write(Array(try CountController(environment: environment).run(unreadOnly: unread, format: format).utf8))
        } catch {
            throw global.failure(error)
        }
    }
}
