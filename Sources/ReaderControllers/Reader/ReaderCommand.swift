import TerminalView

/// Something the user can ask the reader to do with a key. The raw value is the command's name in the
/// config file's `[keys]` table.
public enum ReaderCommand: String, Sendable, Hashable, CaseIterable {
    case up, down
    case pageUp = "page_up"
    case pageDown = "page_down"
    case top, bottom, open, back, quit
    case nextUnread = "next_unread"
    case previousUnread = "previous_unread"
    case toggleRead = "toggle_read"
    case markAllRead = "mark_all_read"
    case toggleStar = "toggle_star"
    case openInBrowser = "open_in_browser"
    case refresh
    case refreshAll = "refresh_all"
    case cancelRefresh = "cancel_refresh"
    case search
    case jump
    case chooseTag = "choose_tag"
    case toggleFolder = "toggle_folder"
    case toggleHideRead = "toggle_hide_read"
    case cycleSort = "cycle_sort"
    case showURLs = "show_urls"
    case copyURL = "copy_url"
    case pipe
    case save
    case macro
    case addFeed = "add_feed"
    case editFeed = "edit_feed"
    case unsubscribe
    case undo
    case toggleIgnored = "toggle_ignored"
    case fullText = "full_text"
    case download
    case play
    case openEnclosure = "open_enclosure"
    case downloads
    case redraw, help

    /// What the help screen says the command does.
    public var summary: String {
        switch self {
        case .up: "move up / scroll up"
        case .down: "move down / scroll down"
        case .pageUp: "page up"
        case .pageDown: "page down"
        case .top: "go to the top"
        case .bottom: "go to the bottom"
        case .open: "open the selected row"
        case .back: "go back"
        case .quit: "quit"
        case .nextUnread: "next unread article (across feeds)"
        case .previousUnread: "previous unread article"
        case .toggleRead: "toggle read / unread"
        case .markAllRead: "mark every article in the list read"
        case .toggleStar: "star / unstar"
        case .openInBrowser: "open in the browser ([number] o: link number)"
        case .refresh: "refresh this feed"
        case .refreshAll: "refresh all feeds in the background"
        case .cancelRefresh: "cancel the running refresh"
        case .search: "full-text search"
        case .jump: "feed list: go to row N (:N) or the first feed whose name has the text (:text)"
        case .chooseTag: "choose a tag"
        case .toggleFolder: "fold a folder of the feed list open / shut"
        case .toggleHideRead: "hide / show read feeds (feed list) or read articles (lists)"
        case .cycleSort: "next article order: date, title, feed; each both ways"
        case .showURLs: "list the article's links (open, copy, pipe one)"
        case .copyURL: "copy the URL to the clipboard (OSC 52; [number] y: link number)"
        case .pipe: "pipe the article (or link) to a command"
        case .save: "save the article to a file (text, or HTML for a .html name)"
        case .macro: "run a macro: this key, then the macro's key ([macros] in config.toml)"
        case .addFeed: "add a feed (a feed's URL, or a page that links to one)"
        case .editFeed: "edit the feed's title, tags, refresh interval and full text"
        case .unsubscribe: "unsubscribe from the feed (asks first)"
        case .undo: "undo the last mark-all-read"
        case .toggleIgnored: "show / hide the articles [[ignore]] rules hide"
        case .fullText: "fetch the article's page and show its full text"
        case .download: "download the article's enclosures in the background (downloads: retry the entry)"
        case .play: "play the enclosure with `player` ([number] m: enclosure number)"
        case .openEnclosure: "open the enclosure in the browser ([number] O: enclosure number)"
        case .downloads: "show the downloads (progress, speed; D cancels, d retries)"
        case .redraw: "redraw the screen"
        case .help: "show / hide this help"
        }
    }
}

extension ReaderCommand {
    /// The table movement this command means in a list, if it is one.
    var tableAction: TableAction? {
        switch self {
        case .up: .up
        case .down: .down
        case .pageUp: .pageUp
        case .pageDown: .pageDown
        case .top: .top
        case .bottom: .bottom
        case .open: .choose
        default: nil
        }
    }
}
