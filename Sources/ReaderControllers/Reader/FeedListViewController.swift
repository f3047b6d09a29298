import Foundation
import FeedStore
import TerminalView

/// The first screen: virtual rows ("All unread", "Starred"), then the feeds with their unread and
/// total counts, the feeds of a failed last fetch marked `!` — in the OPML file's order with folders
/// as groups that fold open and shut (`feed_list = "folders"`, the default), or tag rows and feeds by
/// title (`"alphabetical"`), see `FeedListLayout`. It is the table's data source; choosing a feed or
/// tag row pushes an `ArticleListViewController` configured with that selection, choosing a folder
/// row folds it. `t` narrows the list to one tag.
///
/// Every feed of the scope is held as a `FeedSummary` (id, URL, tags, stored counts: what ordering,
/// grouping and the tag and folder counts need); the rest a row shows, and what a command on a feed
/// needs, is read as `StoredFeed`s for the rows on screen only, a page at a time. Main actor only.
@MainActor
package final class FeedListViewController: ViewController {
    public weak var navigationController: NavigationController?
    let context: ReaderContext
    let tableView: TableView
    var tableState = TableState()
    private(set) var rows: [FeedListRow] = []
    /// The feeds as last read, every one of the scope (folded and hidden ones too): `n` follows their
    /// order from feed to feed, asking the store which have unread articles now.
    private(set) var feeds: [FeedSummary] = []
    /// The feeds of the rows read so far (`storedFeed(_:)`), by id; emptied by `reload()`.
    private(set) var storedFeeds: [Int64: StoredFeed] = [:]
    /// How rows are ordered and grouped, what is folded and hidden.
    private(set) var layout: FeedListLayout
    /// Only feeds with this tag are listed (and no tag rows); nil for every feed.
    var tagFilter: String? { layout.tagFilter }
    private var counts: ArticleCounts?
    /// Marks changed in a child list: counts are read again when this list shows again.
    var countsAreStale = false
    /// False before the first feed is added: the screen then says how to add feeds.
    private(set) var hasFeeds = true
    /// A folder row was chosen inside a table action; it is folded when the action returns.
    var folderToggleIsPending = false
    /// The query feeds' counts as last read (by index in `config.queryFeeds`), read in the background.
    private var queryCounts: [Int: ListCount] = [:]
    private let queryCounter = QueryFeedCounter()

    package init(context: ReaderContext) {
        self.context = context
        layout = FeedListLayout(mode: context.config.feedList, hidesReadFeeds: context.hidesReadFeeds)
        tableView = TableView(columns: [
            TableColumn("Feed", width: .flexible(min: 10, weight: 1)),
            TableColumn("Unread", width: .fixed(7), alignment: .right),
            TableColumn("Total", width: .fixed(7), alignment: .right),
            TableColumn("", width: .fixed(1)),
        ])
        tableView.headerStyle = context.config.theme.header
        tableView.selectionStyle = context.config.theme.selection
        tableView.dataSource = self
        tableView.delegate = self
        reload()
    }

    package var title: String {
        tagFilter.map { "Feeds tagged \(ReaderFormat.clean($0))" } ?? "Feeds"
    }

    package var status: String {
        guard let counts else { return "" }
        return "\(counts.unread) unread, \(counts.feeds) feed\(counts.feeds == 1 ? "" : "s")"
    }

    /// Reads feeds, tags and counts again, keeping the selection on the same row where it still exists.
    func reload() {
        let selected = tableState.selectedRow < rows.count ? rows[tableState.selectedRow] : nil
        guard let list = context.attempt({ try context.store.feedList(in: context.scope) }) else { return }
        let (feeds, tags, counts) = (list.feeds, list.tags, list.counts)
        self.feeds = feeds
        storedFeeds = [:]
        self.counts = counts
        hasFeeds = !feeds.isEmpty
        var rows: [FeedListRow] = [.allUnread(unread: counts.unread, total: counts.articles), .starred(count: counts.starred)]
        rows += queryRows
        queryCounter.start(
            context.config.queryFeeds, feedIDs: context.scope.feedIDs, store: context.store, wake: context.wake)
        let orderEntries = context.feedListOrder?.entries()
        rows += layout.items(feeds, tags: tags, order: orderEntries).map { item in
            switch item {
            case .tag(let tag): FeedListRow.tag(tag)
            case .folder(let folder): FeedListRow.folder(folder)
            case .feed(let feed, let depth): FeedListRow.feed(feed, depth: depth)
            }
        }
        self.rows = rows
        if let selected, let index = rows.firstIndex(where: { $0.identity == selected.identity }) {
            tableState.selectedRow = index
        }
    }

    /// The query feeds' rows with the counts known so far.
    private var queryRows: [FeedListRow] {
        context.config.queryFeeds.enumerated().map { .query(QueryFeedRow(feed: $1, count: queryCounts[$0])) }
    }

    /// Puts the query feeds' counts that arrived from the background into their rows.
    private func takeQueryCounts() {
        let arrived = queryCounter.take()
        guard !arrived.isEmpty else { return }
        queryCounts.merge(arrived) { _, new in new }
        let fresh = queryRows
        var next = fresh.makeIterator()
        rows = rows.map { row in
            if case .query = row, let updated = next.next() { return updated }
            return row
        }
    }

    /// Lists only the feeds tagged `tag` (nil: all feeds again).
    func filter(byTag tag: String?) {
        layout.tagFilter = tag
        tableState = TableState()
        reload()
    }

    /// Folds the selected folder (or the folder the selected feed sits in) open or shut, at any depth.
    func toggleFolder() {
        let key: String?
        switch selectedRow {
        case .folder(let folder): key = folder.key
        case .feed(_, let depth) where depth > 0:
            key = rows[..<tableState.selectedRow].lazy.compactMap { row -> FolderSummary? in
                if case .folder(let folder) = row, folder.depth < depth { folder } else { nil }
            }.last?.key
        default: key = nil
        }
        guard let key else {
            context.actions?.showMessage("Not in a folder.", isError: false)
            return
        }
        if layout.collapsed.remove(key) == nil { layout.collapsed.insert(key) }
        reload()
        if let index = rows.firstIndex(where: { $0.identity == "folder:" + key }) { tableState.selectedRow = index }
    }

    /// The feeds listed, in the order shown, folded ones included (`n` follows it from feed to feed).
    func listed(_ feeds: [FeedSummary]) -> [FeedSummary] {
        layout.orderedFeeds(feeds, order: context.feedListOrder?.entries())
    }

    package func draw(into buffer: inout ScreenBuffer, frame: Rect) {
        takeQueryCounts()
        tableView.draw(into: &buffer, frame: frame, state: &tableState)
        if !hasFeeds { drawFirstRunHint(into: &buffer, frame: frame) }
    }

    /// Below the two virtual rows of an empty store: how to add feeds.
    private func drawFirstRunHint(into buffer: inout ScreenBuffer, frame: Rect) {
        let add = context.config.keys.keys(for: .addFeed).first.map { "Press \($0.name) to add one, or add some" } ?? "Add some"
        let hint = [
            "No feeds yet. \(add) from the shell (then start the reader again):",
            "",
            "  tidings feeds add URL       a feed, or a web page that links to its feeds",
            "  tidings feeds import FILE   an OPML file from another reader, or a newsboat urls file",
        ]
        let top = frame.y + rows.count + 2
        for (offset, line) in hint.enumerated() where top + offset < frame.maxY {
            buffer.write(line, x: frame.x + 1, y: top + offset, style: offset == 0 ? .plain : .dim, maxWidth: frame.width - 1)
        }
    }

    package func perform(_ command: ReaderCommand, count: Int?) -> Bool {
        switch command {
        case .up, .down, .pageUp, .pageDown, .top, .bottom, .open:
            if let action = command.tableAction { tableView.perform(action, state: &tableState) }
            foldIfChosen()
        case .toggleFolder:
            toggleFolder()
        case .toggleHideRead:
            context.hidesReadFeeds.toggle()
            layout.hidesReadFeeds = context.hidesReadFeeds
            reload()
            context.actions?.showMessage(
                context.hidesReadFeeds ? "Feeds without unread articles hidden." : "Every feed shown.", isError: false)
        case .cycleSort:
            context.sort = context.sort.next
            context.actions?.showMessage("Articles sorted by \(ReaderFormat.sortName(context.sort)).", isError: false)
        case .back:
            // In "Feeds tagged X", back returns to every feed; only the full list quits.
            guard tagFilter != nil else { return false }
            filter(byTag: nil)
        case .nextUnread, .previousUnread: openNextUnread(backward: command == .previousUnread)
        case .markAllRead:
            guard let row = selectedRow else { return true }
            feedCommands.markAllRead(query(for: row), what: name(of: row))
        case .undo:
            feedCommands.undo()
        case .addFeed:
            feedCommands.add()
        case .editFeed, .unsubscribe:
            guard case .feed(let summary, _) = selectedRow, let feed = storedFeed(summary.id) else {
                context.actions?.showMessage("Select a feed first.", isError: false)
                return true
            }
            if command == .editFeed { feedCommands.edit(feed) } else { feedCommands.unsubscribe(feed) }
        case .refresh:
            guard let row = selectedRow else { return true }
            switch row {
            case .feed(let feed, _):
                context.actions?.refresh(feedURLs: [feed.url])
            case .folder(let folder):
                // As `A` marks only the folder's feeds, `r` refreshes only them.
                let urls = folder.feedIDs.compactMap { storedFeed($0)?.url }
                guard !urls.isEmpty else {
                    context.actions?.showMessage("No feeds in \(name(of: row)).", isError: false)
                    return true
                }
                context.actions?.refresh(feedURLs: urls)
            default:
                context.actions?.refresh(feedURLs: nil)
            }
        case .search:
            context.actions?.beginPrompt("Search: ", initial: "") { [weak self] text in
                self?.openSearch(text)
            }
        case .jump:
            context.actions?.beginPrompt(":", initial: "") { [weak self] text in
                self?.jump(to: text)
            }
        case .chooseTag:
            let picker = PickerViewController.tags(context: context, current: tagFilter) { [weak self] tag in
                guard let self else { return }
                navigationController?.pop(to: self)
                filter(byTag: tag)
            }
            navigationController?.push(picker)
        case .openInBrowser:
            guard case .feed(let summary, _) = selectedRow, let site = storedFeed(summary.id)?.siteURL else { return false }
            context.actions?.openInBrowser(site)
        default:
            return false
        }
        return true
    }

    package func handle(_ event: InputEvent) -> Bool {
        let handled = tableView.handle(event, state: &tableState)
        foldIfChosen()
        return handled
    }

    private func foldIfChosen() {
        guard folderToggleIsPending else { return }
        folderToggleIsPending = false
        toggleFolder()
    }

    package func viewWillAppear() {
        if countsAreStale { reload() }
        countsAreStale = false
    }

    package func storeDidChange() {
        reload()
    }

    private var feedCommands: FeedCommands {
        var commands = FeedCommands(context: context) { [weak self] in self?.reload() }
        commands.navigation = navigationController
        return commands
    }

    /// Selects row N as shown (the first is 1) for a number, else the first feed whose name contains
    /// `text`, ignoring case.
    private func jump(to text: String) {
        let wanted = text.trimmingCharacters(in: .whitespaces)
        guard !wanted.isEmpty else { return }
        if let number = Int(wanted) {
            guard (1...max(1, rows.count)).contains(number), number <= rows.count else {
                context.actions?.showMessage("No row \(number): the list has \(rows.count).", isError: true)
                return
            }
            tableState.selectedRow = number - 1
            return
        }
        let index = rows.firstIndex { row in
            guard case .feed = row else { return false }
            return name(of: row).range(of: wanted, options: [.caseInsensitive]) != nil
        }
        guard let index else {
            context.actions?.showMessage("No feed shown has \"\(ReaderFormat.clean(wanted))\" in its name.", isError: true)
            return
        }
        tableState.selectedRow = index
    }

    /// A row as messages name it.
    private func name(of row: FeedListRow) -> String {
        switch row {
        case .allUnread: "All unread"
        case .starred: "Starred"
        case .query(let row): ReaderFormat.clean(row.feed.name)
        case .tag(let tag): "# " + ReaderFormat.clean(tag.tag)
        case .folder(let folder): ReaderFormat.clean(folder.name)
        case .feed(let feed, _): ReaderFormat.clean(storedFeed(feed.id)?.displayTitle ?? feed.url)
        }
    }

    /// The feed as stored, from the rows read for the screen, else read now (with the page of feed
    /// rows from this one on, as the table reads them); nil when it is no longer stored.
    func storedFeed(_ id: Int64) -> StoredFeed? {
        if let feed = storedFeeds[id] { return feed }
        let index = rows.firstIndex { $0.identity == "feed:\(id)" } ?? rows.count
        readPage(from: index, including: id)
        return storedFeeds[id]
    }

    /// Reads the stored feeds of the feed rows from `index` on (a screen's worth and more), and `id`.
    func readPage(from index: Int, including id: Int64? = nil) {
        var ids: [Int64] = id.map { [$0] } ?? []
        for row in rows[min(index, rows.count)..<min(index + Self.pageRows, rows.count)] {
            if case .feed(let feed, _) = row, storedFeeds[feed.id] == nil { ids.append(feed.id) }
        }
        guard !ids.isEmpty, let page = context.attempt({ try context.store.feeds(ids: ids) }) else { return }
        for feed in page { storedFeeds[feed.id] = feed }
    }

    /// Feed rows read at once for the screen: more than a tall terminal shows.
    private static let pageRows = 120

    private var selectedRow: FeedListRow? {
        tableState.selectedRow < rows.count ? rows[tableState.selectedRow] : nil
    }

    /// The article list a row stands for.
    func query(for row: FeedListRow) -> ArticleQuery {
        let sort = context.sort
        switch row {
        case .allUnread: return ArticleQuery(feedIDs: context.scope.feedIDs, unreadOnly: true, sort: sort)
        case .starred: return ArticleQuery(starredOnly: true, sort: sort)
        case .query(let row): return row.query(sort: sort, feedIDs: context.scope.feedIDs)
        case .tag(let tag): return ArticleQuery(feedIDs: context.scope.feedIDs, tags: [tag.tag], sort: sort)
        case .folder(let folder): return ArticleQuery(feedIDs: folder.feedIDs, sort: sort)
        case .feed(let feed, _): return ArticleQuery.feed(feed.id, sort: sort)
        }
    }

    func openList(for row: FeedListRow) -> ArticleListViewController {
        let title: String
        var aggregated = true
        switch row {
        case .allUnread: title = "All unread"
        case .starred: title = "Starred"
        case .query(let row): title = "Query: \(ReaderFormat.clean(row.feed.name))"
        case .tag(let tag): title = "Tag: \(ReaderFormat.clean(tag.tag))"
        case .folder(let folder): title = "Folder: \(ReaderFormat.clean(folder.name))"
        case .feed(let feed, _):
            title = ReaderFormat.clean(storedFeed(feed.id)?.displayTitle ?? feed.url)
            aggregated = false
        }
        let list = ArticleListViewController(context: context, title: title, query: query(for: row), showsFeed: aggregated)
        list.delegate = self
        navigationController?.push(list)
        return list
    }

    private func openSearch(_ text: String) {
        let words = text.trimmingCharacters(in: .whitespaces)
        guard !words.isEmpty else { return }
        let query = ArticleQuery(feedIDs: context.scope.feedIDs, search: words, sort: context.sort)
        let list = ArticleListViewController(
            context: context, title: "Search: \(ReaderFormat.clean(words))", query: query, showsFeed: true)
        list.delegate = self
        navigationController?.push(list)
    }

    /// Opens the first unread article (the last, with `backward`) of the selected feed, or of the next
    /// feed with unread articles in the order shown, wrapping around.
    private func openNextUnread(backward: Bool) {
        var start: FeedSummary?
        if case .feed(let feed, _) = selectedRow { start = feed }
        let order = listed(feeds)
        let current = start.flatMap { start in order.first { $0.id == start.id } }
        let candidates = (current.map { [$0] } ?? []) + Self.feeds(in: order, after: start?.id, backward: backward)
        guard let found = context.attempt({ try context.store.firstFeedWithUnread(among: candidates.map(\.id)) }) else {
            return
        }
        guard let target = found, let index = rows.firstIndex(where: { $0.identity == "feed:\(target)" }) else {
            context.actions?.showMessage("No unread articles.", isError: false)
            return
        }
        tableState.selectedRow = index
        let list = openList(for: rows[index])
        if let first = list.unreadArticle(after: nil, backward: backward) { list.open(articleID: first) }
    }

    /// The feeds after `feedID` in `order` (before it, with `backward`), wrapping around and leaving
    /// `feedID` itself out; all of them from the start when `feedID` is not in `order`.
    static func feeds(in order: [FeedSummary], after feedID: Int64?, backward: Bool) -> [FeedSummary] {
        let sequence = backward ? Array(order.reversed()) : order
        let start = feedID.flatMap { id in sequence.firstIndex { $0.id == id } }
        return start.map { Array(sequence[($0 + 1)...] + sequence[..<$0]) } ?? sequence
    }
}
