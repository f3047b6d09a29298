import GRDB

/// Which feeds of the database a command works on: every feed, or the feeds of the feed list in use.
///
/// A database may be used with several feed lists (`--feeds`). A feed in the database that the list
/// in use does not name is *unsubscribed* relative to that list: it is kept with its articles and
/// marks, but the list's reader, refresh, counts and default export leave it out; its starred
/// articles still show under Starred. Nothing is stored about it: the scope is computed from the list
/// each time, so two lists used in turn never disturb one another.
public enum FeedScope: Sendable, Hashable {
    /// Every feed of the database (no feed list file exists).
    case every
    /// The feeds with these ids (the list's feeds, in the list's order).
    case listed([Int64])

    /// The ids of the feeds in scope; nil for every feed.
    public var feedIDs: [Int64]? {
        switch self {
        case .every: nil
        case .listed(let ids): ids
        }
    }

    public func contains(_ feedID: Int64) -> Bool {
        switch self {
        case .every: true
        case .listed(let ids): ids.contains(feedID)
        }
    }

    /// The ids as an SQL list (`1, 2, 3`; `NULL` when empty, which matches nothing). Integers only,
    /// so they are written into the statement: a list of any length, no variable limit.
    static func sqlList(_ ids: [Int64]) -> String {
        ids.isEmpty ? "NULL" : ids.map(String.init).joined(separator: ", ")
    }

    /// An SQL condition on the feed id column `column`: true for the feeds in scope.
    func condition(_ column: String) -> String {
        feedIDs.map { "\(column) IN (\(Self.sqlList($0)))" } ?? "1"
    }

    /// The same feeds as a condition needs them: `.every` when the list names every feed the database
    /// holds (the usual case: one list per database), so that counts and lists do not test each
    /// article's feed against a list of thousands. Within the caller's read.
    func widened(_ db: Database) throws -> FeedScope {
        guard case .listed(let ids) = self, try Self.coversEveryFeed(ids, db) else { return self }
        return .every
    }

    /// True when `ids` are exactly the ids of the database's feeds, each once.
    static func coversEveryFeed(_ ids: [Int64], _ db: Database) throws -> Bool {
        guard ids.count > 8, try Int.fetchOne(db, sql: "SELECT count(*) FROM feeds") == ids.count else { return false }
        return try Int64.fetchAll(db, sql: "SELECT id FROM feeds").sorted() == ids.sorted()
    }
}

extension ArticleQuery {
    /// The query with no feed condition when its feeds are every feed of the database (see
    /// `FeedScope.widened`).
    func widened(_ db: Database) throws -> ArticleQuery {
        guard let ids = feedIDs, try FeedScope.coversEveryFeed(ids, db) else { return self }
        var query = self
        query.feedIDs = nil
        return query
    }
}
