import FeedStore
import TerminalView

/// What the controllers may ask of the application around them: messages, the prompt line, the
/// browser and refreshes. Implemented by `ReaderApplication`; called on the UI thread.
public protocol ReaderActions: AnyObject {
    /// Shows a one-line message on the prompt line until the next key.
    func showMessage(_ text: String, isError: Bool)
    /// Asks for a line of text; `completion` runs with it on Enter (not on Escape).
    func beginPrompt(_ prompt: String, initial: String, completion: @escaping (String) -> Void)
    /// Opens `url` in the user's browser.
    func openInBrowser(_ url: String)
    /// Starts a background refresh of the feeds at `feedURLs`, or of every feed when nil.
    func refresh(feedURLs: [String]?)
}

/// The store, settings and application services every controller shares. UI thread only.
public final class ReaderContext {
    public let store: FeedStore
    public let config: ReaderConfig
    /// The feeds of the feed list in use: the feed list, "All unread", tags, search and next-unread
    /// cover these; Starred covers every feed of the database. Set again after each refresh.
    public var scope: FeedScope
    /// Held weakly: the application owns the controllers that hold this context.
    public weak var actions: (any ReaderActions)?
    /// Makes the UI loop wake up and draw, for work finished on a background queue; any thread.
    public var wake: @Sendable () -> Void = {}

    public init(store: FeedStore, config: ReaderConfig, scope: FeedScope = .every) {
        self.store = store
        self.config = config
        self.scope = scope
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
