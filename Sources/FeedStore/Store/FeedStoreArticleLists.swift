import FeedModel
import Foundation
import GRDB

// Reading article lists, marking articles, and export state.
extension FeedStore {
    // MARK: Article lists

    /// The SQL of `query`, over the feeds of its scope; copies left out (`collapsesCopies`) unless
    /// it is one feed's own list or the store holds none (then the lists pay nothing for it).
    func articleFilter(_ query: ArticleQuery, _ db: Database) throws -> ArticleFilter {
        let collapsing = try collapsesCopies && query.feedIDs?.count != 1 && ArticleCopies.any(db)
        return ArticleFilter(try query.widened(db), collapsesCopies: collapsing)
    }

    /// Rows `offset..<offset+limit` of the list and the list's total, from one snapshot.
    public func articlePage(_ query: ArticleQuery, offset: Int, limit: Int) throws -> ArticlePage {
        return try pool.read { db in
            let filter = try articleFilter(query, db)
            let total = try ArticleReader.count(db, filter)
            return ArticlePage(
                offset: offset, rows: try ArticleReader.page(
                    db, filter, offset: offset, limit: limit, total: total, prefetch: tablePrefetch),
                total: total)
        }
    }

    /// Rows `offset..<offset+limit` of the list.
    public func articleSummaries(_ query: ArticleQuery, offset: Int, limit: Int) throws -> [ArticleSummary] {
        return try pool.read { db in
            let filter = try articleFilter(query, db)
            guard offset > ArticleReader.deepOffset else {
                return try ArticleReader.summaries(db, filter, offset: offset, limit: limit, prefetch: tablePrefetch)
            }
            let total = try ArticleReader.count(db, filter)
            return try ArticleReader.page(db, filter, offset: offset, limit: limit, total: total, prefetch: tablePrefetch)
        }
    }

    /// Up to `limit` rows that follow the article `articleID` in list order (keyset paging: as fast
    /// deep in the list as at its top). Empty when that article no longer exists.
    public func articleSummaries(_ query: ArticleQuery, after articleID: Int64, limit: Int) throws
        -> [ArticleSummary]
    {
        return try pool.read { db in
            let filter = try articleFilter(query, db)
            guard let key = try ArticleFilter.key(db, articleID: articleID) else { return [] }
            return try ArticleReader.summaries(
                db, filter, extra: filter.condition(after: key), limit: limit, prefetch: tablePrefetch,
                indexExtra: filter.indexCondition(after: key))
        }
    }

    /// The number of articles in the list.
    public func countArticles(_ query: ArticleQuery) throws -> Int {
        return try pool.read { db in
            let filter = try articleFilter(query, db)
            return try ArticleReader.count(db, filter) }
    }

    /// The unread and total articles of each list (query feeds in the feed list), from one snapshot,
    /// one pass over each list.
    public func listCounts(_ queries: [ArticleQuery]) throws -> [ListCount] {
        try pool.read { db in try queries.map { try ArticleReader.listCount(db, try articleFilter($0, db)) } }
    }

    /// The row index of an article in the list, or nil when the list does not contain it.
    public func index(of articleID: Int64, in query: ArticleQuery) throws -> Int? {
        return try pool.read { db in
            let filter = try articleFilter(query, db)
            guard let key = try ArticleFilter.key(db, articleID: articleID),
                  try ArticleReader.count(db, filter, extra: SQLFragment("a.id = ?", [articleID], columns: ["a.id"])) == 1
            else { return nil }
            return try ArticleReader.count(db, filter, extra: filter.condition(after: key, before: true))
        }
    }

    /// The first unread article after `articleID` in the order of `query` (before it, with
    /// `backward`), or the first (last) unread of the list when `articleID` is nil or gone. For "next
    /// unread across feeds" pass a query over every feed sorted `.byFeed`: it runs through the
    /// current feed, then the following feeds in feed-list order. Nil when there is none; no wrap.
    public func nextUnread(after articleID: Int64?, in query: ArticleQuery, backward: Bool = false) throws
        -> ArticleSummary?
    {
        var unread = query
        unread.unreadOnly = true
        return try pool.read { db in
            let filter = try articleFilter(unread, db)
            let key = try articleID.flatMap { try ArticleFilter.key(db, articleID: $0) }
            let extra = key.map { filter.condition(after: $0, before: backward) }
            return try ArticleReader.summaries(db, filter, extra: extra, reversed: backward, limit: 1).first
        }
    }

