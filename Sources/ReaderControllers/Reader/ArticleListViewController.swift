import FeedStore
import Foundation
import TerminalView

/// Tells the controller that opened an article list that marks changed in it, so counts can follow;
/// and, for `n`/`p` past the end of a feed's list, names the feed that comes next. Called on the main actor.
@MainActor
package protocol ArticleListViewControllerDelegate: AnyObject {
    func articleListViewControllerDidChangeMarks(_ controller: ArticleListViewController)
    /// The feed after `feedID` (before it, with `backward`) in the order the user sees, skipping those
    /// without unread articles and wrapping around; nil when no other feed has unread articles.
    func articleList(_ controller: ArticleListViewController, unreadFeedAfter feedID: Int64, backward: Bool) -> StoredFeed?
}

extension ArticleListViewControllerDelegate {
    package func articleList(_ controller: ArticleListViewController, unreadFeedAfter feedID: Int64, backward: Bool)
        -> StoredFeed?
    {
        nil
    }
}

/// One article list (a feed, a tag, "All unread", "Starred", search results): a table of unread mark,
/// star, enclosure mark (`@`: an episode or file), date, feed (in lists over several feeds) and title. It is the table's data source and maps
/// rows to article titles from the store page by page, never the whole list at once. Choosing a row
/// pushes an `ArticleViewController`.
///
/// `n`/`p` (here or in an article opened from here) go through the unread articles in list order; in a
/// feed's list, past its end they go on in the next feed with unread articles (the list then shows
/// that feed, so going back lands in it), and once every feed was visited they wrap around to the rows
/// above the start, as newsboat does (`goto-next-feed`). Lists over several feeds wrap within
/// themselves. Main actor only.
@MainActor
package final class ArticleListViewController: ViewController {
    public weak var navigationController: NavigationController?
    /// Held weakly: the parent owns this controller through the navigation stack.
    public weak var delegate: (any ArticleListViewControllerDelegate)?
    package private(set) var title: String
    /// What the list shows, with the reader's current order and read-article hiding applied.
    package private(set) var query: ArticleQuery
    /// The list's own selection, before the reader's view options are applied.
    private var baseQuery: ArticleQuery
    /// The feed this list shows, when it shows one feed (then `n` can move on to the next feed).
    package private(set) var feedID: Int64?
    let context: ReaderContext
    let tableView: TableView
    var tableState = TableState()
    private(set) var pages: ArticleListPages
    /// Marks changed here since the pages were read: article id -> (read, starred).
    private var marks: [Int64: (read: Bool, starred: Bool)] = [:]
    /// The article `n`/`p` in an article opened from here went to: the selection moves to its row when
    /// the list is used again (`settleSelection`), not on every key in the article (its row index is a
    /// count of the rows before it).
    private var pendingSelection: Int64?
    private let format = ReaderFormat()
    /// True when the list mixes feeds (all unread, starred, a tag, a search): a Feed column then names
    /// each article's feed, between the date and the title.
    private let showsFeed: Bool

    package init(context: ReaderContext, title: String, query: ArticleQuery, showsFeed: Bool) {
        self.context = context
        self.title = title
        baseQuery = query
        self.query = Self.applyingViewOptions(of: context, to: query)
        self.showsFeed = showsFeed
        if !showsFeed, let ids = query.feedIDs, ids.count == 1, query.search == nil { feedID = ids[0] }
        pages = ArticleListPages(store: context.store, query: self.query, wake: context.wake)
        var columns = [
            TableColumn("", width: .fixed(1)),
            TableColumn("", width: .fixed(1)),
            TableColumn("", width: .fixed(1)),
            TableColumn("Date", width: .fixed(10)),
        ]
        if showsFeed { columns.append(TableColumn("Feed", width: .fraction(0.2, min: 8))) }
        columns.append(TableColumn("Title", width: .flexible(min: 10, weight: 1)))
        tableView = TableView(columns: columns)
        tableView.headerStyle = context.config.theme.header
        tableView.selectionStyle = context.config.theme.selection
        tableView.emptyMessage = query.search != nil ? "No articles match." : "No articles."
        // A feed that failed shows why where its articles would be.
        if let feedID, let error = context.attempt({ try context.store.feed(id: feedID) })??.fetchState.lastError {
            tableView.emptyMessage = "No articles. The last refresh failed: \(ReaderFormat.clean(error))"
        }
        tableView.dataSource = self
        tableView.delegate = self
        reload()
    }

    package var status: String {
        settleSelection()
        let options = ReaderFormat.sortName(query.sort) + (context.hidesReadArticles ? ", unread only" : "") + " | "
        let total = pages.total
        let count = pages.totalIsExact ? "\(total)" : "…"
        return options + (total == 0 ? "0 articles" : "\(min(tableState.selectedRow + 1, total))/\(count)")
    }

    private static func applyingViewOptions(of context: ReaderContext, to base: ArticleQuery) -> ArticleQuery {
        var query = base
        query.sort = context.sort
        if context.hidesReadArticles { query.unreadOnly = true }
        return query
    }

    /// Reads the list again when the reader's order or read-article hiding changed since it was read,
    /// or always with `rereading` (`l` in a list of unread articles drops the rows read since).
    func applyViewOptions(rereading: Bool = false) {
        let wanted = Self.applyingViewOptions(of: context, to: baseQuery)
        guard wanted != query || rereading else { return }
        // A new order starts at the top (finding the old row in an unindexed order, such as by
        // title, would cost a scan); hiding read articles keeps the selected one, or its row, where it can.
        let sameOrder = wanted.sort == query.sort
        let selectedID = sameOrder ? selectedArticle?.id : nil
        let row = tableState.selectedRow
        query = wanted
        pages = ArticleListPages(store: context.store, query: query, wake: context.wake)
        if !reload(selecting: selectedID) {
            tableState = TableState()
            if sameOrder { tableState.selectedRow = min(row, max(0, pages.total - 1)) }
        }
    }

    package func viewWillAppear() {
        settleSelection()
        applyViewOptions()
    }

    /// Moves the selection to the article `n`/`p` went to while an article was shown, if any.
    private func settleSelection() {
        guard let id = pendingSelection else { return }
        pendingSelection = nil
        if let index = context.attempt({ try context.store.index(of: id, in: query) }), let index {
            tableState.selectedRow = index
        }
    }

    /// Reads the list again (after a refresh or mark-all), keeping the selected article selected.
    func reload() {
        settleSelection()
        reload(selecting: selectedArticle?.id)
    }

    /// Reads the list again and selects the article `id` when the list still holds it; false when not.
    @discardableResult
    private func reload(selecting id: Int64?) -> Bool {
        marks = [:]
        _ = context.attempt { try pages.reload() }
        guard let id, let index = context.attempt({ try context.store.index(of: id, in: query) }), let index else {
            return false
        }
        tableState.selectedRow = index
        return true
    }

    /// The selected row's article with the marks changed since it was read.
    var selectedArticle: ArticleSummary? {
        settleSelection()
        return context.attempt { try pages.row(at: tableState.selectedRow) } ?? nil
    }

    /// Selects the article (when the list holds it) and opens it.
    func open(articleID: Int64) {
        pendingSelection = nil
        if let index = context.attempt({ try context.store.index(of: articleID, in: query) }), let index {
            tableState.selectedRow = index
        }
        navigationController?.push(
            ArticleViewController(context: context, articleID: articleID, delegate: self))
    }

    /// The unread article after `articleID` in list order (see the type's notes), switching this list
    /// to the next feed when it moves on; nil when no unread article is left anywhere it looks.
    func unreadArticle(after articleID: Int64?, backward: Bool) -> Int64? {
        let store = context.store
        if let found = context.attempt({ try store.nextUnread(after: articleID, in: query, backward: backward) }) ?? nil {
            return found.id
        }
        if let feedID, let next = delegate?.articleList(self, unreadFeedAfter: feedID, backward: backward),
           next.id != feedID {
            show(feed: next)
            if let found = context.attempt({ try store.nextUnread(after: nil, in: query, backward: backward) }) ?? nil {
                return found.id
            }
        }
        return (context.attempt { try store.nextUnread(after: nil, in: query, backward: backward) } ?? nil)?.id
    }

    /// Shows another feed's articles in this list (same order), selection at the top.
    private func show(feed: StoredFeed) {
        feedID = feed.id
        baseQuery.feedIDs = [feed.id]
        query.feedIDs = [feed.id]
        title = ReaderFormat.clean(feed.displayTitle)
        pages = ArticleListPages(store: context.store, query: query, wake: context.wake)
        tableState = TableState()
        pendingSelection = nil
        reload(selecting: nil)
    }

    package func draw(into buffer: inout ScreenBuffer, frame: Rect) {
        settleSelection()
        tableView.draw(into: &buffer, frame: frame, state: &tableState)
    }

    package func didDraw() {
        pages.prefetch(around: tableState.selectedRow)
    }

    package func perform(_ command: ReaderCommand, count: Int?) -> Bool {
        settleSelection()
        // The list's length as the key sees it is exact: the count started with the first page ends.
        context.attempt { try pages.settleTotal() }
        switch command {
        case .up, .down, .pageUp, .pageDown, .top, .bottom, .open:
            if let action = command.tableAction { tableView.perform(action, state: &tableState) }
        case .toggleRead:
            guard let article = selectedArticle else { return true }
            setMarks(of: article, read: !isRead(article), starred: isStarred(article))
            tableView.perform(.down, state: &tableState)
        case .toggleStar:
            guard let article = selectedArticle else { return true }
            setMarks(of: article, read: isRead(article), starred: !isStarred(article))
        case .markAllRead:
            feedCommands.markAllRead(query, what: title)
        case .undo:
            feedCommands.undo()
        case .nextUnread, .previousUnread:
            openNextUnread(backward: command == .previousUnread)
        case .openInBrowser:
            guard let url = selectedArticle?.url else {
                context.actions?.showMessage("This article has no link.", isError: true)
                return true
            }
            context.actions?.openInBrowser(url)
        case .refresh:
            refreshFeeds()
        case .copyURL:
            guard let article = selectedArticle else { return true }
            ArticleCommands(context: context).copy(article.url)
        case .pipe:
            if let article = selectedArticle { ArticleCommands(context: context).pipe(articleID: article.id) }
        case .save:
            if let article = selectedArticle { ArticleCommands(context: context).save(articleID: article.id) }
        case .download, .play, .openEnclosure:
            guard let article = selectedArticle else { return true }
            EnclosureCommands(context: context).perform(command, articleID: article.id, number: count)
            if command == .download, article.hasEnclosure { tableView.perform(.down, state: &tableState) }
        case .toggleHideRead:
            context.hidesReadArticles.toggle()
            applyViewOptions(rereading: context.hidesReadArticles)
            context.actions?.showMessage(
                context.hidesReadArticles ? "Read articles hidden." : "Read articles shown.", isError: false)
        case .cycleSort:
            context.sort = context.sort.next
            applyViewOptions()
            context.actions?.showMessage("Sorted by \(ReaderFormat.sortName(context.sort)).", isError: false)
        case .toggleIgnored:
            toggleIgnored()
        case .search:
            context.actions?.beginPrompt("Search in list: ", initial: "") { [weak self] text in
                self?.openSearch(text)
            }
        default:
            return false
        }
        return true
    }

    package func handle(_ event: InputEvent) -> Bool {
        settleSelection()
        context.attempt { try pages.settleTotal() }
        return tableView.handle(event, state: &tableState)
    }

    package func storeDidChange() {
        reload()
    }

    private var feedCommands: FeedCommands {
        FeedCommands(context: context) { [weak self] in
            guard let self else { return }
            reload()
            delegate?.articleListViewControllerDidChangeMarks(self)
        }
    }

    private func isRead(_ article: ArticleSummary) -> Bool { marks[article.id]?.read ?? article.read }
    private func isStarred(_ article: ArticleSummary) -> Bool { marks[article.id]?.starred ?? article.starred }

    private func setMarks(of article: ArticleSummary, read: Bool, starred: Bool) {
        let stored: Void? = context.attempt {
            if read != isRead(article) { try context.store.setRead(read, articleIDs: [article.id]) }
            if starred != isStarred(article) { try context.store.setStarred(starred, articleIDs: [article.id]) }
        }
        guard stored != nil else { return }
        marks[article.id] = (read, starred)
        delegate?.articleListViewControllerDidChangeMarks(self)
    }

    private func refreshFeeds() {
        if let feedIDs = query.feedIDs, feedIDs.count == 1,
           let feed = context.attempt({ try context.store.feed(id: feedIDs[0]) }), let feed {
            context.actions?.refresh(feedURLs: [feed.url])
        } else {
            context.actions?.refresh(feedURLs: nil)
        }
    }

    private func openSearch(_ text: String) {
        let words = text.trimmingCharacters(in: .whitespaces)
        guard !words.isEmpty else { return }
        var narrowed = query
        narrowed.search = words
        let list = ArticleListViewController(
            context: context, title: "\(title) / \(ReaderFormat.clean(words))", query: narrowed, showsFeed: true)
        list.delegate = self
        navigationController?.push(list)
    }

    /// Opens the next unread article after the selection (before it, with `backward`).
    private func openNextUnread(backward: Bool) {
        guard let next = unreadArticle(after: selectedArticle?.id, backward: backward) else {
            context.actions?.showMessage("No unread articles left.", isError: false)
            return
        }
        open(articleID: next)
    }
}

