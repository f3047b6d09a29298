import FeedStore
import Foundation
import TerminalView
import TOMLKit

/// Reading `config.toml` into a `ReaderConfig`.
extension ReaderConfig {
    /// Reads the config at `path`; defaults when the file does not exist.
    /// Throws `ConfigError` (a one-line message naming the file, and line where known).
    public static func load(path: String) throws(ConfigError) -> ReaderConfig {
        let data: Data
        do {
            data = try InputFile.read(path, limit: 16 << 20)
        } catch .missing {
            return ReaderConfig()
        } catch .special(let kind) {
            throw ConfigError(path: path, message: "is \(kind), not a regular file; give the path of a file", status: .noInput)
        } catch {
            // A directory or an unreadable file is an input that cannot be read (66); a huge one is a wrong config.
            let status: ExitStatus = if case .tooLarge = error { .config } else { .noInput }
            throw ConfigError(path: path, message: "cannot be read: \(error.reason)", status: status)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(path: path, message: "is not UTF-8 text")
        }
        return try parse(text, path: path)
    }

    /// Parses config text; `path` only names the file in errors.
    public static func parse(_ text: String, path: String = "config.toml") throws(ConfigError) -> ReaderConfig {
        if let line = TOMLHeaderCheck.firstBrokenHeader(in: text) {
            throw ConfigError(path: path, line: line, message: "a table header needs a name after '['")
        }
        if let broken = TOMLValueCheck.firstBrokenValue(in: text) {
            throw ConfigError(path: path, line: broken.line, message: broken.message)
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(path: path, line: error.source.begin.line, message: error.description)
        } catch {
            throw ConfigError(path: path, message: "\(error)")
        }
        var reader = ConfigReader(path: path)
        var config = try reader.read(table)
        config.accounts = try ConfigAccountSection.accounts(table["account"], text: text, path: path)
        return config
    }
}

/// Turns the parsed TOML table into a `ReaderConfig`, refusing unknown keys and wrong types.
struct ConfigReader {
    let path: String

    init(path: String) {
        self.path = path
    }

    /// The top-level settings and tables config.toml accepts (docs/config.md documents each).
    static let topLevel: Set<String> = [
        "browser", "browser_is_terminal", "sort", "refresh_on_start", "hyperlinks", "keys", "colors", "retention",
        "feed_list", "hide_read_feeds", "hide_read_articles", "macros", "dedupe",
        "ignore", "query", "account",
        "download_path", "download_filename_format", "max_downloads", "max_downloads_per_host", "download_stall_seconds",
        "player", "delete_played",
    ]

    mutating func read(_ table: TOMLTable) throws(ConfigError) -> ReaderConfig {
        var config = ReaderConfig()
        for key in table.keys where !Self.topLevel.contains(key) {
            throw fail("unknown setting '\(key)'")
        }
        if let value = table["browser"] {
            guard let browser = value.string else { throw fail("'browser' must be a string") }
            let trimmed = browser.trimmingCharacters(in: .whitespaces)
            config.browser = trimmed.isEmpty ? nil : trimmed
        }
        config.browserIsTerminal = try bool(table, "browser_is_terminal", default: false)
        if let value = table["player"] {
            guard let player = value.string else { throw fail("'player' must be a string, such as \"mpv\"") }
            let trimmed = player.trimmingCharacters(in: .whitespaces)
            config.player = trimmed.isEmpty ? nil : trimmed
        }
        config.deletePlayed = try bool(table, "delete_played", default: false)
        config.refreshOnStart = try bool(table, "refresh_on_start", default: false)
        config.hyperlinks = try bool(table, "hyperlinks", default: true)
        config.hideReadFeeds = try bool(table, "hide_read_feeds", default: false)
        config.hideReadArticles = try bool(table, "hide_read_articles", default: false)
        config.dedupe = try bool(table, "dedupe", default: true)
        if let value = table["feed_list"] {
            guard let name = value.string, let mode = FeedListMode(rawValue: name.lowercased()) else {
                throw fail("'feed_list' must be \"folders\" or \"alphabetical\"")
            }
            config.feedList = mode
        }
        if let value = table["sort"] {
            let names: [String: ArticleSort] = [
                "newest-first": .newestFirst, "oldest-first": .oldestFirst, "by-feed": .byFeed,
                "by-feed-z-a": .byFeedDescending, "title-a-z": .titleAscending, "title-z-a": .titleDescending,
            ]
            guard let name = value.string, let sort = names[name.lowercased().replacingOccurrences(of: "_", with: "-")]
            else {
                throw fail(
                    "'sort' must be \"newest-first\", \"oldest-first\", \"title-a-z\", \"title-z-a\", \"by-feed\" or \"by-feed-z-a\"")
            }
            config.sort = sort
        }
        if let keys = try section(table, "keys") { try readKeys(keys, into: &config.keys) }
        if let macros = try section(table, "macros") { config.macros = try readMacros(macros) }
        if let colors = try section(table, "colors") { try readColors(colors, into: &config.theme) }
        if let retention = try section(table, "retention") { config.retention = try readRetention(retention) }
        config.ignoreRules = try ConfigQuerySections.ignoreRules(table["ignore"], path: path)
        config.queryFeeds = try ConfigQuerySections.queryFeeds(table["query"], path: path)
        config.downloads = try readDownloads(table)
        return config
    }

