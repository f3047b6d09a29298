import FeedModel
import Foundation
import GRDB
import Synchronization

/// The Tidings database: feeds, articles, read and starred marks, fetch state and export states, in
/// one SQLite file (WAL mode, foreign keys on, a 10 s busy timeout, schema migrated on open, keeping a
/// copy first: `SchemaUpgrade`).
///
/// Threading: a `FeedStore` may be shared by any number of threads and tasks, and several processes
/// may open the same file at once (the reader and a cron refresh): reads run concurrently on a pool of
/// connections and never wait for writes; writes are serialised, each method committing its own
/// transaction before it returns. Every method is synchronous and blocks the calling thread for the
/// duration of its database work, so call it off the main loop when that matters. Closures passed in
/// (`forEachArticle`) run synchronously before the method returns, on an unspecified thread; they must
/// not call back into the same store.
///
/// Errors: `FeedStoreError` for refused requests; GRDB's `DatabaseError` for database failures.
/// Memory: each connection in use (one writer, readers as reads overlap, at most five) caches up to
/// 16 MB of pages; the readers less when the opener says so (the terminal reader, whose reads are
/// pages of 100 rows). With `prefetchesListRows` (the terminal reader), a page of an article list asks
/// the kernel for the table pages of its rows all at once before reading them (`TablePagePrefetch`);
/// for that the store keeps one read-only descriptor of the file open for the rest of the process.
public final class FeedStore: Sendable {
    /// The database file.
    public let path: String
    let pool: DatabasePool
    /// Nil unless the opener asked for it.
    let tablePrefetch: TablePagePrefetch?
    private let collapsing = Atomic<Bool>(true)

    /// True (the default) when an article that several feeds carry shows once in the lists that span
    /// feeds, and reading one copy marks every copy (`ArticleCopies`); config.toml's `dedupe = false`
    /// turns it off. A feed's own list always shows its copy.
    public var collapsesCopies: Bool {
        get { collapsing.load(ordering: .relaxed) }
        set { collapsing.store(newValue, ordering: .relaxed) }
    }

    /// Opens (creating if needed) the database at `path` and migrates it to the current schema.
    /// The folder must exist. `readerCacheKilobytes` caps the page cache of each reading connection;
    /// `prefetchesListRows` makes list pages ask for their rows' table pages at once (see above).
    public init(path: String, readerCacheKilobytes: Int = 16_384, prefetchesListRows: Bool = false) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.foreignKeysEnabled = true
        configuration.label = "FeedStore"
        // DatabasePool sets WAL with synchronous = NORMAL: a killed process loses no committed
        // transaction (only a power cut may lose the last ones).
        configuration.prepareDatabase { db in
            // Bigger than SQLite's default, because a streamed export reads every page of a list.
            try db.execute(sql: "PRAGMA cache_size = -\(db.configuration.readonly ? max(64, readerCacheKilobytes) : 16_384)")
            // Every feed's transaction rewrites the same hot index pages: a rarer checkpoint copies and
            // syncs them fewer times on the writer's thread (`BackgroundCheckpoints` does the rest).
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 4096")
            // A checkpointed log is cut back to this; a refresh truncates it at its end.
            try db.execute(sql: "PRAGMA journal_size_limit = 67108864")
            // Temporary tables (the articles being stored, for ignore rules) stay in memory.
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            db.add(function: RegexpFunction.function)
            db.add(function: LiteralPattern.foldsToASCIIFunction)
            SearchFunctions.register(db)
            ArticleIdentity.registerFunctions(db)
            db.add(function: BodyDictionary.partsFunction)
        }
        self.path = path
        // Migrated before the pool opens it: opening a pool writes to the file (GRDB makes sure a WAL
        // file exists), and a failed upgrade must leave the file as it was.
        try SchemaUpgrade.run(path: path)
        pool = try DatabasePool(path: path, configuration: configuration)
        tablePrefetch = prefetchesListRows ? TablePagePrefetch(path: path) : nil
    }

    // MARK: Maintenance

    /// Deletes what `policy` lets go, in one feed or all (of `scope`: a refresh leaves the feeds
    /// outside its feed list as they are); returns the number of articles deleted.
    @discardableResult
    public func applyRetention(
        _ policy: RetentionPolicy, feedID: Int64? = nil, in scope: FeedScope = .every, now: Date = Date()
    ) throws -> Int {
        try pool.write { db in try RetentionWriter.apply(db, policy, feedID: feedID, scope: scope, now: now) }
    }

    /// Copies everything in the write-ahead log into the database file and cuts the log to zero
    /// bytes (a TRUNCATE checkpoint), waiting up to the busy timeout for readers on older snapshots.
    /// After a bulk write (a refresh) the log can be as large as everything written, and it stays on
    /// disk until the next checkpoint that finds no reader. Throws when it could not complete; nothing
    /// is lost then, the log is only left as it was.
    public func truncateWriteAheadLog() throws {
        _ = try pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }

    /// SQLite's `PRAGMA integrity_check`, then FTS5's check that the full-text index holds exactly
    /// the stored articles' text: `["ok"]` when both are sound, else what is wrong.
    package func integrityCheck() throws -> [String] {
        let pages = try pool.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        guard pages == ["ok"] else { return pages }
        do {
            // An INSERT by its form, but it only reads: FTS5 compares the index with the view it indexes.
            try pool.write { db in
                try db.execute(sql: "INSERT INTO article_search (article_search) VALUES ('integrity-check')")
            }
        } catch let error as DatabaseError {
            return ["search index: \(error.message ?? error.description)"]
        }
        let counts = try pool.read { db in try FeedCountsCheck.differences(db) }
        return counts.isEmpty ? pages : counts
    }

    func updateFeed(_ id: Int64, sql assignments: String, _ values: StatementArguments) throws {
        try pool.write { db in
            // Cached: a warm refresh makes the same update for each of its feeds.
            try db.cachedStatement(sql: "UPDATE feeds SET \(assignments) WHERE id = ?").execute(arguments: values + [id])
            guard db.changesCount > 0 else { throw FeedStoreError.feedNotFound(id) }
        }
    }

    /// Runs one DELETE in its own transaction; true when it removed a row.
    func deleteRows(_ sql: String, _ arguments: StatementArguments) throws -> Bool {
        try pool.write { db in
            try db.execute(sql: sql, arguments: arguments)
            return db.changesCount > 0
        }
    }

    func requireFeed(_ db: Database, _ id: Int64) throws {
        guard try Bool.fetchOne(db, sql: "SELECT 1 FROM feeds WHERE id = ?", arguments: [id]) != nil else {
            throw FeedStoreError.feedNotFound(id)
        }
    }
}
