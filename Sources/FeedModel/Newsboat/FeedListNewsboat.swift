import Foundation

/// Reads and writes newsboat's `urls` file: one feed per line, the URL then its tags.
///
/// A tag in double quotes may hold spaces (`"my tag"`, with `\"` and `\\` escapes); a tag `"~Title"`
/// renames the feed; `#` starts a comment (a whole line, or after white space outside quotes).
/// Reading is strict about what a feed line is: its first word must be an `http`, `https` or `file`
/// URL or an absolute path. Lines for newsboat's own sources (`query:` saved searches, `exec:` and
/// `filter:` commands) and tags with a meaning to newsboat (`!hidden`) are reported, not imported.
public enum NewsboatURLs {
    /// Reads a `urls` file. Throws `NewsboatURLsError` naming the first line that is not a feed, a
    /// newsboat source, a comment or blank (so JSON, HTML or binary files are refused whole).
    public static func read(_ data: Data) throws(NewsboatURLsError) -> NewsboatURLsList {
        var list = NewsboatURLsList()
        var lineNumber = 0
        for rawLine in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            var bytes = rawLine
            if bytes.last == 0x0D { bytes = bytes.dropLast() }
            guard let line = String(validating: bytes, as: UTF8.self) else {
                throw NewsboatURLsError(line: lineNumber, reason: "is not UTF-8 text")
            }
            if line.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || (0x7F...0x9F).contains($0.value) }) {
                throw NewsboatURLsError(line: lineNumber, reason: "holds control characters (binary data?)")
            }
            let tokens = tokenize(Substring(line))
            guard let first = tokens.first else { continue }
            if let source = NewsboatSource(prefixOf: first) {
                list.notImported.append(NewsboatURLsLine(line: lineNumber, text: line, source: source, token: first))
                continue
            }
            guard isFeedAddress(first) else {
                throw NewsboatURLsError(
                    line: lineNumber, reason: "does not start with a feed URL (http, https, file or an absolute path)")
            }
            var entry = FeedListEntry(url: first, type: "rss")
            for token in tokens.dropFirst() where !token.isEmpty {
                if token.unicodeScalars.first == "~" {
                    let title = String(token.unicodeScalars.dropFirst())
                    if !title.isEmpty { entry.title = title }
                } else if token.unicodeScalars.first == "!" {
                    list.ignoredTags.append(NewsboatURLsTag(line: lineNumber, url: first, tag: token))
                } else if !entry.tags.contains(token) {
                    entry.tags.append(token)
                }
            }
            list.entries.append(entry)
            list.entryLines.append(lineNumber)
        }
        return list
    }

    /// Whether `token` is an address Tidings can fetch: an `http`, `https` or `file` URL, or an
    /// absolute path.
    static func isFeedAddress(_ token: String) -> Bool {
        if token.hasPrefix("/") { return true }
        let lower = token.lowercased()
        return ["http://", "https://", "file://"].contains { lower.hasPrefix($0) && lower.count > $0.count }
    }

    /// The `urls` file text for `entries`: URL, `"~Title"` when there is a title, then the tags.
    public static func serialize(_ entries: [FeedListEntry]) -> String {
        var output = ""
        for entry in entries {
            // A URL with white space, quotes or `#` in it (which a quoted part of a line gives) is
            // quoted like any token, so that it reads back as it was.
            let url = withoutLineBreaks(entry.url)
            guard !url.isEmpty else { continue }
            output += quote(url)
            if let title = entry.title, !title.isEmpty { output += " " + quote("~" + title) }
            for tag in entry.tags where !tag.isEmpty { output += " " + quote(tag) }
            output += "\n"
        }
        return output
    }

    /// Splits on scalars, as newsboat splits on bytes: a combining mark after a space is a token of
    /// its own, not part of the space's grapheme.
    private static func tokenize(_ line: Substring) -> [String] {
        var tokens: [String] = []
        var current = String.UnicodeScalarView()
        var inQuotes = false
        var escaped = false
        var hasToken = false
        for character in line.unicodeScalars {
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
                if hasToken { tokens.append(String(current)) }
                current = String.UnicodeScalarView()
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
        if hasToken { tokens.append(String(current)) }
        return tokens
    }

    private static func withoutLineBreaks(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\n" && $0 != "\r" }))
    }

    /// The token as written in a `urls` file: bare when safe, else in quotes with escapes.
    private static func quote(_ token: String) -> String {
        let clean = withoutLineBreaks(token)
        let needsQuotes = clean.isEmpty
            || clean.unicodeScalars.contains { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "#" || $0 == "\\" }
            || clean.unicodeScalars.first == "~"
        guard needsQuotes else { return clean }
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in clean.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { quoted.append("\\") }
            quoted.append(scalar)
        }
        quoted.append("\"")
        return String(quoted)
    }
}
