/// Reads and writes newsboat's `urls` file: one feed per line, the URL then its tags.
///
/// A tag in double quotes may hold spaces (`"my tag"`, with `\"` and `\\` escapes); a tag `"~Title"`
/// renames the feed; `#` starts a comment (a whole line, or after white space outside quotes). Lines
/// for newsboat's own sources are skipped: `query:` (saved searches), `exec:` and `filter:` (commands).
public enum NewsboatURLs {
    /// The feeds listed in the text of a `urls` file, in order.
    public static func parse(_ text: String) -> [FeedListEntry] {
        var entries: [FeedListEntry] = []
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let tokens = tokenize(line)
            guard let url = tokens.first, !url.isEmpty else { continue }
            let lower = url.lowercased()
            if lower.hasPrefix("query:") || lower.hasPrefix("exec:") || lower.hasPrefix("filter:") { continue }
            var entry = FeedListEntry(url: url, type: "rss")
            for token in tokens.dropFirst() where !token.isEmpty {
                if token.hasPrefix("~") {
                    let title = String(token.dropFirst())
                    if !title.isEmpty { entry.title = title }
                } else if !entry.tags.contains(token) {
                    entry.tags.append(token)
                }
            }
            entries.append(entry)
        }
        return entries
    }

    /// The `urls` file text for `entries`: URL, `"~Title"` when there is a title, then the tags.
    public static func serialize(_ entries: [FeedListEntry]) -> String {
        var output = ""
        for entry in entries {
            let url = entry.url.filter { !$0.isWhitespace && $0 != "\"" }
            guard !url.isEmpty else { continue }
            output += url
            if let title = entry.title, !title.isEmpty { output += " " + quote("~" + title) }
            for tag in entry.tags where !tag.isEmpty { output += " " + quote(tag) }
            output += "\n"
        }
        return output
    }

    private static func tokenize(_ line: Substring) -> [String] {
        var tokens: [String] = []
        var current = ""
        var inQuotes = false
        var escaped = false
        var hasToken = false
        for character in line {
            if inQuotes {
                if escaped {
                    current.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inQuotes = false
                } else {
                    current.append(character)
                }
                continue
            }
            if character == " " || character == "\t" {
                if hasToken { tokens.append(current) }
                current = ""
                hasToken = false
            } else if character == "#", !hasToken {
                break
            } else if character == "\"" {
                inQuotes = true
                hasToken = true
            } else {
                current.append(character)
                hasToken = true
            }
        }
        if hasToken { tokens.append(current) }
        return tokens
    }

    /// The token as written in a `urls` file: bare when safe, else in quotes with escapes.
    private static func quote(_ token: String) -> String {
        let clean = token.filter { $0 != "\n" && $0 != "\r" }
        let needsQuotes = clean.isEmpty || clean.contains { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "#" || $0 == "\\" }
            || clean.hasPrefix("~")
        guard needsQuotes else { return clean }
        var quoted = "\""
        for character in clean {
            if character == "\"" || character == "\\" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }
}
