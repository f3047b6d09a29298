import FeedStore
import TerminalView

/// One row of the reader's feed list: the virtual rows, a query feed, a tag, a folder group or a
/// feed, with what it shows. A value.
enum FeedListRow: Hashable {
    case allUnread(unread: Int, total: Int)
    case starred(count: Int)
    case query(QueryFeedRow)
    case tag(TagSummary)
    case folder(FolderSummary)
    /// A feed and how many folders it sits in (0 at the top level); what it shows beyond its counts
    /// is read for the rows on screen (`tableRow(theme:feed:)`).
    case feed(FeedSummary, depth: Int)

    /// What stays the same across reloads, to keep the selection on "the same" row.
    var identity: String {
        switch self {
        case .allUnread: "all"
        case .starred: "starred"
        case .query(let row): "query:" + row.feed.name
        case .tag(let tag): "tag:" + tag.tag
        case .folder(let folder): "folder:" + folder.key
        case .feed(let feed, _): "feed:\(feed.id)"
        }
    }

    /// The row's cells (name, unread, total, `!` after a failed fetch) and styles in `theme`; a feed
    /// row takes its title and fetch error from `feed` as stored (its URL when that was not read).
    func tableRow(theme: ReaderTheme, feed stored: StoredFeed? = nil) -> TableRow {
        switch self {
        case .allUnread(let unread, let total):
            return TableRow(cells: ["All unread", "\(unread)", "\(total)", ""], style: unread > 0 ? theme.unread : theme.read)
        case .starred(let count):
            return TableRow(cells: ["Starred", "", "\(count)", ""], style: theme.read)
        case .query(let row):
            return TableRow(
                cells: ["» \(ReaderFormat.clean(row.feed.name))", row.count.map { "\($0.unread)" } ?? "…",
                        row.count.map { "\($0.total)" } ?? "…", ""],
                style: (row.count?.unread ?? 0) > 0 ? theme.unread : theme.read)
        case .tag(let tag):
            return TableRow(
                cells: ["# \(ReaderFormat.clean(tag.tag)) (\(tag.feedCount))", "\(tag.unreadCount)", "\(tag.totalCount)", ""],
                style: tag.unreadCount > 0 ? theme.unread : theme.read)
        case .folder(let folder):
            return TableRow(
                cells: [
                    (folder.collapsed ? "+ " : "- ") + ReaderFormat.clean(folder.name) + " (\(folder.feedCount))",
                    "\(folder.unreadCount)", "\(folder.totalCount)", "",
                ],
                style: folder.unreadCount > 0 ? theme.unread : theme.read, indent: 2 * folder.depth)
        case .feed(let feed, let depth):
            let failed = stored?.fetchState.lastError != nil
            let title = stored?.displayTitle ?? feed.url
            return TableRow(
                cells: [(depth > 0 ? "· " : "") + ReaderFormat.clean(title), "\(feed.unreadCount)", "\(feed.totalCount)", failed ? "!" : ""],
                style: feed.unreadCount > 0 ? theme.unread : theme.read,
                cellStyles: [nil, nil, nil, theme.error], indent: 2 * max(0, depth - 1))
        }
    }
}
