import FeedStore
import Foundation
import TerminalView

/// Tells the controller that opened an article list that marks changed in it, so counts can follow.
/// Called on the UI thread.
public protocol ArticleListViewControllerDelegate: AnyObject {
    func articleListViewControllerDidChangeMarks(_ controller: ArticleListViewController)
}

/// One article list (a feed, a tag, "All unread", "Starred", search results): a table of unread mark,
/// star, date, feed (in lists over several feeds) and title. It is the table's data source and maps
/// rows to article titles from the store page by page, never the whole list at once. Choosing a row
/// pushes an `ArticleViewController`. UI thread only.
public final class ArticleListViewController: ViewController {
    public weak var navigationController: NavigationController?
    /// Held weakly: the parent owns this controller through the navigation stack.
    public weak var delegate: (any ArticleListViewControllerDelegate)?
    public let title: String
    public let query: ArticleQuery
    let context: ReaderContext
    let tableView: TableView
    var tableState = TableState()
    let pages: ArticleListPages
    /// Marks changed here since the pages were read: article id -> (read, starred).
    private var marks: [Int64: (read: Bool, starred: Bool)] = [:]
    private let format = ReaderFormat()
    private let showsFeed: Bool

    public init(context: ReaderContext, title: String, query: ArticleQuery, showsFeed: Bool) {
        self.context = context
        self.title = title
        self.query = query
        self.showsFeed = showsFeed
        pages = ArticleListPages(store: context.store, query: query)
        var columns = [
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
        tableView.dataSource = self
        tableView.delegate = self
        reload()
    }

    public var status: String {
        pages.total == 0 ? "0 articles" : "\(min(tableState.selectedRow + 1, pages.total))/\(pages.total)"
    }

    /// Reads the list again (after a refresh or mark-all), keeping the selected article selected.
    func reload() {
        let selectedID = selectedArticle?.id
        marks = [:]
        _ = context.attempt { try pages.reload() }
        if let selectedID, let index = context.attempt({ try context.store.index(of: selectedID, in: query) }),
           let index {
            tableState.selectedRow = index
        }
    }

    /// The selected row's article with the marks changed since it was read.
    var selectedArticle: ArticleSummary? {
        context.attempt { try pages.row(at: tableState.selectedRow) } ?? nil
    }

    /// Selects the article (when the list holds it) and opens it.
    func open(articleID: Int64) {
        if let index = context.attempt({ try context.store.index(of: articleID, in: query) }), let index {
            tableState.selectedRow = index
        }
        navigationController?.push(
            ArticleViewController(context: context, articleID: articleID, listQuery: query, delegate: self))
    }

    public func draw(into buffer: inout ScreenBuffer, frame: Rect) {
        tableView.draw(into: &buffer, frame: frame, state: &tableState)
        pages.prefetch(around: tableState.selectedRow)
    }

    public func perform(_ command: ReaderCommand, count: Int?) -> Bool {
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
            let changed = context.attempt { try context.store.markAllRead(query) } ?? 0
            reload()
            delegate?.articleListViewControllerDidChangeMarks(self)
            context.actions?.showMessage("Marked \(changed) article\(changed == 1 ? "" : "s") read.", isError: false)
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

    public func handle(_ event: InputEvent) -> Bool {
        tableView.handle(event, state: &tableState)
    }

    public func storeDidChange() {
        reload()
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

    /// Opens the next unread article of this list after the selection (before it, with `backward`).
    private func openNextUnread(backward: Bool) {
        guard let found = context.attempt({
            try context.store.nextUnread(after: selectedArticle?.id, in: query, backward: backward)
        }) else { return }
        guard let next = found else {
            context.actions?.showMessage("No more unread articles in this list.", isError: false)
            return
        }
        open(articleID: next.id)
    }
}

extension ArticleListViewController: TableViewDataSource {
    public func numberOfRows(in tableView: TableView) -> Int {
        pages.total
    }

    public func tableView(_ tableView: TableView, rowAt index: Int) -> TableRow {
        guard let article = context.attempt({ try pages.row(at: index) }), let article else {
            return TableRow(cells: ["", "", "", "…"])
        }
        let theme = context.config.theme
        let read = isRead(article)
        let starred = isStarred(article)
        var cells = [read ? "" : "N", starred ? "*" : "", format.compact(article.date)]
        var styles: [Style?] = [nil, theme.star, theme.date]
        if tableView.columns.count == 5 {
            cells.append(ReaderFormat.clean(article.feedTitle))
            styles.append(theme.feed)
        }
        let title = ReaderFormat.clean(article.title)
        cells.append(title.isEmpty ? "(untitled)" : title)
        return TableRow(cells: cells, style: read ? theme.read : theme.unread, cellStyles: styles)
    }
}

extension ArticleListViewController: TableViewDelegate {
    public func tableView(_ tableView: TableView, didChooseRow row: Int) {
        guard let article = context.attempt({ try pages.row(at: row) }), let article else { return }
        navigationController?.push(
            ArticleViewController(context: context, articleID: article.id, listQuery: query, delegate: self))
    }
}

extension ArticleListViewController: ArticleListViewControllerDelegate {
    public func articleListViewControllerDidChangeMarks(_ controller: ArticleListViewController) {
        reload()
        delegate?.articleListViewControllerDidChangeMarks(self)
    }
}

extension ArticleListViewController: ArticleViewControllerDelegate {
    public func articleViewController(_ controller: ArticleViewController, didChangeMarksOf articleID: Int64, read: Bool, starred: Bool) {
        marks[articleID] = (read, starred)
        delegate?.articleListViewControllerDidChangeMarks(self)
    }

    public func articleViewController(_ controller: ArticleViewController, didShow articleID: Int64) {
        if let index = context.attempt({ try context.store.index(of: articleID, in: query) }), let index {
            tableState.selectedRow = index
        }
    }
}

extension ArticleListViewController {
    /// Replaces this list with the same list showing (or hiding again) the articles ignore rules hid.
    fileprivate func toggleIgnored() {
        var toggled = query
        toggled.includeIgnored.toggle()
        let list = ArticleListViewController(context: context, title: title, query: toggled, showsFeed: showsFeed)
        list.delegate = delegate
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