    /// Reads `[keys]`. A key the file gives two commands is an error naming both; a key the file
    /// gives one command is taken from the command it ran by default.
    private func readKeys(_ table: TOMLTable, into bindings: inout KeyBindings) throws(ConfigError) {
        var claimed: [Key: ReaderCommand] = [:]
        // In the help screen's order, so a conflict is always reported the same way round.
        func rank(_ name: String) -> Int {
            ReaderCommand(rawValue: name).flatMap { ReaderCommand.allCases.firstIndex(of: $0) } ?? -1
        }
        for name in table.keys.sorted(by: { rank($0) < rank($1) }) {
            guard let command = ReaderCommand(rawValue: name), let value = table[name] else {
                throw fail("unknown command '\(name)' in [keys]")
            }
            let keyNames = try stringList(
                value, notString: "keys for '\(name)' must be strings",
                wrongType: "keys for '\(name)' must be a string or a list of strings")
            var keys: [Key] = []
            for keyName in keyNames {
                guard let key = Key(name: keyName) else { throw fail("unknown key '\(keyName)' for '\(name)'") }
                if let other = claimed[key], other != command {
                    throw fail("key '\(key.name)' is bound to both '\(other.rawValue)' and '\(name)' in [keys]")
                }
                claimed[key] = command
                keys.append(key)
            }
            bindings.bind(command, to: keys)
        }
    }

    /// Reads `[macros]`: a key name, then a command name or a list of them (run in order).
    private func readMacros(_ table: TOMLTable) throws(ConfigError) -> [Key: [ReaderCommand]] {
        var macros: [Key: [ReaderCommand]] = [:]
        for name in table.keys.sorted() {
            guard let key = Key(name: name), let value = table[name] else { throw fail("unknown key '\(name)' in [macros]") }
            let names = try stringList(
                value, notString: "macro '\(name)' must list command names",
                wrongType: "macro '\(name)' must be a command name or a list of them")
            guard !names.isEmpty else { throw fail("macro '\(name)' runs no command") }
            var commands: [ReaderCommand] = []
            for commandName in names {
                guard let command = ReaderCommand(rawValue: commandName), command != .macro else {
                    throw fail("unknown command '\(commandName)' in macro '\(name)'")
                }
                commands.append(command)
            }
            macros[key] = commands
        }
        return macros
    }

    private func readColors(_ table: TOMLTable, into theme: inout ReaderTheme) throws(ConfigError) {
        for name in table.keys {
            guard let path = ReaderTheme.keyPath(forElement: name), let value = table[name] else {
                throw fail("unknown element '\(name)' in [colors]")
            }
            if let colorName = value.string {
                guard let color = Color(name: colorName) else { throw fail("unknown colour '\(colorName)' for '\(name)'") }
                theme[keyPath: path].foreground = color
            } else if let style = value.table {
                theme[keyPath: path] = try readStyle(style, element: name)
            } else {
                throw fail("colour for '\(name)' must be a colour name or a table")
            }
        }
    }