    /// The full article, or nil when it no longer exists.
    public func article(id: Int64) throws -> StoredArticle? {
        try pool.read { db in
            guard var article = try ArticleReader.article(db, id: id) else { return nil }
            if collapsesCopies { article.otherFeeds = try ArticleCopies.otherFeeds(db, of: id) }
            return article
        }
    }

    /// `article` with its marks (read, read at, starred) as they are stored now, or nil when it no
    /// longer exists: after a mark, without reading the article and decoding its body again.
    public func withStoredMarks(of article: StoredArticle) throws -> StoredArticle? {
        try pool.read { db in
            let statement = try db.cachedStatement(sql: "SELECT read, read_at, starred FROM articles WHERE id = ?")
            guard let row = try Row.fetchOne(statement, arguments: [article.id]) else { return nil }
            var marked = article
            marked.read = row["read"]
            marked.readAt = FeedReader.date(row["read_at"])
            marked.starred = row["starred"]
            return marked
        }
    }

    // MARK: Marks (each call commits at once)

    /// Marks articles read or unread; returns how many changed.
    @discardableResult
    public func setRead(_ read: Bool, articleIDs: [Int64]) throws -> Int {
        try pool.write { db in
            try MarkWriter.setRead(db, read, ids: articleIDs, now: Date(), copies: collapsesCopies)
        }
    }

    /// Stars or unstars articles; returns how many changed.
    @discardableResult
    public func setStarred(_ starred: Bool, articleIDs: [Int64]) throws -> Int {
        try pool.write { db in try MarkWriter.setStarred(db, starred, ids: articleIDs) }
    }

    /// Marks every unread article of the list read; returns how many changed.
    @discardableResult
    public func markAllRead(_ query: ArticleQuery) throws -> Int {
        return try pool.write { db in
            let filter = try articleFilter(query, db)
            return try MarkWriter.markAllRead(db, filter, now: Date(), copies: collapsesCopies) }
    }

    // MARK: Export

    /// Streams the articles of the list to `body`, in list order, at most `limit`: one row is in
    /// memory at a time, from one snapshot (a refresh committing meanwhile is not seen, and is not
    /// blocked). Without `withContent`, `summary` and `content` are nil (faster for headline formats).
    /// For `--new`, set `query.notExportedBy` to the state name, collect the ids written, and once the
    /// output is complete call `advanceExportState`. `body` runs on an unspecified thread before this
    /// returns and must not call this store; an error it throws stops the stream and is rethrown. Each
    /// article is handed over (`consuming`), so keeping it costs no copy. With `decodingBodies` false
    /// the bodies are handed over as stored and decoded where they are read (`content`, `summary`)
    /// or by `StoredArticle.decodeBodies`, so that the caller can decompress them on other threads.
    public func forEachArticle(
        matching query: ArticleQuery, limit: Int? = nil, withContent: Bool = true, decodingBodies: Bool = true,
        _ body: (consuming StoredArticle) throws -> Void
    ) throws {
        try pool.read { db in
            let filter = try articleFilter(query, db)
            try ArticleReader.forEach(
                db, filter, limit: limit, withContent: withContent, decodingBodies: decodingBodies, body)
        }
    }

    /// Records `articleIDs` as exported by the state `name` (created on first use), and with
    /// `markRead` marks them read, in one transaction. Call only after the output was written.
    public func advanceExportState(name: String, through articleIDs: [Int64], markRead: Bool) throws {
        try pool.write { db in
            try ExportStateWriter.advance(
                db, name: name, through: articleIDs, markRead: markRead, now: Date(), copies: collapsesCopies)
        }
    }

    /// Whether the export state `name` exists (has completed a `--new` export or been started).
    public func hasExportState(name: String) throws -> Bool {
        try pool.read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM export_states WHERE name = ?)", arguments: [name])
                ?? false
        }
    }

    package func exportStates() throws -> [ExportState] {
        try pool.read { db in try ExportStateWriter.states(db) }
    }

    /// Forgets an export state (its next `--new` export starts over); false when there was none.
    @discardableResult
    package func removeExportState(name: String) throws -> Bool {
        try deleteRows("DELETE FROM export_states WHERE name = ?", [name])
    }
}
