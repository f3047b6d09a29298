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
            With --query, the articles matching it:
              25 articles match (7 unread, 1 starred)
              {"articles":25,"unread":7,"starred":1}
              7 unread articles match                             (with --unread)
              {"unread":7}                                        (with --unread)

            Articles the config's [[ignore]] rules hide are not counted unless --include-ignored is given.

            Examples:
              tidings count --unread
              tidings count --format json | jq .unread
              tidings count --unread --query 'tag = dev and age < 1d'

            Exit status: 0; 2 a --query that cannot be read (one line naming the column); 65 when the \
            feed list is not OPML, 66 when it cannot be read; 73 when the database cannot be opened; 74 \
            when writing failed; 78 a bad config file (such as an [[ignore]] rule that cannot be read).
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Count only unread articles (and the feeds that have some).")
    var unread = false

    @Option(name: .long, help: ArgumentHelp("The output format: text or json (default: text).", valueName: "format"))
    var format: CountFormat = .text

    @Option(name: .long, help: ArgumentHelp(
        "Count only the articles matching this query (the query language of filters and query feeds).",
        valueName: "query"))
    var query: String?

    @Flag(name: .customLong("include-ignored"), help: "Also count the articles the config's [[ignore]] rules hide.")
    var includeIgnored = false

    func run() throws {
        let config = try global.loadConfig()
        let environment = try global.environment(config: config)
        do {
            let line = try CountController(environment: environment).run(
                unreadOnly: unread, format: format, query: query, includeIgnored: includeIgnored,
                ignoreRules: config.ignoreRules)
            try CommandOutput.write(Array(line.utf8))
        } catch {
            throw global.failure(error)
        }
    }
}
