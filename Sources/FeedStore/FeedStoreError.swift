/// Why a FeedStore call was refused. Database failures themselves surface as GRDB's `DatabaseError`.
public enum FeedStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL (or an earlier URL of a moved feed) is already in the store, as feed `existingID`.
    case duplicateFeed(url: String, existingID: Int64)
    /// No feed has this id (it may have been removed meanwhile).
    case feedNotFound(Int64)
    /// A feed URL was empty or only white space.
    case invalidURL(String)

    public var description: String {
        switch self {
        case let .duplicateFeed(url, _): "feed already present: \(url)"
        case let .feedNotFound(id): "no feed with id \(id)"
        case let .invalidURL(url): "not a usable feed URL: \"\(url)\""
        }
    }
}
