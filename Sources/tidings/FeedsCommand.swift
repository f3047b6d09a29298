import ArgumentParser
import Foundation
import ReaderControllers

/// `tidings feeds add|remove|list|import|export`: the user's feed list (an OPML file).
struct FeedsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feeds",
        abstract: "Manage the feed list (an OPML file; folders are tags).",
        subcommands: [
            FeedsAddCommand.self, FeedsRemoveCommand.self, FeedsListCommand.self, FeedsImportCommand.self,
            FeedsExportCommand.self,
        ],
        defaultSubcommand: FeedsListCommand.self)
}

/// Runs a feed-list operation and what prints its outcome, turning errors into a message and an exit
/// status.
func runFeedList<T>(
    _ global: GlobalOptions, _ body: (FeedListController) async throws -> T, output: (T) throws -> Void
) async throws {
    let controller = FeedListController(environment: try global.environment())
    do {
        try output(try await body(controller))
    } catch {
        throw global.failure(error)
    }
}

struct FeedsAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a feed, or the feed a web page links to.",
        discussion: """
            The feed is fetched and parsed first; a web page's <link rel="alternate"> feeds are \
            discovered (several: they are listed and nothing is added, exit 1). A feed already in the \
            list is refused (exit 1).
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: "The title to show (default: the feed's own).")
    var title: String?

    @Option(help: "A tag (the first is the OPML folder); repeat for more.")
    var tag: [String] = []

    @Flag(help: "Add the URL as given, without fetching it.")
    var noCheck = false

    @Argument(help: "The feed's URL (or a web page, or a local path).")
    var url: String

    func run() async throws {
        try await runFeedList(global) { controller in
            try await controller.add(FeedAddRequest(url: url, title: title, tags: tag, check: !noCheck))
        } output: { item in
            try CommandOutput.line("added \(item.title) <\(item.url)>")
        }
    }
}

struct FeedsRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a feed (by URL or title) and its articles.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The feed's URL or title.")
    var feed: String

    func run() async throws {
        try await runFeedList(global) { try $0.remove(feed) } output: { url in
            try CommandOutput.line("removed \(url)")
        }
    }
}

struct FeedsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the feeds: title, URL, unread/total, tags, last status or error.")

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print a JSON array.")
    var json = false

    func run() async throws {
        try await runFeedList(global) { try $0.list() } output: { items in
            if json {
                var data = try FeedListItem.jsonData(items)
                data.append(UInt8(ascii: "\n"))
                try CommandOutput.write([UInt8](data))
            } else {
                try CommandOutput.write(Array(FeedListTable(items: items, terminalWidth: ExportOptions.terminalWidth(of: 1)).text.utf8))
            }
        }
    }
}

struct FeedsImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add the feeds of an OPML file or a newsboat urls file (feeds already listed are skipped).",
        discussion: """
            The file is OPML (XML with an <opml> root) or a newsboat urls file: one feed per line, an \
            http, https or file URL or an absolute path, then tags and "~Title"; # comments and blank \
            lines. Anything else is refused whole (exit 65) naming the first bad line. newsboat's \
            query:, exec: and filter: lines and its !hidden tags are reported on standard error, one line \
            each, and not imported.

            Exit status: 0 done; 65 the file or the feed list is not what it should be; 66 the file \
            cannot be read; 73 the feed list cannot be written.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The OPML or urls file.")
    var file: String

    func run() async throws {
        try await runFeedList(global) { try $0.importFeeds(path: file) } output: { result in
            for note in result.notes { CommandOutput.error(note) }
            try CommandOutput.line(
                "imported \(result.added.count) feeds, \(result.skipped.count) already listed, "
                    + "\(result.notImported) not imported")
        }
    }
}

struct FeedsExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Print the feed list as OPML or as a newsboat urls file.")

    @OptionGroup var global: GlobalOptions

    @Option(help: "opml or urls.")
    var format: FeedListFormat = .opml

    func run() async throws {
        try await runFeedList(global) { try $0.export(format: format) } output: { text in
            // On a terminal each line is cleaned; to a file or a pipe the list goes out exactly.
            try CommandOutput.write(Array((isatty(1) == 1 ? ConsoleText.lines(text) : text).utf8))
        }
    }
}

extension FeedListFormat: ExpressibleByArgument {}
