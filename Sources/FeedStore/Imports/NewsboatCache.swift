import FeedModel
import Foundation
import GRDB

/// newsboat's article cache (`~/.newsboat/cache.db`), read without changing it: each feed's
/// articles with their read state and flags, for `tidings feeds import`.
///
/// newsboat flags are letters a user gives an article, with no meaning of their own: the letter `s`
/// (the one newsboat's documentation uses for "starred") becomes a star, every other letter the
/// article tag `newsboat-flag-X`. Deleted articles (`deleted = 1`) are left out.
public struct NewsboatCache: Sendable {
    /// One article of the cache.
    public struct Item: Sendable {
        public var feedURL: String
        public var imported: ImportedArticle
    }

    /// The articles of the cache, in the order newsboat stored them.
    public let items: [Item]

    /// Whether `bytes` (a file's first bytes) start like an SQLite database.
    public static func isSQLite(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.starts(with: Array("SQLite format 3\u{0}".utf8))
    }

    /// Reads the cache at `path`, or throws `NewsboatCacheError` when it is not a readable newsboat
    /// cache (another SQLite file, a damaged one).
    public init(path: String) throws(NewsboatCacheError) {
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            items = try queue.read { db in try Self.read(db) }
        } catch let error as NewsboatCacheError {
            throw error
        } catch {
            throw .unreadable(String(describing: (error as? DatabaseError)?.message ?? "\(error)"))
        }
    }

    private static let required = ["guid", "title", "url", "feedurl", "pubDate", "content", "unread", "flags"]
    private static let optional = ["author", "enclosure_url", "enclosure_type", "deleted", "base"]

    private static func read(_ db: Database) throws -> [Item] {
        guard try db.tableExists("rss_feed"), try db.tableExists("rss_item") else { throw NewsboatCacheError.notACache }
        let columns = Set(try db.columns(in: "rss_item").map(\.name))
        if let missing = required.first(where: { !columns.contains($0) }) {
            throw NewsboatCacheError.unreadable("its rss_item table has no \(missing) column")
        }
        let selected = required + optional.filter(columns.contains)
        let deleted = columns.contains("deleted") ? " WHERE deleted = 0" : ""
        let rows = try Row.fetchCursor(
            db, sql: "SELECT \(selected.joined(separator: ", ")) FROM rss_item\(deleted) ORDER BY id")
        var items: [Item] = []
        while let row = try rows.next() {
            items.append(item(row))
        }
        return items
    }

    private static func item(_ row: Row) -> Item {
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
        return Item(
            feedURL: text("feedurl") ?? "",
            imported: ImportedArticle(article: article, read: unread == 0, starred: flags.contains("s")))
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