    private func readStyle(_ table: TOMLTable, element: String) throws(ConfigError) -> Style {
        var style = Style()
        for key in table.keys {
            guard let value = table[key] else { continue }
            switch key {
            case "fg", "bg":
                guard let name = value.string, let color = Color(name: name) else {
                    throw fail("'\(key)' of '\(element)' must be a colour name, 0-255 or #rrggbb")
                }
                if key == "fg" { style.foreground = color } else { style.background = color }
            case "bold", "dim", "italic", "underline", "reverse":
                guard let flag = value.bool else { throw fail("'\(key)' of '\(element)' must be true or false") }
                switch key {
                case "bold": style.bold = flag
                case "dim": style.dim = flag
                case "italic": style.italic = flag
                case "underline": style.underline = flag
                default: style.reverse = flag
                }
            default:
                throw fail("unknown attribute '\(key)' for '\(element)' (fg, bg, bold, dim, italic, underline, reverse)")
            }
        }
        return style
    }

    private func readRetention(_ table: TOMLTable) throws(ConfigError) -> RetentionPolicy? {
        var maxArticles = RefreshOptions.defaultRetention.maxArticlesPerFeed
        var maxAge = RefreshOptions.defaultRetention.maxAge
        for key in table.keys {
            guard let value = table[key]?.int, value >= 0 else {
                throw fail("'\(key)' in [retention] must be a whole number, 0 or more")
            }
            switch key {
            case "max_articles_per_feed": maxArticles = value == 0 ? nil : value
            case "max_age_days": maxAge = value == 0 ? nil : TimeInterval(value) * 86_400
            default: throw fail("unknown setting '\(key)' in [retention]")
            }
        }
        if maxArticles == nil, maxAge == nil { return nil }
        return RetentionPolicy(maxArticlesPerFeed: maxArticles, maxAge: maxAge)
    }

    /// The top-level download settings (`DownloadSettings`).
    private func readDownloads(_ table: TOMLTable) throws(ConfigError) -> DownloadSettings {
        var settings = DownloadSettings()
        if let value = table["download_path"] {
            guard let path = value.string, !path.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw fail("'download_path' must be a folder's path")
            }
            settings.path = path
        }
        if let value = table["download_filename_format"] {
            guard let format = value.string, !format.isEmpty else {
                throw fail("'download_filename_format' must be a non-empty string")
            }
            settings.filenameFormat = format
        }
        for (key, keyPath) in [
            ("max_downloads", \DownloadSettings.maxDownloads), ("max_downloads_per_host", \DownloadSettings.maxPerHost),
            ("download_stall_seconds", \DownloadSettings.stallSeconds),
        ] {
            guard let value = table[key] else { continue }
            guard let number = value.int, number >= 1, number <= 1000 else {
                throw fail("'\(key)' must be a whole number from 1 to 1000")
            }
            settings[keyPath: keyPath] = number
        }
        return settings
    }

    private func bool(_ table: TOMLTable, _ key: String, default fallback: Bool) throws(ConfigError) -> Bool {
        guard let value = table[key] else { return fallback }
        guard let flag = value.bool else { throw fail("'\(key)' must be true or false") }
        return flag
    }

    /// A string, or an array of strings, as a list; fails with `notString` when an element is something
    /// else, with `wrongType` when the value is neither.
    private func stringList(
        _ value: any TOMLValueConvertible, notString: String, wrongType: String
    ) throws(ConfigError) -> [String] {
        if let single = value.string { return [single] }
        guard let array = value.array else { throw fail(wrongType) }
        var strings: [String] = []
        for element in array {
            guard let string = element.string else { throw fail(notString) }
            strings.append(string)
        }
        return strings
    }

    /// The table `[name]` of `table`, nil when absent; any other kind of value there is an error.
    private func section(_ table: TOMLTable, _ name: String) throws(ConfigError) -> TOMLTable? {
        guard let value = table[name] else { return nil }
        guard let section = value.table else { throw fail("[\(name)] must be a table") }
        return section
    }

    private func fail(_ message: String) -> ConfigError {
        ConfigError(path: path, message: message)
    }
}
