import FeedStore

/// The rows of one article list, read from the store a page at a time as the table asks for them and
/// kept by page index; a few pages are kept, so memory stays flat however long the list is.
/// UI thread only.
final class ArticleListPages {
    static let pageSize = 100
    static let maximumPages = 16

    let store: FeedStore
    let query: ArticleQuery
    /// Rows in the list, as of the last `reload`.
    private(set) var total = 0
    private var pages: [Int: [ArticleSummary]] = [:]
    private var recentPages: [Int] = []

    init(store: FeedStore, query: ArticleQuery) {
        self.store = store
        self.query = query
    }

    /// Forgets the cached pages and reads the first page and the total again.
    func reload() throws {
        pages = [:]
        recentPages = []
        let first = try store.articlePage(query, offset: 0, limit: Self.pageSize)
        total = first.total
        remember(first.rows, page: 0)
    }

    /// The row at `index`, reading its page when not cached; nil past the end.
    func row(at index: Int) throws -> ArticleSummary? {
        guard index >= 0, index < total else { return nil }
        let page = index / Self.pageSize
        let rows: [ArticleSummary]
        if let cached = pages[page] {
            rows = cached
            touch(page)
        } else {
            rows = try read(page: page)
            remember(rows, page: page)
        }
        let offset = index - page * Self.pageSize
        return offset < rows.count ? rows[offset] : nil
    }

    /// Reads one page: after the last row of the page before when that one is cached (keyset paging,
    /// as fast deep in the list as at its top), else by offset.
    private func read(page: Int) throws -> [ArticleSummary] {
        if let previous = pages[page - 1], previous.count == Self.pageSize, let last = previous.last {
            let rows = try store.articleSummaries(query, after: last.id, limit: Self.pageSize)
            if !rows.isEmpty || page * Self.pageSize >= total { return rows }
        }
        return try store.articleSummaries(query, offset: page * Self.pageSize, limit: Self.pageSize)
    }

    /// Pages held right now (for tests of the paging).
    var cachedPageCount: Int { pages.count }

    private func remember(_ rows: [ArticleSummary], page: Int) {
        pages[page] = rows
        touch(page)
        while recentPages.count > Self.maximumPages {
            pages[recentPages.removeFirst()] = nil
        }
    }

    private func touch(_ page: Int) {
        recentPages.removeAll { $0 == page }
        recentPages.append(page)
    }
}
