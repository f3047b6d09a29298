import ArgumentParser
import ReaderControllers

extension MarkAction: ExpressibleByArgument {}

/// `tidings mark read|unread|star|unstar (--query Q | ID...)`: marks articles for scripts and prints
/// how many changed.
struct MarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark",
        abstract: "Mark articles read, unread, starred or unstarred; print how many changed.",
        discussion: """
            Give article ids ({{id}} in an export template) or --query (the query language of filters and \
            query feeds, over the feeds of the feed list). Prints the number of articles whose mark \
            changed, e.g. "3". Marks of an account's articles are sent to its service by the next \
            `tidings refresh`; nothing is sent now, so this works offline.

            Examples:
              tidings mark read --query 'feed = "Hacker News" and age > 2d'
              tidings mark star 1234 1240

            Exit status: 0; 2 usage error or a --query that cannot be read; 65 an id no article has \
            (nothing is marked); 73 the database cannot be opened; 74 the write failed (a full disk: \
            nothing is marked); 78 a bad config file.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "read, unread, star or unstar.")
    var action: MarkAction

    @Option(name: .long, help: ArgumentHelp("Mark the articles matching this query.", valueName: "query"))
    var query: String?

    @Argument(help: "Ids of the articles to mark.")
    var ids: [Int64] = []

    func validate() throws {
        if query == nil, ids.isEmpty { throw ValidationError("give article ids or --query") }
        if query != nil, !ids.isEmpty { throw ValidationError("give article ids or --query, not both") }
    }

    func run() throws {
        _ = try global.loadConfig()
        let environment = try global.environment()
        do {
            let changed = try MarkController(environment: environment).run(action, ids: ids, query: query)
            try CommandOutput.line(String(changed))
        } catch {
            throw global.failure(error)
        }
    }
}
