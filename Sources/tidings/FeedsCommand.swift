import ArgumentParser
import Foundation
import ReaderControllers

/// `tidings feeds add|remove|edit|list|import|export`: the user's feed list (an OPML file).
struct FeedsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feeds",
        abstract: "Manage the feed list (an OPML file; folders are tags).",
        subcommands: [
            FeedsAddCommand.self, FeedsRemoveCommand.self, FeedsEditCommand.self, FeedsListCommand.self, FeedsImportCommand.self,
            FeedsExportCommand.self, FeedsPruneCommand.self,
        ],
        defaultSubcommand: FeedsListCommand.self)
}

/// Runs a feed-list operation and what prints its outcome, turning errors into a message and an exit
/// status. `noticesMissingList` false: the operation itself refuses a missing list with the same advice.
func runFeedList<T>(
    _ global: GlobalOptions, noticesMissingList: Bool = true,
    _ body: (SubscriptionsController) async throws -> T, output: (T) throws -> Void
) async throws {
    let controller = SubscriptionsController(environment: try global.environment(noticesMissingList: noticesMissingList))
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
            list is refused (exit 1); URLs are compared without case in the scheme and host, default \
            ports and fragments. A feed the database kept from an earlier list comes back with its \
            articles and marks.

            With --account NAME the feed is subscribed on that [[account]]'s service instead (Google \
            Reader API: quickadd, --folder as its label), the local feed list is left as it is, and its \
            articles come with the next `tidings refresh`. Fever cannot subscribe (exit 69); an unknown \
            account is exit 2; an unreachable service 69, a rejected password 77.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: "The title to show (default: the feed's own).")
    var title: String?

    @Option(help: "A tag (the first is the OPML folder); repeat for more.")
    var tag: [String] = []

    @Flag(help: "Add the URL as given, without fetching it.")
    var noCheck = false

    @Flag(help: "When the feed list is missing, start a new one even though the database holds feeds.")
    var newList = false

    @Option(help: "Subscribe on this [[account]]'s service instead of adding to the feed list.")
    var account: String?

    @Option(help: "The folder (with --account: the label on the service); the same as a first --tag.")
    var folder: String?

    @Argument(help: "The feed's URL (or a web page, or a local path).")
    var url: String

    func validate() throws {
        if account != nil, !tag.isEmpty || noCheck || newList {
            throw ValidationError("--account takes --title and --folder only (not --tag, --no-check, --new-list)")
        }
    }

    func run() async throws {
        if let account {
            let config = try global.loadConfig()
            let controller = AccountsController(environment: try global.environment(), accounts: config.accounts)
            do {
                let item = try await controller.subscribe(url: url, account: account, title: title, folder: folder)
                try CommandOutput.line("added \(item.title) <\(item.url)> to account \(account)")
            } catch {
                throw global.failure(error)
            }
            return
        }
        let tags = (folder.map { [$0] } ?? []) + tag.filter { $0 != folder }
        try await runFeedList(global, noticesMissingList: false) { controller in
            try await controller.add(FeedAddRequest(url: url, title: title, tags: tags, check: !noCheck, newList: newList))
        } output: { item in
            let restored = item.restored
                ? " (kept in the database: \(item.total) articles, \(item.unread) unread, marks as they were)" : ""
            try CommandOutput.line("added \(item.title) <\(item.url)>\(restored)")
        }
    }
}

