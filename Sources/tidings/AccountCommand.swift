import ArgumentParser
import Foundation
import ReaderControllers

/// `tidings account list|remove`: the feed-service accounts the config names and the database holds.
struct AccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "List the feed-service accounts, or remove one's data from the database.",
        subcommands: [AccountListCommand.self, AccountRemoveCommand.self],
        defaultSubcommand: AccountListCommand.self)
}

struct AccountListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "One account per line: name, type, endpoint, last sync, marks waiting, feeds.",
        discussion: """
            The [[account]]s of config.toml, then the accounts only the database still holds (type \
            "not in config"). Never a password. Off a terminal: TAB-separated, no header; --json: an \
            array of {name, type, url, last_sync, waiting, feeds, in_config}.
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print a JSON array.")
    var json = false

    func run() async throws {
        let config = try global.loadConfig()
        let environment = try global.environment(noticesMissingList: false)
        do {
            let items = try AccountsController(environment: environment, accounts: config.accounts).list()
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                encoder.dateEncodingStrategy = .iso8601
                var data = try encoder.encode(items)
                data.append(UInt8(ascii: "\n"))
                try CommandOutput.write([UInt8](data))
                return
            }
            let rows = items.map { item in
                [item.name, item.type ?? "not in config", item.url ?? "-",
                 item.lastSync.map { $0.ISO8601Format() } ?? "never", String(item.waiting), String(item.feeds)]
                    .map(ConsoleText.line)
            }
            try CommandOutput.write(Array(Self.table(rows, header: isatty(1) == 1).utf8))
        } catch {
            throw global.failure(error)
        }
    }

    /// TAB-separated rows, or columns aligned under a header for a person.
    static func table(_ rows: [[String]], header: Bool) -> String {
        guard header else { return rows.map { $0.joined(separator: "\t") + "\n" }.joined() }
        let all = [["NAME", "TYPE", "URL", "LAST SYNC", "WAITING", "FEEDS"]] + rows
        let widths = (0..<6).map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces) + "\n"
        }.joined()
    }
}

struct AccountRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Delete an account's feeds, articles, waiting marks and sync state from the database.",
        discussion: """
            Asks first on a terminal (y or n, one key); elsewhere it needs --yes (exit 2 without). \
            Starred articles stay, each in its feed, no longer synced, unless --delete-stars. Marks \
            not yet sent are lost. Nothing changes on the service, and config.toml is left as it is: \
            remove the [[account]] block yourself, or the next refresh syncs the account anew. A \
            refresh running meanwhile is waited for.

            Exit status: 0 removed (or not confirmed); 1 the database holds nothing of NAME; 2 usage \
            or no --yes off a terminal; 73 the database cannot be written.
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Do not ask.")
    var yes = false

    @Flag(help: "Delete the account's starred articles too.")
    var deleteStars = false

    @Argument(help: "The account's name.")
    var name: String

    func run() async throws {
        let config = try global.loadConfig()
        let environment = try global.environment(noticesMissingList: false)
        let controller = AccountsController(environment: environment, accounts: config.accounts)
        do {
            guard let stored = try controller.stored(account: name) else {
                _ = try await controller.remove(account: name, keepingStars: !deleteStars)
                return
            }
            if !yes {
                let stars = deleteStars ? "starred ones included" : "starred ones kept"
                let question = "Remove account \(ConsoleText.line(name)) from \(environment.paths.database): "
                    + "\(stored.feeds) feeds and their articles (\(stars)), \(stored.waiting) marks not yet sent?"
                guard let answer = YesNoQuestion.ask(question) else {
                    throw CommandFailure(
                        message: "account remove \(name): not on a terminal, so nothing asked; add --yes", status: .usage)
                }
                guard answer else {
                    CommandOutput.error("account \(name) not removed")
                    return
                }
            }
            let removal = try await controller.remove(account: name, keepingStars: !deleteStars)
            var line = "removed account \(name): \(removal.deletedFeeds + removal.keptFeeds) feeds, "
                + "\(removal.deletedArticles) articles, \(removal.droppedMarks) marks not sent"
            if removal.keptStarred > 0 { line += "; \(removal.keptStarred) starred articles kept" }
            try CommandOutput.line(line)
            if config.accounts.contains(where: { $0.name == name }) {
                CommandOutput.error(
                    "note: \(global.paths.config) still has [[account]] \(name): remove that block, "
                        + "or the next refresh syncs it anew")
            }
        } catch {
            throw global.failure(error)
        }
    }
}
