import FeedStore
import Foundation

/// Everything one `tidings export` run needs to know: which articles, in which shape, where to.
public struct ExportOptions: Sendable {
    public var format: ExportFormat
    /// Export only what the state `stateName` has not exported yet, and advance it afterwards.
    public var onlyNew: Bool
    public var stateName: String
    public var since: Date?
    public var unreadOnly: Bool
    public var starredOnly: Bool
    /// Feed URLs or titles (case-insensitive); empty for every feed.
    public var feeds: [String]
    public var tags: [String]
    public var search: String?
    /// A condition in the query language (`--query`); a query that does not parse makes the
    /// export throw `ExportError.invalidQuery`.
    public var query: String?
    /// Also the articles the ignore rules hid (`--include-ignored`).
    public var includeIgnored: Bool
    /// The config's ignore rules, applied to the stored articles first when they changed.
    public var ignoreRules: IgnoreRules
    public var limit: Int?
    /// Nil: by feed for markdown (which groups by feed), by date otherwise.
    public var sort: ExportSort?
    /// The output file, replaced atomically; nil for standard output.
    public var outputPath: String?
    /// A Mustache template to render instead of `format`.
    public var templatePath: String?
    /// Mark the exported articles read (with `onlyNew`, in the state's transaction).
    public var markRead: Bool
    /// Terminal width when standard output is a terminal (text is then aligned in columns); nil
    /// when writing to a pipe or file.
    public var terminalWidth: Int?
    /// Write each article's extracted full text (`--full-text`) instead of the feed's body where the
    /// store has one; the feed's body otherwise.
    public var fullText = false
    /// With `onlyNew`, a state that does not exist yet starts at the present (`--from-now`): every
    /// matching article is recorded as exported and none is written, so a new cron job skips the backlog.
    public var fromNow = false

    /// The state `--new` uses when `--state` is not given.
    public static let defaultStateName = "default"

    public init(
        format: ExportFormat = .text, onlyNew: Bool = false, stateName: String = ExportOptions.defaultStateName,
        since: Date? = nil, unreadOnly: Bool = false, starredOnly: Bool = false, feeds: [String] = [],
        tags: [String] = [], search: String? = nil, query: String? = nil, includeIgnored: Bool = false,
        ignoreRules: IgnoreRules = .none, limit: Int? = nil, sort: ExportSort? = nil,
        outputPath: String? = nil, templatePath: String? = nil, markRead: Bool = false, terminalWidth: Int? = nil
    ) {
        self.format = format
        self.onlyNew = onlyNew
        self.stateName = stateName
        self.since = since
        self.unreadOnly = unreadOnly
        self.starredOnly = starredOnly
        self.feeds = feeds
        self.tags = tags
        self.search = search
        self.query = query
        self.includeIgnored = includeIgnored
        self.ignoreRules = ignoreRules
        self.limit = limit
        self.sort = sort
        self.outputPath = outputPath
        self.templatePath = templatePath
        self.markRead = markRead
        self.terminalWidth = terminalWidth
    }

    /// The store query these options describe over the feeds `feedIDs` (nil: every feed).
    func articleQuery(feedIDs: [Int64]?) throws(ExportError) -> ArticleQuery {
        let search = search?.trimmingCharacters(in: .whitespacesAndNewlines)
        return ArticleQuery(
            feedIDs: feedIDs, tags: tags, unreadOnly: unreadOnly, starredOnly: starredOnly,
            since: since, search: search?.isEmpty == false ? search : nil,
            notExportedBy: onlyNew ? stateName : nil, expression: try ExportError.parse(query),
            includeIgnored: includeIgnored, sort: effectiveSort)
    }

    /// The effective order.
    var effectiveSort: ArticleSort {
        switch sort ?? (format == .markdown && templatePath == nil ? .feed : .date) {
        case .date: return .newestFirst
        case .feed: return .byFeed
        }
    }
}
