/// Why a FeedStore call was refused. Database failures themselves surface as GRDB's `DatabaseError`.
public enum FeedStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL (or an earlier URL of a moved feed) is already in the store, as feed `existingID`.
    case duplicateFeed(url: String, existingID: Int64)
    /// No feed has this id (it may have been removed meanwhile).
    case feedNotFound(Int64)
    /// A feed URL was empty or only white space.
    case invalidURL(String)
    /// Migrating the database to the current schema failed; the database is as it was, and `backup`
    /// (when there was something to keep) is the copy made before trying.
    case upgradeFailed(path: String, version: Int, backup: String?, reason: String)
    /// The copy kept before a schema upgrade could not be written; nothing was migrated.
    case upgradeCopyFailed(path: String, copy: String, reason: String)
    /// A newer Tidings made the database (schema `version`: its number of migrations); this version
    /// neither reads nor writes it.
    case newerSchema(path: String, version: Int)
    /// The database contradicts itself (a dangling reference after a migration, a failed rename).
    case inconsistent(String)

    public var description: String {
        switch self {
        case let .duplicateFeed(url, _): "feed already present: \(url)"
        case let .feedNotFound(id): "no feed with id \(id)"
        case let .invalidURL(url): "not a usable feed URL: \"\(url)\""
        case let .upgradeFailed(_, version, backup, reason):
            "upgrading its schema from version \(version) failed (\(reason)); the database was left as it was"
                + (backup.map { ", and a copy is at \($0)" } ?? "")
        case let .upgradeCopyFailed(_, copy, reason):
            "cannot keep a copy at \(copy) before upgrading its schema (\(reason)); nothing was changed"
        case let .newerSchema(_, version): "made by a newer Tidings (schema \(version)); upgrade Tidings"
        case let .inconsistent(reason): "the database is inconsistent: \(reason)"
        }
    }
}
