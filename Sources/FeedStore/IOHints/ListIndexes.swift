import GRDB

/// The store-wide indexes that order article lists (by date, unread by date, starred by date, by
/// title), which a bulk load leaves out while it stores feeds and builds again at its end.
///
/// Each of them is sorted by something that has nothing to do with the feed: the articles of one new
/// feed land all over it. A refresh stores each feed in a transaction of its own, so in a cold refresh
/// every transaction would rewrite most leaf pages of these indexes, and the next rewrite them again.
/// Built once at the end, each is one sort. Lists stay correct while they are missing, only slower
/// (SQLite scans and sorts instead), and each feed's transaction stays whole: a bulk load killed
/// half-way leaves every stored article, mark and search entry in place, and the next `restore`
/// builds what is missing.
///
/// The definitions must stay those of the schema (`Schema`): a migration that changes one of these
/// indexes changes it here too, and runs `restore` before it (a store may be between the two).
enum ListIndexes {
    /// Name and definition of each, as the schema creates them.
    static let definitions: [(name: String, sql: String)] = [
        ("articles_date", "CREATE INDEX IF NOT EXISTS articles_date ON articles(sort_date, id)"),
        ("articles_unread_date", "CREATE INDEX IF NOT EXISTS articles_unread_date ON articles(sort_date, id) WHERE read = 0"),
        ("articles_starred_date", "CREATE INDEX IF NOT EXISTS articles_starred_date ON articles(sort_date, id) WHERE starred = 1"),
        ("articles_title", "CREATE INDEX IF NOT EXISTS articles_title ON articles(ifnull(title, '') COLLATE NOCASE, id)"),
        // Keyed by a hash, so new articles land all over it too; copies are flagged once it is back.
        (ArticleCopies.indexName,
         "CREATE INDEX IF NOT EXISTS articles_link_key ON articles(link_key, feed_id) WHERE link_key IS NOT NULL"),
    ]

    /// A bulk load pays when it writes far more than the store holds: a refresh defers the indexes when
    /// at least `minimumNewFeeds` of its feeds were never stored and the store holds fewer than
    /// `articlesPerNewFeed` articles for each, well inside the break-even (`tidings-bench writer`).
    static let minimumNewFeeds = 20
    static let articlesPerNewFeed = 100

    /// The names of the list indexes the store is without.
    static func missing(_ db: Database) throws -> [String] {
        let present = Set(try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'articles'"))
        return definitions.map(\.name).filter { !present.contains($0) }
    }

    static func drop(_ db: Database) throws {
        for index in definitions { try db.execute(sql: "DROP INDEX IF EXISTS \(index.name)") }
    }

    /// Builds the missing ones; returns how many it built. The articles stored while the link index
    /// was out were not flagged as copies (`ArticleCopies.flagNew` needs it): they are, in one pass.
    static func restore(_ db: Database) throws -> Int {
        let missing = Set(try missing(db))
        for index in definitions where missing.contains(index.name) { try db.execute(sql: index.sql) }
        if missing.contains(ArticleCopies.indexName) { try ArticleCopies.flagAll(db) }
        return missing.count
    }
}

extension FeedStore {
    /// Leaves the list indexes out (`ListIndexes`) when a refresh about to store `newFeeds` feeds that
    /// were never stored would write far more than the store holds; true when it did (also when a
    /// killed run had left them out already). The caller must call `restoreListIndexes` when it has
    /// stored them; when it does not defer, it should call it first, in case a run was stopped before.
    public func deferListIndexes(newFeeds: Int) throws -> Bool {
        guard newFeeds >= ListIndexes.minimumNewFeeds else { return false }
        return try pool.write { db in
            let stored = try FeedCountsTotal.total(db, ArticleQuery(includeIgnored: true)) ?? 0
            guard stored < newFeeds * ListIndexes.articlesPerNewFeed else { return false }
            try ListIndexes.drop(db)
            return true
        }
    }

    /// Builds the list indexes a bulk load left out, in one transaction; returns how many it built
    /// (0, without writing, when none is missing).
    @discardableResult
    public func restoreListIndexes() throws -> Int {
        guard try pool.read({ db in try ListIndexes.missing(db) }).isEmpty == false else { return 0 }
        return try pool.write { db in try ListIndexes.restore(db) }
    }
}
