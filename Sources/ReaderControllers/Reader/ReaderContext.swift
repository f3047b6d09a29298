import FeedFetch
import FeedStore
import TerminalView

/// What the controllers may ask of the application around them: messages, the prompt line, the
/// browser and refreshes. Implemented by `ReaderApplication`; called on the main actor.
@MainActor
package protocol ReaderActions: AnyObject {
    /// Shows a one-line message on the prompt line until the next key.
    func showMessage(_ text: String, isError: Bool)
    /// Asks for a line of text; `completion` runs with it on Enter (not on Escape).
    func beginPrompt(_ prompt: String, initial: String, completion: @escaping (String) -> Void)
    /// Asks a yes/no question answered by one key, as newsboat does: `y` or `Y` is yes, any other key
    /// no (the key is not used for anything else).
    func ask(_ question: String, completion: @escaping (Bool) -> Void)
    /// Opens `url` in the user's browser.
    func openInBrowser(_ url: String)
    /// Starts a background refresh of the feeds at `feedURLs`, or of every feed when nil.
    func refresh(feedURLs: [String]?)
    /// Runs `work` off the UI thread (saying `busy` meanwhile), then `completion` on the UI thread with
    /// its message or its error's description.
    func runInBackground(
        _ busy: String, _ work: @escaping @Sendable () async throws -> String,
        completion: @escaping (Result<String, BackgroundTaskError>) -> Void)
    /// Puts `text` on the clipboard through the terminal (OSC 52).
    func copyToClipboard(_ text: String)
    /// Runs the shell command `command` with `text` on its standard input and the terminal handed to
    /// it, waits for it, and reports its exit status.
    func pipe(_ text: String, to command: String)
    /// Runs `arguments` (the first is the program's path) with the terminal handed to it, waits for
    /// it and returns its exit status (128 + N for signal N); the screen is drawn again after it.
    func runOnTerminal(_ arguments: [String]) throws -> Int32
}

/// The store, settings and application services every controller shares. Main actor only.
@MainActor
package final class ReaderContext {
    package let store: FeedStore
    package let config: ReaderConfig
    /// The feeds of the feed list in use: the feed list, "All unread", tags, search and next-unread
    /// cover these; Starred covers every feed of the database. Set again after each refresh.
    package var scope: FeedScope
    /// Held weakly: the application owns the controllers that hold this context.
    public weak var actions: (any ReaderActions)?
    /// The OPML file's order for the feed list; nil without a feed list file (feeds by title).
    let feedListOrder: FeedListOrder?
    /// The order of article lists, changed at run time (`S`); starts as the config's `sort`.
    package var sort: ArticleSort
    /// Read articles are left out of article lists (`l` in a list); starts as `hide_read_articles`.
    package var hidesReadArticles: Bool
    /// Feeds without unread articles are left out of the feed list (`l` there); starts as `hide_read_feeds`.
    package var hidesReadFeeds: Bool
    /// Changes the feed list file and the store together, as `tidings feeds` does; nil when the reader
    /// runs without a feed list (adding, editing and unsubscribing are then unavailable).
    package let subscriptions: SubscriptionsController?
    /// The files of this run, which `w` never writes over (`OwnFiles`); nil: only the database is known.
    package var paths: TidingsPaths?
    /// How the reader's own fetches (a full text on demand) reach the network: the run's settings.
    var fetchConfiguration = AppEnvironment.defaultFetchConfiguration
    /// The download queue's background runs (`d`, the downloads view); nil: downloads are unavailable.
    public var downloads: ReaderDownloads?
    /// The last "mark all read", which `U` undoes.
    var undoableMarks: UndoableMarks?
    /// Makes the UI loop wake up and draw, for work finished in a background task; callable from any
    /// thread. `ReaderApplication` sets it to its device's wakeup.
    package var wake: @Sendable () -> Void = {}

    /// - Parameters:
    ///   - scope: the feeds of the feed list in use.
    ///   - feedListPath: the user's OPML feed list, for its order and folders.
    ///   - subscriptions: changes the feed list from the reader (add, edit, unsubscribe).
    package init(
        store: FeedStore, config: ReaderConfig, scope: FeedScope = .every, feedListPath: String? = nil,
        subscriptions: SubscriptionsController? = nil
    ) {
        self.store = store
        self.config = config
        self.scope = scope
        self.subscriptions = subscriptions
        feedListOrder = feedListPath.map { FeedListOrder(path: $0, store: store) }
        sort = config.sort
        hidesReadArticles = config.hideReadArticles
        hidesReadFeeds = config.hideReadFeeds
    }

    /// Reports a failed store call on the prompt line.
    func report(_ error: any Error) {
        actions?.showMessage("Error: \(CommandFailure(error, database: store.path).message)", isError: true)
    }

    /// Runs a store call, reporting a failure; nil when it failed.
    func attempt<T>(_ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch {
            report(error)
            return nil
        }
    }
}

/// Articles a "mark all read" changed, so that `U` can make them unread again.
struct UndoableMarks {
    let articleIDs: [Int64]
    /// What was marked, for the messages ("Alpha News").
    let what: String
}
