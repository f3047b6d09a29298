/// What `NewsboatURLs.read` found in a `urls` file.
public struct NewsboatURLsList: Sendable, Hashable {
    /// The feeds, in file order.
    public var entries: [FeedListEntry] = []
    /// The line number of each entry in `entries`.
    public var entryLines: [Int] = []
    /// newsboat's own sources (`query:`, `exec:`, `filter:`), which are not feeds.
    public var notImported: [NewsboatURLsLine] = []
    /// Tags with a meaning to newsboat (`!hidden`), left off the feeds they were on.
    public var ignoredTags: [NewsboatURLsTag] = []

    public init() {}
}

/// A line of a `urls` file that names one of newsboat's own sources instead of a feed.
public struct NewsboatURLsLine: Sendable, Hashable {
    /// 1-based.
    public let line: Int
    /// The line as written.
    public let text: String
    public let source: NewsboatSource
    /// The line's first token with its quotes and escapes undone: `query:Name:condition`.
    public var token: String = ""
}

/// A tag with a meaning to newsboat, found on the feed at `url`.
public struct NewsboatURLsTag: Sendable, Hashable {
    public let line: Int
    public let url: String
    public let tag: String

    public init(line: Int, url: String, tag: String) {
        self.line = line
        self.url = url
        self.tag = tag
    }
}

/// The sources a newsboat `urls` line may name besides a feed.
public enum NewsboatSource: String, Sendable, Hashable, CaseIterable {
    /// `query:Title:filter expression`, a saved search over the other feeds.
    case query
    /// `exec:command`, a command whose output is the feed.
    case exec
    /// `filter:command:url`, a feed piped through a command.
    case filter

    /// The source `token` starts with (`query:` in any case), if any.
    init?(prefixOf token: String) {
        let lower = token.lowercased()
        guard let source = NewsboatSource.allCases.first(where: { lower.hasPrefix($0.rawValue + ":") }) else {
            return nil
        }
        self = source
    }
}

/// Why a file is not a newsboat `urls` file: the first line that is not one, and what is wrong with it.
public struct NewsboatURLsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 1-based.
    public let line: Int
    /// Completes "line N …": "is not UTF-8 text".
    public let reason: String

    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    public var description: String { "line \(line) \(reason)" }
}
