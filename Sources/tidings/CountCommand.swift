import ArgumentParser
import ReaderControllers

extension CountFormat: ExpressibleByArgument {}

/// `tidings count [--unread] [--format text|json]`: article counts for status bars and scripts.
struct CountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "count",
        abstract: "Print how many articles (or unread articles) the database holds.",
        discussion: """
            For status bars, prompts and scripts, as newsboat's print-unread. Counts the feeds of the \
            feed list (read, never changed; every feed while there is no list file), and every starred \
            article of the database. Nothing is fetched or written.

            Output (text):
              1234 articles in 40 feeds (12 unread, 3 starred)
              12 unread articles in 4 feeds                       (with --unread: feeds that have some)
            Output (json):
              {"articles":1234,"unread":12,"starred":3,"feeds":40,"feeds_with_unread":4}
              {"unread":12,"feeds_with_unread":4}                 (with --unread)

            Examples:
              tidings count --unread
              tidings count --format json | jq .unread

            Exit status: 0; 65 when the feed list is not OPML, 66 when it cannot be read; 73 when the \
            database cannot be opened; 74 when writing failed.
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