struct FeedsEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a feed's title, tags, folder or refresh interval (as the reader's e does).",
        discussion: """
            The feed is named by URL or title. What is not given stays as it is; the feed keeps its \
            articles and marks. The list is changed under its lock, through the same code as the \
            reader's e. Exit status: 0 changed; 1 no such feed; 2 nothing to change or a bad value.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: "The title to show (empty: the feed's own).")
    var title: String?

    @Option(help: "Every tag, comma-separated (the first is the OPML folder; empty: none).")
    var tags: String?

    @Option(help: "The folder to move the feed to (empty: out of its folder).")
    var folder: String?

    @Option(help: "The refresh interval: 30m, 6h, 1d (empty or auto: automatic).")
    var interval: String?

    @Argument(help: "The feed's URL or title.")
    var feed: String

    func validate() throws {
        guard title != nil || tags != nil || folder != nil || interval != nil else {
            throw ValidationError("give at least one of --title, --tags, --folder, --interval")
        }
        if let interval, !FeedEdit().settingInterval(interval) {
            throw ValidationError("--interval must be a duration such as 30m, 6h or 1d (or auto), not '\(interval)'")
        }
    }

    func run() async throws {
        var change = FeedEdit(title: title, folder: folder?.trimmingCharacters(in: .whitespaces))
        change.tags = tags.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        if let interval { _ = change.setInterval(interval) }
        try await runFeedList(global) { try $0.edit(feed, change) } output: { edited in
            try CommandOutput.line("edited \(edited.title ?? edited.url) <\(edited.url)>")
        }
    }
}

struct FeedsRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a feed (by URL or title) and its articles.",
        discussion: """
            The feed leaves the feed list and the database, with its articles, starred ones included. \
            A feed the database keeps that the list does not name (see `feeds list --all`) is removed \
            from the database the same way.

            An account's feed (not in the feed list) is unsubscribed on its service first (Google \
            Reader API; Fever cannot, exit 69), then removed here except its starred articles, which \
            stay in the feed, no longer synced; removing that feed again deletes them.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The feed's URL or title.")
    var feed: String

    func run() async throws {
        let environment = try global.environment()
        do {
            let url = try SubscriptionsController(environment: environment).remove(feed)
            try CommandOutput.line("removed \(url)")
        } catch let notFound as SubscriptionsError {
            guard case .notFound = notFound else { throw global.failure(notFound) }
            try await removeAccountFeed(environment, otherwise: notFound)
        } catch {
            throw global.failure(error)
        }
    }

    /// Not a feed of the list: an account's feed by that name, else the list's failure stands.
    private func removeAccountFeed(_ environment: AppEnvironment, otherwise notFound: SubscriptionsError) async throws {
        let config = try global.loadConfig()
        let controller = AccountsController(environment: environment, accounts: config.accounts)
        do {
            guard let found = try controller.feed(named: feed) else { throw notFound }
            let removal = try await controller.remove(found)
            let kept = removal.keptStarred == 0 ? ""
                : " (\(removal.keptStarred) starred kept, no longer synced; `tidings feeds remove` again deletes them)"
            let from = found.subscriptionID == nil ? "" : " from account \(found.account)"
            try CommandOutput.line("removed \(found.url)\(from)\(kept)")
        } catch {
            throw global.failure(error)
        }
    }
}

