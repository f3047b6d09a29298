import Foundation
import FeedStore
import TerminalView

/// The first screen: virtual rows ("All unread", "Starred", one per tag) and then every feed with its
/// unread and total counts, the feeds of a failed last fetch marked `!`. It is the table's data source;
/// choosing a row pushes an `ArticleListViewController` configured with that selection. `t` narrows the
/// list to one tag. UI thread only.
public final class FeedListViewController: ViewController {
    /// One row of the feed list.
    enum Row: Hashable {
        case allUnread(unread: Int, total: Int)
        case starred(count: Int)
        case query(QueryFeedRow)
        case tag(TagSummary)
        case feed(StoredFeed)
    }

    public weak var navigationController: NavigationController?
    let context: ReaderContext
    let tableView: TableView
    var tableState = TableState()
    private(set) var rows: [Row] = []
    /// Only feeds with this tag are listed (and no tag rows); nil for every feed.
    private(set) var tagFilter: String?
    private var counts: ArticleCounts?
    /// Marks changed in a child list: counts are read again when this list shows again.
    private var countsAreStale = false
    /// The query feeds' counts as last read (by index in `config.queryFeeds`), read in the background.
    private var queryCounts: [Int: ListCount] = [:]
    private let queryCounter = QueryFeedCounter()

    public init(context: ReaderContext) {
        self.context = context
        tableView = TableView(columns: [
            TableColumn("Feed", width: .flexible(min: 10, weight: 1)),
            TableColumn("Unread", width: .fixed(7), alignment: .right),
            TableColumn("Total", width: .fixed(7), alignment: .right),
            TableColumn("", width: .fixed(1)),
        ])
        tableView.headerStyle = context.config.theme.header
        tableView.selectionStyle = context.config.theme.selection
        tableView.emptyMessage = "No feeds. Add some with `tidings feed add URL`."
        tableView.dataSource = self
        tableView.delegate = self
        reload()
    }

    public var title: String {
        tagFilter.map { "Feeds tagged \(ReaderFormat.clean($0))" } ?? "Feeds"
    }

    public var status: String {
        guard let counts else { return "" }
        return "\(counts.unread) unread, \(counts.feeds) feeds"
    }

    /// Reads feeds, tags and counts again, keeping the selection on the same row where it still exists.
    func reload() {
        let selected = tableState.selectedRow < rows.count ? rows[tableState.selectedRow] : nil
        guard let (feeds, tags, counts) = context.attempt({
            let scope = context.scope
            return (try context.store.feeds(in: scope), try context.store.tags(in: scope), try context.store.counts(in: scope))
        }) else { return }
        self.counts = counts
        var rows: [Row] = [.allUnread(unread: counts.unread, total: counts.articles), .starred(count: counts.starred)]
        rows += queryRows
        queryCounter.start(
            context.config.queryFeeds, feedIDs: context.scope.feedIDs, store: context.store, wake: context.wake)
        if let tagFilter {
            rows += feeds.filter { $0.tags.contains(tagFilter) }.map(Row.feed)
        } else {
            rows += tags.map(Row.tag) + feeds.map(Row.feed)
        }
        self.rows = rows
        if let selected, let index = rows.firstIndex(where: { $0.identity == selected.identity }) {
            tableState.selectedRow = index
        }
    }

    /// The query feeds' rows with the counts known so far.
    private var queryRows: [Row] {
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
        tagFilter = tag
        tableState = TableState()
        reload()
    }

    public func draw(into buffer: inout ScreenBuffer, frame: Rect) {
        takeQueryCounts()
        tableView.draw(into: &buffer, frame: frame, state: &tableState)
    }

    public func perform(_ command: ReaderCommand, count: Int?) -> Bool {
        switch command {
        case .up, .down, .pageUp, .pageDown, .top, .bottom, .open:
            if let action = command.tableAction { tableView.perform(action, state: &tableState) }
        case .nextUnread, .previousUnread: openNextUnread(backward: command == .previousUnread)
        case .markAllRead:
            guard let row = selectedRow else { return true }
            _ = context.attempt { try context.store.markAllRead(query(for: row)) }
            reload()
        case .refresh:
            guard let row = selectedRow else { return true }
            if case .feed(let feed) = row {
                context.actions?.refresh(feedURLs: [feed.url])
            } else {
                context.actions?.refresh(feedURLs: nil)
            }
        case .search:
            context.actions?.beginPrompt("Search: ", initial: "") { [weak self] text in
                self?.openSearch(text)
            }
        case .chooseTag:
            let picker = TagPickerViewController(context: context, current: tagFilter)
            picker.delegate = self
            navigationController?.push(picker)
        case .openInBrowser:
            guard case .feed(let feed) = selectedRow, let site = feed.siteURL else { return false }
            context.actions?.openInBrowser(site)
        default:
            return false
        }
        return true
    }

