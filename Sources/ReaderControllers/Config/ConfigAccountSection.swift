import Foundation
import TOMLKit

/// Reads the `[[account]]` array of tables of config.toml into `SyncAccount`s. A password written in
/// the file itself is refused, naming its line: config.toml is often shared or kept in a repository.
enum ConfigAccountSection {
    static let allowedKeys: Set<String> = ["name", "type", "url", "user", "password_command", "password_file"]
    /// Keys that would hold a secret in the file itself.
    static let secretKeys: Set<String> = ["password", "pass", "passwd", "api_key", "api_password", "token"]

    static func accounts(_ value: TOMLValueConvertible?, text: String, path: String) throws(ConfigError) -> [SyncAccount] {
        guard let value else { return [] }
        guard let array = value.array else {
            throw ConfigError(path: path, message: "'account' must be an array of tables: write [[account]]")
        }
        var accounts: [SyncAccount] = []
        for (index, element) in array.enumerated() {
            let place = "[[account]] \(index + 1)"
            guard let table = element.table else {
                throw ConfigError(path: path, message: "'account' must be an array of tables: write [[account]]")
            }
            for key in table.keys where secretKeys.contains(key.lowercased()) {
                throw ConfigError(
                    path: path, line: line(ofKey: key, inAccount: index, of: text),
                    message: "\(place): a password is never written in config.toml; "
                        + "use password_command (e.g. \"pass show rss\") or password_file (mode 600)")
            }
            for key in table.keys where !allowedKeys.contains(key) {
                throw ConfigError(
                    path: path,
                    message: "unknown setting '\(key)' in \(place) (\(allowedKeys.sorted().joined(separator: ", ")))")
            }
            func string(_ key: String) throws(ConfigError) -> String? {
                guard let value = table[key] else { return nil }
                guard let text = value.string, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw ConfigError(path: path, message: "'\(key)' in \(place) must be a non-empty string")
                }
                return text
            }
            func required(_ key: String) throws(ConfigError) -> String {
                guard let text = try string(key) else { throw ConfigError(path: path, message: "\(place) needs '\(key)'") }
                return text
            }
            let name = try required("name")
            guard name.utf8.count <= 64, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }),
                  !name.hasPrefix(".")
            else {
                throw ConfigError(
                    path: path, message: "\(place): name '\(name)' must be letters, digits, '-', '_' or '.' (at most 64)")
            }
            guard !accounts.contains(where: { $0.name == name }) else {
                throw ConfigError(path: path, message: "\(place): an account named '\(name)' is already defined")
            }
            let typeName = try required("type")
            guard let kind = SyncAccount.Kind(rawValue: typeName.lowercased()) else {
                throw ConfigError(path: path, message: "'type' in \(place) must be \"greader\" or \"fever\"")
            }
            let url = try required("url")
            guard let scheme = URLComponents(string: url)?.scheme?.lowercased(), scheme == "http" || scheme == "https",
                  URLComponents(string: url)?.host?.isEmpty == false
            else {
                throw ConfigError(path: path, message: "'url' in \(place) must be the service's http or https API endpoint")
            }
            guard URLComponents(string: url)?.user == nil, URLComponents(string: url)?.password == nil else {
                throw ConfigError(
                    path: path, message: "'url' in \(place) holds a user name or password; give them as user and password_*")
            }
            let user = try required("user")
            let command = try string("password_command")
            let file = try string("password_file")
            let password: SyncAccount.PasswordSource
            switch (command, file) {
            case (let command?, nil): password = .command(command)
            case (nil, let file?): password = .file(resolve(file, besides: path))
            case (nil, nil): throw ConfigError(path: path, message: "\(place) needs password_command or password_file")
            default: throw ConfigError(path: path, message: "\(place) takes password_command or password_file, not both")
            }
            accounts.append(SyncAccount(name: name, kind: kind, url: url, user: user, password: password))
        }
        return accounts
    }

    /// `~/…` in the home folder, a relative path beside the config file.
    static func resolve(_ file: String, besides configPath: String) -> String {
        if file.hasPrefix("~/") { return TidingsPaths.home() + String(file.dropFirst(1)) }
        if file.hasPrefix("/") { return file }
        return ((configPath as NSString).deletingLastPathComponent as NSString).appendingPathComponent(file)
    }

    /// The 1-based line of `key = …` in the `index`-th `[[account]]` table of `text`, nil when not found.
    static func line(ofKey key: String, inAccount index: Int, of text: String) -> Int? {
        var seen = -1
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("[") {
                if trimmed.replacingOccurrences(of: " ", with: "").hasPrefix("[[account]]") { seen += 1 } else if seen == index { return nil }
                continue
            }
            guard seen == index, trimmed.hasPrefix(key) else { continue }
            let rest = trimmed.dropFirst(key.count).drop { $0 == " " || $0 == "\t" }
            if rest.hasPrefix("=") { return number + 1 }
        }
        return nil
    }
}