extension ArticleListViewController: TableViewDataSource {
    package func numberOfRows(in tableView: TableView) -> Int {
        pages.total
    }

    package func tableView(_ tableView: TableView, rowAt index: Int) -> TableRow {
        guard let article = context.attempt({ try pages.row(at: index) }), let article else {
            return TableRow(cells: ["", "", "", "", "…"])
        }
        let theme = context.config.theme
        let read = isRead(article)
        let starred = isStarred(article)
        var cells = [read ? "" : "N", starred ? "*" : "", article.hasEnclosure ? "@" : "", format.compact(article.date)]
        var styles: [Style?] = [nil, theme.star, nil, theme.date]
        if showsFeed {
            cells.append(ReaderFormat.clean(article.feedTitle))
            styles.append(theme.feed)
        }
        let title = ReaderFormat.clean(article.title)
        cells.append(title.isEmpty ? "(untitled)" : title)
        return TableRow(cells: cells, style: read ? theme.read : theme.unread, cellStyles: styles)
    }
}

extension ArticleListViewController: TableViewDelegate {
    package func tableView(_ tableView: TableView, didChooseRow row: Int) {
        guard let article = context.attempt({ try pages.row(at: row) }), let article else { return }
        navigationController?.push(
            ArticleViewController(context: context, articleID: article.id, delegate: self))
    }
}