struct FeedsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the feeds: title, URL, unread/total, tags, last status or error.")

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print a JSON array.")
    var json = false

    @Flag(help: "Also list the feeds the database keeps that this feed list does not name.")
    var all = false

    func run() async throws {
        try await runFeedList(global) { try $0.list(includingUnlisted: all) } output: { items in
            if json {
                var data = try SubscriptionItem.jsonData(items)
                data.append(UInt8(ascii: "\n"))
                try CommandOutput.write([UInt8](data))
            } else if items.isEmpty, isatty(1) == 1 {
                // A person sees that the list is empty; a script reading a pipe still gets nothing.
                try CommandOutput.line("No feeds. Add one with `tidings feeds add URL` or `tidings feeds import FILE`.")
            } else {
                try CommandOutput.write(Array(SubscriptionsTable(items: items, terminalWidth: ExportOptions.terminalWidth(of: 1)).text.utf8))
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
            query: lines become query feeds ([[query]] entries added to the end of config.toml, which is \
            kept as config.toml.bak; a name the config has already is skipped); a condition with no \
            translation, exec: and filter: lines and !hidden tags are reported on standard error, one \
            line each, and not imported. newsboat's cache.db (an SQLite file) brings the articles of \
            listed feeds along with their read state and flags (the flag s stars, other letters become \
            article tags newsboat-flag-X); marks are only added, so importing it again changes nothing.

            Exit status: 0 done; 65 the file or the feed list is not what it should be; 66 the file \
            cannot be read; 73 the feed list or the config file cannot be written; 78 the config file \
            does not load.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The OPML or urls file, or newsboat's cache.db.")
    var file: String

    @Flag(help: "When the feed list is missing, start a new one even though the database holds feeds.")
    var newList = false

    func run() async throws {
        try await runFeedList(global, noticesMissingList: false) { try $0.importFeeds(path: file, newList: newList) } output: { result in
            for note in result.notes { CommandOutput.error(note) }
            for name in result.queryFeeds { try CommandOutput.line("added the query feed \(name) to \(result.config)") }
            if let history = result.history {
                try CommandOutput.line(
                    "imported \(history.articles.new) articles of \(history.feeds) feeds, "
                        + "\(history.articles.markedRead) marked read, \(history.articles.starred) starred, "
                        + "\(history.unlistedFeeds) feeds not in the list")
                return
            }
            try CommandOutput.line(
                "imported \(result.added.count) feeds, \(result.skipped.count) already listed, "
                    + "\(result.notImported) not imported")
        }
    }
}

struct FeedsExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Print the feed list as OPML or as a newsboat urls file.",
        discussion: """
            With --all, the feeds the database keeps that the list does not name follow the list's \
            (every stored feed when the list is missing): `tidings feeds export --all > feeds.opml.new \
            && mv feeds.opml.new feeds.opml` recreates a lost list.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: "opml or urls.")
    var format: SubscriptionsFormat = .opml

    @Option(name: .long, help: ArgumentHelp(
        "Write to this file, replacing it atomically, instead of standard output.",
        discussion: "Never the feed list itself or another of Tidings' files (exit 73).", valueName: "file"),
        completion: .file())
    var output: String?

    @Flag(name: .long, help: ArgumentHelp(
        "Let --output replace a file of another kind (a database, a page, a feed).",
        discussion: "Without it such a file is refused (exit 73); an earlier export of the same format is replaced."))
    var force = false

    @Flag(help: "Also every feed the database keeps that the list does not name.")
    var all = false

    func validate() throws {
        if let output, output.isEmpty { throw ValidationError("--output needs a file name.") }
        if force && output == nil { throw ValidationError("--force applies only with --output.") }
    }

    func run() async throws {
        if let output {
            let environment = try global.environment()
            do {
                try FeedListExportController(environment: environment).write(format: format, all: all, to: output, force: force)
            } catch {
                throw global.failure(error)
            }
            return
        }
        try await runFeedList(global) { try $0.export(format: format, all: all) } output: { text in
            // On a terminal each line is cleaned; to a file or a pipe the list goes out exactly.
            try CommandOutput.write(Array((isatty(1) == 1 ? ConsoleText.lines(text) : text).utf8))
        }
    }
}

struct FeedsPruneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Delete the feeds no feed list has named for a long time (never starred articles).",
        discussion: """
            A feed the database keeps that this feed list does not name, and that no feed list used \
            with this database has named for --older-than, loses its articles; starred articles are \
            kept (with their feed, still under Starred). Prints one line per feed; --dry-run only \
            prints them.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("How long out of every list: 90d, 12w, or a date.", valueName: "duration"))
    var olderThan = "90d"

    @Flag(help: "Print what would be deleted; delete nothing.")
    var dryRun = false

    func validate() throws {
        guard ExportSince.parse(olderThan) != nil else {
            throw ValidationError("--older-than takes a duration (90d, 12w, 6h) or a date, not \"\(olderThan)\"")
        }
    }

    func run() async throws {
        let now = Date()
        let age = now.timeIntervalSince(ExportSince.parse(olderThan, now: now) ?? now)
        try await runFeedList(global, noticesMissingList: false) { try $0.prune(olderThan: age, dryRun: dryRun) } output: { pruned in
            let verb = dryRun ? "would delete" : "deleted"
            for feed in pruned {
                var line = "\(verb) \(feed.title) <\(feed.url)>: \(feed.deletedArticles) article"
                    + (feed.deletedArticles == 1 ? "" : "s")
                line += feed.keptStarred > 0 ? ", kept \(feed.keptStarred) starred" : ", and the feed"
                try CommandOutput.line(line)
            }
        }
    }
}

extension SubscriptionsFormat: ExpressibleByArgument {}
