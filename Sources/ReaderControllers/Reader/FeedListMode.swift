/// How the reader's feed list orders feeds (`feed_list` in config.toml).
package enum FeedListMode: String, Sendable, Hashable, CaseIterable {
    /// The OPML file's order, each folder a group row that folds open and shut (the default).
    case folders
    /// Tag rows, then every feed by title.
    case alphabetical
}
