import FeedModel
import Foundation
import GRDB

/// newsboat's article cache (`~/.newsboat/cache.db`), opened read-only: its feeds, and each feed's
/// articles with their read state and flags, read one feed at a time, for `tidings feeds import`.
///
/// newsboat flags are letters a user gives an article, with no meaning of their own: the letter `s`
/// (the one newsboat's documentation uses for "starred") becomes a star, every other letter the
/// article tag `newsboat-flag-X`. Deleted articles (`deleted = 1`) are left out.
public final class NewsboatCache: Sendable {
    /// A feed of the cache and how many articles it keeps.
    public struct Feed: Sendable, Hashable {
        public var url: String
        public var articles: Int
    }

    /// The feeds the cache keeps articles for, in the order newsboat first stored them.
    public let feeds: [Feed]
    private let queue: DatabaseQueue
    private let selected: [String]
    private let deletedCondition: String

    /// Whether `bytes` (a file's first bytes) start like an SQLite database.
    public static func isSQLite(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.starts(with: Array("SQLite format 3\u{0}".utf8))
    }

    /// Opens the cache at `path` read-only and lists its feeds, or throws `NewsboatCacheError` when it
    /// is not a readable newsboat cache (another SQLite file, a damaged one).
    public init(path: String) throws(NewsboatCacheError) {
        var configuration = Configuration()
        configuration.readonly = true
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
            let columns = try queue.read { db in try Self.columns(db) }
            selected = Self.required + Self.optional.filter(columns.contains)
            deletedCondition = columns.contains("deleted") ? "deleted = 0" : "1"
            feeds = try queue.read { [deletedCondition] db in
                try Row.fetchAll(db, sql: """
                    SELECT feedurl, count(*) AS n FROM rss_item WHERE \(deletedCondition)
                    GROUP BY feedurl ORDER BY min(id)
                    """).map { Feed(url: $0["feedurl"] ?? "", articles: $0["n"] ?? 0) }
            }
        } catch let error as NewsboatCacheError {
            throw error
        } catch {
            throw .unreadable(Self.reason(error))
        }
    }

    /// The articles the cache keeps for the feed at `feedURL` (as `feeds` names it), oldest first.
    public func articles(feedURL: String) throws(NewsboatCacheError) -> [ImportedArticle] {
        do {
            return try queue.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT \(selected.joined(separator: ", ")) FROM rss_item WHERE feedurl = ? AND \(deletedCondition) ORDER BY id",
                    arguments: [feedURL]
                ).map(Self.article)
            }
        } catch {
            throw .unreadable(Self.reason(error))
        }
    }

    private static let required = ["guid", "title", "url", "feedurl", "pubDate", "content", "unread", "flags"]
    private static let optional = ["author", "enclosure_url", "enclosure_type", "deleted", "base"]

    private static func reason(_ error: any Error) -> String {
        (error as? DatabaseError)?.message ?? "\(error)"
    }

    /// The columns of `rss_item`, once newsboat's tables and the columns read are known to be there.
    private static func columns(_ db: Database) throws -> Set<String> {
        guard try db.tableExists("rss_feed"), try db.tableExists("rss_item") else { throw NewsboatCacheError.notACache }
        let columns = Set(try db.columns(in: "rss_item").map(\.name))
        if let missing = required.first(where: { !columns.contains($0) }) {
            throw NewsboatCacheError.unreadable("its rss_item table has no \(missing) column")
        }
        return columns
    }

    private static func article(_ row: Row) -> ImportedArticle {
        func text(_ column: String) -> String? {
            guard let value: String = row[column], !value.isEmpty else { return nil }
            return value
        }
        let flags = Set((text("flags") ?? "").filter(\.isLetter))
        let published = (row["pubDate"] as Int64?).flatMap { $0 > 0 ? Date(timeIntervalSince1970: Double($0)) : nil }
        var enclosures: [Enclosure] = []
        if let url = text("enclosure_url") { enclosures.append(Enclosure(url: url, mimeType: text("enclosure_type"))) }
        let article = Article(
            id: text("guid"), url: text("url"), title: text("title"), contentHTML: text("content"), published: published,
            authors: text("author").map { [Author(name: $0)] } ?? [],
            categories: flags.filter { $0 != "s" }.sorted().map { Category(term: "newsboat-flag-\($0)") },
            attachments: enclosures, base: text("base"))
        let unread: Int64 = row["unread"] ?? 1
        return ImportedArticle(article: article, read: unread == 0, starred: flags.contains("s"))
    }
}

/// Why a file given as newsboat's cache could not be read.
public enum NewsboatCacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An SQLite database without newsboat's tables.
    case notACache
    /// The database could not be read (damaged, locked, another schema).
    case unreadable(String)

    public var description: String {
        switch self {
        case .notACache: "it is an SQLite database but not newsboat's cache (no rss_feed and rss_item tables)"
        case .unreadable(let reason): "it cannot be read as newsboat's cache: \(reason)"
        }
    }
}