    public func handle(_ event: InputEvent) -> Bool {
        tableView.handle(event, state: &tableState)
    }

    public func viewWillAppear() {
        if countsAreStale { reload() }
        countsAreStale = false
    }

    public func storeDidChange() {
        reload()
    }

    private var selectedRow: Row? {
        tableState.selectedRow < rows.count ? rows[tableState.selectedRow] : nil
    }

    /// The article list a row stands for.
    func query(for row: Row) -> ArticleQuery {
        let sort = context.config.sort
        switch row {
        case .allUnread: return ArticleQuery(feedIDs: context.scope.feedIDs, unreadOnly: true, sort: sort)
        case .starred: return ArticleQuery(starredOnly: true, sort: sort)
        case .query(let row): return row.query(sort: sort, feedIDs: context.scope.feedIDs)
        case .tag(let tag): return ArticleQuery(feedIDs: context.scope.feedIDs, tags: [tag.tag], sort: sort)
        case .feed(let feed): return ArticleQuery.feed(feed.id, sort: sort)
        }
    }

    private func openList(for row: Row) -> ArticleListViewController {
        let title: String
        var aggregated = true
        switch row {
        case .allUnread: title = "All unread"
        case .starred: title = "Starred"
        case .query(let row): title = "Query: \(ReaderFormat.clean(row.feed.name))"
        case .tag(let tag): title = "Tag: \(ReaderFormat.clean(tag.tag))"
        case .feed(let feed):
            title = ReaderFormat.clean(feed.displayTitle)
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
        let query = ArticleQuery(feedIDs: context.scope.feedIDs, search: words, sort: context.config.sort)
        let list = ArticleListViewController(
            context: context, title: "Search: \(ReaderFormat.clean(words))", query: query, showsFeed: true)
        list.delegate = self
        navigationController?.push(list)
    }

    /// Opens the first unread article across feeds (the last with `backward`) in its feed's list.
    private func openNextUnread(backward: Bool) {
        let everything = ArticleQuery(feedIDs: context.scope.feedIDs, sort: .byFeed)
        guard let found = context.attempt({ try context.store.nextUnread(after: nil, in: everything, backward: backward) })
        else { return }
        guard let next = found, let index = rows.firstIndex(where: {
            if case .feed(let feed) = $0 { return feed.id == next.feedID }
            return false
        }) else {
            context.actions?.showMessage("No unread articles.", isError: false)
            return
        }
        tableState.selectedRow = index
        let list = openList(for: rows[index])
        list.open(articleID: next.id)
    }
}

extension FeedListViewController: TableViewDataSource {
    public func numberOfRows(in tableView: TableView) -> Int {
        rows.count
    }

    public func tableView(_ tableView: TableView, rowAt index: Int) -> TableRow {
        let theme = context.config.theme
        switch rows[index] {
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
        case .feed(let feed):
            let failed = feed.fetchState.lastError != nil
            return TableRow(
                cells: ["  " + ReaderFormat.clean(feed.displayTitle), "\(feed.unreadCount)", "\(feed.totalCount)", failed ? "!" : ""],
                style: feed.unreadCount > 0 ? theme.unread : theme.read,
                cellStyles: [nil, nil, nil, theme.error])
        }
    }
}

extension FeedListViewController: TableViewDelegate {
    public func tableView(_ tableView: TableView, didChooseRow row: Int) {
        guard row < rows.count else { return }
        _ = openList(for: rows[row])
    }

    public func tableView(_ tableView: TableView, didSelectRow row: Int) {
        guard row < rows.count, case .feed(let feed) = rows[row], let error = feed.fetchState.lastError else { return }
        context.actions?.showMessage("Last fetch failed: \(ReaderFormat.clean(error))", isError: true)
    }
}

extension FeedListViewController: ArticleListViewControllerDelegate {
    public func articleListViewControllerDidChangeMarks(_ controller: ArticleListViewController) {
        countsAreStale = true
    }
}

extension FeedListViewController: TagPickerViewControllerDelegate {
    public func tagPicker(_ picker: TagPickerViewController, didChoose tag: String?) {
        navigationController?.pop(to: self)
        filter(byTag: tag)
    }
}

extension FeedListViewController.Row {
    /// What stays the same across reloads, to keep the selection on "the same" row.
    var identity: String {
        switch self {
        case .allUnread: "all"
        case .starred: "starred"
        case .query(let row): "query:" + row.feed.name
        case .tag(let tag): "tag:" + tag.tag
        case .feed(let feed): "feed:\(feed.id)"
        }
    }
}
