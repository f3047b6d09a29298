/// What `importFeeds` did.
public struct FeedImportResult: Sendable, Hashable {
    public let added: [String]
    /// URLs already in the list.
    public let skipped: [String]
    /// How many lines of the file were not imported (newsboat's `query:`, `exec:`, `filter:`).
    public let notImported: Int
    /// One line per thing not imported as it was (a line, a tag), naming its line in the file.
    public let notes: [String]
    /// The names of the query feeds (newsboat `query:` lines) added to the config file.
    public var queryFeeds: [String] = []
    /// The config file the query feeds were added to.
    public var config: String = ""
    /// For newsboat's `cache.db`: the articles and marks brought along.
    public var history: NewsboatHistoryImport.Summary?
}
