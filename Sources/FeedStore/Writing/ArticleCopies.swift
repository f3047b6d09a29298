import Foundation
import GRDB
import TidingsText

/// Copies of one article in several feeds (a planet repeating a blog), found by the canonical form of
/// their link (`CanonicalLink`), stored as an 8-byte hash (`articles.link_key`).
///
/// The earliest stored copy (the lowest id) represents the article; every later copy in another feed
/// is flagged `duplicate = 1`, and the lists that span feeds leave flagged rows out
/// (`ArticleFilter`, with the store's `collapsesCopies`). A feed's own list shows its copy. Copies
/// in the same feed are distinct articles of that feed and are never flagged. The flags are kept in
/// the writer's transaction: new articles by `ArticleWriter` (`flagNew`), a changed link and a
/// deleted representative by the triggers of `CanonicalLinkMigration`. Reading a copy marks every
/// copy (`propagateRead`); stars stay per copy.
enum ArticleCopies {
    /// The key of a stored link, nil without one. Two links sharing a hash would be taken for copies:
    /// with 64 bits, one chance in millions at billions of articles.
    static func linkKey(_ url: String?) -> Int64? {
        guard let url, !url.allSatisfy(\.isWhitespace) else { return nil }
        var hash = FNV1a64()
        hash.add(bytes: CanonicalLink.of(url).utf8)
        return hash.signed
    }

    /// True (1) for the row `row` (a table name or alias of `articles`) when an earlier article in
    /// another feed has its link: the row is a copy.
    static func isCopy(_ row: String) -> String {
        """
        (\(row).link_key IS NOT NULL AND EXISTS (SELECT 1 FROM articles d WHERE d.link_key = \(row).link_key
            AND d.id < \(row).id AND d.feed_id <> \(row).feed_id))
        """
    }

    /// Only copies, in the form of `ArticleFilter.onlyIgnored`: read from the partial index of copies.
    static let onlyCopies = SQLFragment("a.id IN (SELECT id FROM articles WHERE duplicate = 1)", columns: ["a.id"])
    /// No copies.
    static let notCopies = SQLFragment("a.id NOT IN (SELECT id FROM articles WHERE duplicate = 1)", columns: ["a.id"])

    /// True when some article is a copy: one look into the partial index of copies.
    static func any(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM articles WHERE duplicate = 1)")) ?? false
    }

    /// The index copies are found through; a bulk load leaves it out with the list indexes.
    static let indexName = "articles_link_key"

    /// Whether the link index is there: without it `flagNew` leaves the flags to `flagAll`.
    static func canFlag(_ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?)"),
            arguments: [indexName]) ?? false
    }

    /// Flags every article that is a copy and is not flagged yet: after a bulk load built the index.
    static func flagAll(_ db: Database) throws {
        try db.execute(sql: "UPDATE articles SET duplicate = 1 WHERE duplicate = 0 AND \(isCopy("articles"))")
    }

    /// Flags the new articles `ids` that are copies. New articles have the highest ids, so no stored
    /// representative changes.
    static func flagNew(_ db: Database, ids: [Int64]) throws {
        for chunk in MarkWriter.chunks(ids) {
            try db.execute(
                sql: """
                    UPDATE articles SET duplicate = 1
                    WHERE id IN (\(MarkWriter.placeholders(chunk.count))) AND \(isCopy("articles"))
                    """,
                arguments: StatementArguments(chunk))
        }
    }

    /// Gives the copies of the articles `ids` the mark `read`: run after the articles themselves were
    /// marked, in the same transaction, so that their own changes are counted by the caller. Only
    /// copies in other feeds: two articles of one feed sharing a link are distinct articles. With
    /// `exceptAccount`, not the copies in that account's feeds (a sync leaves them to the service).
    static func propagateRead(_ db: Database, _ read: Bool, ids: [Int64], now: Date, exceptAccount: String? = nil) throws {
        let except = exceptAccount == nil ? "" : "AND articles.feed_id NOT IN (SELECT id FROM feeds WHERE account = ?)"
        for chunk in MarkWriter.chunks(ids) {
            try db.execute(
                sql: """
                    UPDATE articles SET read = ?, read_at = ?
                    WHERE read != ? AND link_key IN (
                        SELECT link_key FROM articles WHERE id IN (\(MarkWriter.placeholders(chunk.count)))
                            AND link_key IS NOT NULL)
                        AND EXISTS (SELECT 1 FROM articles s WHERE s.id IN (\(MarkWriter.placeholders(chunk.count)))
                            AND s.link_key = articles.link_key AND s.feed_id <> articles.feed_id)
                        \(except)
                    """,
                arguments: [read, read ? now.timeIntervalSince1970 : nil, read] + StatementArguments(chunk)
                    + StatementArguments(chunk) + StatementArguments(exceptAccount.map { [$0] } ?? []))
        }
    }

    /// The link keys of the unread articles of `filter`: read before the list is marked read, so
    /// that `markRead(keys:)` then marks their copies.
    static func unreadKeys(_ db: Database, _ filter: ArticleFilter) throws -> [Int64] {
        try Int64.fetchAll(
            db,
            sql: """
                SELECT DISTINCT a.link_key FROM articles a
                WHERE a.read = 0 AND a.link_key IS NOT NULL AND \(filter.condition.sql)
                """,
            arguments: filter.condition.arguments)
    }

    /// Marks read every unread article with one of these link keys.
    static func markRead(_ db: Database, keys: [Int64], now: Date) throws {
        for chunk in MarkWriter.chunks(keys) {
            try db.execute(
                sql: """
                    UPDATE articles SET read = 1, read_at = ?
                    WHERE read = 0 AND link_key IN (\(MarkWriter.placeholders(chunk.count)))
                    """,
                arguments: [now.timeIntervalSince1970] + StatementArguments(chunk))
        }
    }

    /// The titles of the other feeds that carry a copy of the article `id`, by title.
    static func otherFeeds(_ db: Database, of id: Int64) throws -> [String] {
        try String.fetchAll(
            db.cachedStatement(sql: """
                SELECT DISTINCT f.display_title FROM articles o JOIN articles c ON c.link_key = o.link_key
                    JOIN feeds f ON f.id = c.feed_id
                WHERE o.id = ? AND o.link_key IS NOT NULL AND c.feed_id <> o.feed_id
                ORDER BY f.display_title COLLATE NOCASE
                """),
            arguments: [id])
    }
}
