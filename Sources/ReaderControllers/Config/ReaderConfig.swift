import FeedStore
import TerminalView

/// The user's settings from `config.toml`: key bindings, colours, browser, article order, refresh on
/// start, OSC 8 hyperlinks and retention. Every setting has a default, so a missing file (or table, or
/// key) is no error; anything present must be valid. A value.
public struct ReaderConfig: Sendable, Hashable {
    public var keys = KeyBindings.defaults
    package var theme = ReaderTheme()
    /// The browser command (`%u` is replaced by the URL, else the URL is appended); nil: `$BROWSER`,
    /// then `xdg-open`.
    package var browser: String?
    /// True when the browser runs in the terminal (w3m, lynx): the reader gives it the terminal and
    /// waits, instead of starting it detached.
    package var browserIsTerminal = false
    /// The player command for enclosures (`%u` is replaced by the file or URL, else it is appended);
    /// nil: none set, `mpv` is tried.
    package var player: String?
    /// `delete_played`: after playing a file Tidings downloaded, delete it.
    package var deletePlayed = false
    public var sort: ArticleSort = .newestFirst
    package var refreshOnStart = false
    /// OSC 8 hyperlinks in the article view.
    public var hyperlinks = true
    /// What a refresh deletes afterwards.
    public var retention: RetentionPolicy? = RefreshOptions.defaultRetention
    /// The feed list in OPML order with folders, or by title.
    package var feedList: FeedListMode = .folders
    /// Start with feeds without unread articles hidden from the feed list.
    package var hideReadFeeds = false
    /// Start with read articles hidden from article lists.
    package var hideReadArticles = false
    /// `dedupe`: an article several feeds carry shows once in the lists that span feeds, and reading
    /// it marks every copy (`FeedStore.collapsesCopies`).
    public var dedupe = true
    /// `[macros]`: after the `macro` key, this key runs these commands in order.
    package var macros: [Key: [ReaderCommand]] = [:]
    /// `[[ignore]]`: articles these rules match are hidden (marked, never deleted).
    public var ignoreRules = IgnoreRules.none
    /// `[[query]]`: saved searches shown as virtual feeds.
    public var queryFeeds: [QueryFeed] = []
    /// `download_path`, `download_filename_format`, `max_downloads` and the other download settings.
    public var downloads = DownloadSettings()
    /// `[[account]]`: feed-service accounts synced by every refresh.
    public var accounts: [SyncAccount] = []

    package init() {}
}
