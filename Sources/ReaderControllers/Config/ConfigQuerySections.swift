import FeedStore
import TOMLKit

/// Reads the `[[ignore]]` and `[[query]]` arrays of tables of config.toml. A query that does not
/// parse is refused with the file, the entry and the column: `config FILE: [[ignore]] 2 ("title =~"):
/// query: column 9: expected a value after "=~"`.
enum ConfigQuerySections {
    static func ignoreRules(_ value: TOMLValueConvertible?, path: String) throws(ConfigError) -> IgnoreRules {
        var rules: [IgnoreRule] = []
        for (index, table) in try entries(value, section: "ignore", path: path).enumerated() {
            let place = "[[ignore]] \(index + 1)"
            try refuseUnknownKeys(table, allowed: ["query", "feed", "tag"], place: place, path: path)
            let query = try string(table, "query", required: true, place: place, path: path) ?? ""
            let feed = try string(table, "feed", required: false, place: place, path: path)
            let tag = try string(table, "tag", required: false, place: place, path: path)
            do {
                rules.append(try IgnoreRule(query: query, feed: feed, tag: tag))
            } catch {
                throw ConfigError(path: path, message: "\(place) (\(RegexBudgetError.abbreviated(query))): \(error.description)")
            }
        }
        return IgnoreRules(rules)
    }

    static func queryFeeds(_ value: TOMLValueConvertible?, path: String) throws(ConfigError) -> [QueryFeed] {
        var feeds: [QueryFeed] = []
        var names = Set<String>()
        for (index, table) in try entries(value, section: "query", path: path).enumerated() {
            let place = "[[query]] \(index + 1)"
            try refuseUnknownKeys(table, allowed: ["name", "query"], place: place, path: path)
            let name = try string(table, "name", required: true, place: place, path: path) ?? ""
            let query = try string(table, "query", required: true, place: place, path: path) ?? ""
            guard names.insert(name.lowercased()).inserted else {
                throw ConfigError(path: path, message: "\(place): a query feed named \"\(name)\" is already defined")
            }
            do {
                feeds.append(try QueryFeed(name: name, query: query))
            } catch {
                throw ConfigError(
                    path: path,
                    message: "\(place) \"\(name)\" (\(RegexBudgetError.abbreviated(query))): \(error.description)")
            }
        }
        return feeds
    }

    private static func entries(_ value: TOMLValueConvertible?, section: String, path: String)
        throws(ConfigError) -> [TOMLTable]
    {
        guard let value else { return [] }
        guard let array = value.array else {
            throw ConfigError(path: path, message: "'\(section)' must be an array of tables: write [[\(section)]]")
        }
        var tables: [TOMLTable] = []
        for element in array {
            guard let table = element.table else {
                throw ConfigError(path: path, message: "'\(section)' must be an array of tables: write [[\(section)]]")
            }
            tables.append(table)
        }
        return tables
    }

    private static func refuseUnknownKeys(_ table: TOMLTable, allowed: Set<String>, place: String, path: String)
        throws(ConfigError)
    {
        for key in table.keys where !allowed.contains(key) {
            throw ConfigError(
                path: path, message: "unknown setting '\(key)' in \(place) (\(allowed.sorted().joined(separator: ", ")))")
        }
    }

    private static func string(_ table: TOMLTable, _ key: String, required: Bool, place: String, path: String)
        throws(ConfigError) -> String?
    {
        guard let value = table[key] else {
            if required { throw ConfigError(path: path, message: "\(place) needs '\(key)'") }
            return nil
        }
        guard let text = value.string, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ConfigError(path: path, message: "'\(key)' in \(place) must be a non-empty string")
        }
        return text
    }
}
