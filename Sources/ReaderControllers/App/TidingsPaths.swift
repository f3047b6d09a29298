import Foundation

/// Where Tidings keeps the user's files, following the XDG base directory specification:
/// the feed list and config under `$XDG_CONFIG_HOME/tidings`, the database under
/// `$XDG_DATA_HOME/tidings`. Explicit options win over environment variables, which win over defaults.
public struct TidingsPaths: Sendable, Hashable {
    /// The OPML feed list (`--feeds`, then `TIDINGS_FEEDS`, then `$XDG_CONFIG_HOME/tidings/feeds.opml`).
    package var feedList: String
    /// The SQLite database (`--db`, then `TIDINGS_DB`, then `$XDG_DATA_HOME/tidings/tidings.db`).
    public var database: String
    /// The config file (`--config`, then `TIDINGS_CONFIG`, then `$XDG_CONFIG_HOME/tidings/config.toml`).
    public var config: String

    package init(feedList: String, database: String, config: String) {
        self.feedList = feedList
        self.database = database
        self.config = config
    }

    /// The user's home folder: `$HOME`, as the shell's `~` means it, else the passwd entry's.
    public static func home(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }

    /// Resolves the paths from explicit options and the environment.
    public static func resolve(
        feedList: String? = nil, database: String? = nil, config: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> TidingsPaths {
        let home = home(environment)
        func base(_ variable: String, _ fallback: String) -> String {
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return (home as NSString).appendingPathComponent(fallback)
        }
        let configDir = (base("XDG_CONFIG_HOME", ".config") as NSString).appendingPathComponent("tidings")
        let dataDir = (base("XDG_DATA_HOME", ".local/share") as NSString).appendingPathComponent("tidings")
        func pick(_ option: String?, _ variable: String, _ fallback: String) -> String {
            if let option, !option.isEmpty { return option }
            if let value = environment[variable], !value.isEmpty { return value }
            return fallback
        }
        return TidingsPaths(
            feedList: pick(feedList, "TIDINGS_FEEDS", (configDir as NSString).appendingPathComponent("feeds.opml")),
            database: pick(database, "TIDINGS_DB", (dataDir as NSString).appendingPathComponent("tidings.db")),
            config: pick(config, "TIDINGS_CONFIG", (configDir as NSString).appendingPathComponent("config.toml")))
    }

    /// The lock file that keeps two refreshes apart, next to the database.
    package var refreshLock: String { database + ".refresh-lock" }

    /// Creates the folders the database and feed list live in, when missing.
    package func createDirectories() throws {
        let manager = FileManager.default
        for file in [database, feedList] {
            let folder = (file as NSString).deletingLastPathComponent
            if !folder.isEmpty {
                try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
        }
    }
}