extension ArticleListViewController: ArticleListViewControllerDelegate {
    package func articleListViewControllerDidChangeMarks(_ controller: ArticleListViewController) {
        reload()
        delegate?.articleListViewControllerDidChangeMarks(self)
    }
}

extension ArticleListViewController: ArticleViewControllerDelegate {
    package func articleViewController(_ controller: ArticleViewController, didChangeMarksOf articleID: Int64, read: Bool, starred: Bool) {
        marks[articleID] = (read, starred)
        delegate?.articleListViewControllerDidChangeMarks(self)
    }

    package func articleViewController(_ controller: ArticleViewController, didShow articleID: Int64) {
        pendingSelection = articleID
    }

    package func articleViewController(_ controller: ArticleViewController, unreadAfter articleID: Int64?, backward: Bool)
        -> Int64?
    {
        unreadArticle(after: articleID, backward: backward)
    }
}

extension ArticleListViewController {
    /// Replaces this list with the same list showing (or hiding again) the articles ignore rules hid.
    fileprivate func toggleIgnored() {
        var toggled = baseQuery
        toggled.includeIgnored.toggle()
        let list = ArticleListViewController(context: context, title: title, query: toggled, showsFeed: showsFeed)
        list.delegate = delegate
        _ = context.attempt { try list.pages.settleTotal() }
        let hidden = abs(list.pages.total - pages.total)
        let (navigation, actions) = (navigationController, context.actions)
        _ = navigation?.pop()
        navigation?.push(list)
        actions?.showMessage(
            toggled.includeIgnored ? "Showing \(hidden) hidden article\(hidden == 1 ? "" : "s")."
                : "Hiding \(hidden) ignored article\(hidden == 1 ? "" : "s").",
            isError: false)
    }
}
