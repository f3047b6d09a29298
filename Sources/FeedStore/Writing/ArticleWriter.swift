import FeedModel
import Foundation
import GRDB

/// Writes a fetched feed document into the store inside the caller's transaction: matches entries to
/// stored articles (rules in `ArticleIdentity`), inserts new ones, updates changed ones in place
/// without touching their marks, keeps the full-text index in step, and updates the feed's row.
///
/// The index (`article_search`, external content over the stored columns: `SearchFunctions`) gets an
/// article's entries in the same transaction as the article, so every stored article is findable the
/// moment it is committed. A changed article's old entries are removed before its row and body
/// change, while the view still gives the text they were made from.
///
/// The new entries of the whole document are added together, after its articles and bodies: FTS5
/// keeps them in memory until something flushes them, and SQLite's statement savepoints do (an
/// `INSERT OR REPLACE`, a write checked by a foreign key). Added between such statements, each
/// article became an index segment of its own that FTS5 then kept merging: a quarter of a cold
/// refresh's processor time. Added together, a document's entries make one segment (a group of
/// documents stored in one transaction, one segment for the group).
enum ArticleWriter {
    static let contentColumns = [
        "identity", "identity_hash", "url_hash", "guid", "url", "external_url", "title", "authors", "published", "updated",
        "content_type", "image", "comments", "language", "enclosures", "tags", "content_hash", "link_key",
        "podcast",
    ]

    private static let insertSQL = """
        INSERT INTO articles (feed_id, \(contentColumns.joined(separator: ", ")), sort_date, first_seen_at,
            seen_in_apply)
        VALUES (?, \(Array(repeating: "?", count: contentColumns.count).joined(separator: ", ")), ?, ?, ?)
        """
    private static let updateSQL = """
        UPDATE articles SET \(contentColumns.map { "\($0) = ?" }.joined(separator: ", ")),
            sort_date = coalesce(?, sort_date), seen_in_apply = ?
        WHERE id = ?
        """

    private struct Match {
        static let select = "SELECT id, identity, content_hash, url FROM articles"

        let id: Int64
        /// The identity key (`ArticleIdentity.key(stored:url:)`).
        let identity: String
        let contentHash: Int64
        let url: String?

        init?(_ row: Row, _ columns: Columns) {
            let url: String? = row[columns.url]
            guard let identity = ArticleIdentity.key(stored: row[columns.identity], url: url) else { return nil }
            id = row[columns.id]
            self.identity = identity
            contentHash = row[columns.contentHash]
            self.url = url
        }

        /// Where a statement put the columns of `select`, looked up by name once.
        struct Columns {
            let id, identity, contentHash, url: Int

            init(_ statement: Statement) throws {
                id = try statement.position(of: "id")
                identity = try statement.position(of: "identity")
                contentHash = try statement.position(of: "content_hash")
                url = try statement.position(of: "url")
            }
        }
    }

    /// A document's entries turned into column values, deduplicated by identity: built before the
    /// write transaction, on the caller's thread, so that the serialised writer only runs SQL.
    struct Prepared {
        let incoming: [IncomingArticle]
        let seenIdentities: Set<String>
        let urlCounts: [String: Int]
        /// The dictionary the bodies were compressed with; its row is written with them when new.
        let dictionary: BodyDictionary?

        init(_ feed: Feed, fetchedAt: Double, dictionary: BodyDictionary? = nil) {
            var seenIdentities = Set<String>(minimumCapacity: feed.items.count)
            let compressor = dictionary.flatMap(DictionaryCompressor.init)
            var incoming: [IncomingArticle] = []
            incoming.reserveCapacity(feed.items.count)
            for item in feed.items {
                let article = IncomingArticle(item, fetchedAt: fetchedAt, dictionary: compressor)
                if seenIdentities.insert(article.identity).inserted { incoming.append(article) }
            }
            self.incoming = incoming
            var dictionary = compressor?.dictionary
            if let compressor, dictionary?.id == nil { dictionary?.storedValue = compressor.compressedDictionary() }
            self.dictionary = dictionary
            var urlCounts: [String: Int] = [:]
            for item in incoming { if let key = item.urlKey { urlCounts[key, default: 0] += 1 } }
            self.seenIdentities = seenIdentities
            self.urlCounts = urlCounts
        }
    }

    /// Stores the document. With `incomplete` (why the response was cut off) it only inserts the new
    /// articles: known ones are neither updated nor counted as seen, and the feed's row keeps its
    /// title, validators, body hash and apply count (so retention still keeps the last whole
    /// document's articles); the fetch is recorded as failed with that reason. `imported` (articles
    /// brought from another reader) inserts the same way and leaves the feed's row as it is; the
    /// result then gives the stored article of each incoming entry (`storedIDs`).
    static func apply(
        _ db: Database, feedID: Int64, feed: Feed, prepared: Prepared, fetch: FetchRecord,
        ignoring rules: IgnoreRules = .none, incomplete: String? = nil, imported: Bool = false
    ) throws -> ApplyResult {
        let staged = try stage(
            db, feedID: feedID, feed: feed, prepared: prepared, fetch: fetch, incomplete: incomplete, imported: imported,
            marksIgnored: !rules.rules.isEmpty)
        try index(db, staged)
        return try finish(db, staged, ignoring: rules)
    }

    /// Several documents, each stored as `apply` stores it, in the caller's one transaction. Their
    /// index entries are added together after every document's rows, so that the group makes one
    /// index segment (a statement savepoint of the next document would flush them as one per feed).
    static func apply(
        _ db: Database, group: [(feedID: Int64, feed: Feed, prepared: Prepared, fetch: FetchRecord, incomplete: String?)],
        ignoring rules: IgnoreRules
    ) throws -> [ApplyResult] {
        let staged = try group.map {
            try stage(
                db, feedID: $0.feedID, feed: $0.feed, prepared: $0.prepared, fetch: $0.fetch, incomplete: $0.incomplete,
                marksIgnored: !rules.rules.isEmpty)
        }
        for document in staged { try index(db, document) }
        return try staged.map { try finish(db, $0, ignoring: rules) }
    }

    /// A document's rows written, its index entries and the feed's row not yet.
    private struct Staged {
        let feedID: Int64
        let feed: Feed
        let fetch: FetchRecord
        let incomplete: String?
        let imported: Bool
        let generation: Int64
        let newIDs: [Int64]
        let storedIDs: [Int64]
        /// The articles whose text goes into the index.
        let indexed: [(id: Int64, item: IncomingArticle)]
        /// The stored articles the ignore rules look at.
        let stored: [IgnoreWriter.Incoming]
        let updated: Int
        let unchanged: Int
    }

    /// The articles and bodies of the document written, and its new articles counted and flagged.
    private static func stage(
        _ db: Database, feedID: Int64, feed: Feed, prepared: Prepared, fetch: FetchRecord,
        incomplete: String?, imported: Bool = false, marksIgnored: Bool
    ) throws -> Staged {
        // A feed with no stored article (its first fetch: most of a cold refresh) cannot match any
        // entry (they are distinct by identity, and a link is only matched when one entry has it), so
        // the two look-ups per entry are skipped.
        guard let state = try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT apply_count, EXISTS (SELECT 1 FROM articles WHERE feed_id = ?1) AS has_articles
                    FROM feeds WHERE id = ?1
                    """),
            arguments: [feedID])
        else { throw FeedStoreError.feedNotFound(feedID) }
        let applyCount: Int64 = state["apply_count"]
        let hasArticles: Bool = state["has_articles"]
        let onlyNew = incomplete != nil || imported
        let generation = onlyNew ? applyCount : applyCount + 1
        var storedIDs: [Int64] = []
        let fetchedAt = fetch.fetchedAt.timeIntervalSince1970
        let incoming = prepared.incoming
        let seenIdentities = prepared.seenIdentities
        let urlCounts = prepared.urlCounts

        // By the identity key's hash; of what that finds, the article with the same key.
        let byIdentity = try db.cachedStatement(sql: "\(Match.select) WHERE feed_id = ? AND identity_hash = ?")
        // By the link's hash; of what that finds, the articles whose link has the same key.
        let byURL = try db.cachedStatement(sql: "\(Match.select) WHERE feed_id = ? AND url_hash = ?")
        let identityColumns = try Match.Columns(byIdentity)
        let urlColumns = try Match.Columns(byURL)
        let insert = try db.cachedStatement(sql: insertSQL)
        let update = try db.cachedStatement(sql: updateSQL)
        let touch = try db.cachedStatement(sql: "UPDATE articles SET seen_in_apply = ? WHERE id = ?")
        let writeBody = try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO article_bodies (article_id, summary, content, dictionary_id)
                VALUES (?, ?, ?, ?)
                """)
        let dictionaryID = try prepared.dictionary?.stored(db, feedID: feedID).id
        let deleteSearch = try db.cachedStatement(sql: "DELETE FROM article_search WHERE rowid = ?")

        var newIDs: [Int64] = []
        // The articles whose text goes into the index once the loop has stored them all.
        var indexed: [(id: Int64, item: IncomingArticle)] = []
        indexed.reserveCapacity(incoming.count)
        var stored: [IgnoreWriter.Incoming] = []
        var updated = 0
        var unchanged = 0
        var claimed = Set<Int64>()
        for item in incoming {
            var match = hasArticles
                ? try Row.fetchAll(byIdentity, arguments: [feedID, ArticleIdentity.identityHash(item.identity)])
                    .lazy.compactMap { Match($0, identityColumns) }.first { $0.identity == item.identity } : nil
            if hasArticles, match == nil, let key = item.urlKey, urlCounts[key] == 1 {
                let candidates = try Row.fetchAll(byURL, arguments: [feedID, ArticleIdentity.urlHash(key)])
                    .compactMap { Match($0, urlColumns) }.filter { ArticleIdentity.urlKey(stored: $0.url) == key }
                if candidates.count == 1, let candidate = candidates.first,
                   !seenIdentities.contains(candidate.identity), !claimed.contains(candidate.id) {
                    match = candidate
                }
            }
            if let match {
                claimed.insert(match.id)
                if imported { storedIDs.append(match.id) }
                // A cut-off document may hold a known article cut short: what is stored stays.
                if onlyNew {
                    unchanged += 1
                } else if match.contentHash == item.contentHash && match.identity == item.identity {
                    try touch.execute(arguments: [generation, match.id])
                    unchanged += 1
                } else {
                    // First, while the view still gives the text the entries were made from.
                    try deleteSearch.execute(arguments: [match.id])
                    try update.execute(arguments: StatementArguments(
                        item.contentValues + [item.datedSortDate, generation, match.id]))
                    try writeBody.execute(arguments: [match.id, item.storedSummary, item.storedContent, dictionaryID])
                    indexed.append((match.id, item))
                    if marksIgnored { stored.append(IgnoreWriter.Incoming(item, id: match.id)) }
                    updated += 1
                }
            } else {
                try insert.execute(arguments: StatementArguments(
                    [feedID] + item.contentValues + [item.datedSortDate ?? fetchedAt, fetchedAt, generation]))
                let id = db.lastInsertedRowID
                if imported { storedIDs.append(id) }
                try writeBody.execute(arguments: [id, item.storedSummary, item.storedContent, dictionaryID])
                indexed.append((id, item))
                newIDs.append(id)
                if marksIgnored { stored.append(IgnoreWriter.Incoming(item, id: id)) }
            }
        }
        // The new articles in their feed's stored counts (`FeedCountsMigration`): unread, unstarred
        // and not ignored as inserted; the rules below mark ignored ones through the counts' trigger.
        if !newIDs.isEmpty {
            try db.cachedStatement(sql: "UPDATE feed_counts SET articles = articles + ?1, unread = unread + ?1 WHERE feed_id = ?2")
                .execute(arguments: [newIDs.count, feedID])
            if try ArticleCopies.canFlag(db) { try ArticleCopies.flagNew(db, ids: newIDs) }
        }
        return Staged(
            feedID: feedID, feed: feed, fetch: fetch, incomplete: incomplete, imported: imported, generation: generation,
            newIDs: newIDs, storedIDs: storedIDs, indexed: indexed, stored: stored, updated: updated,
            unchanged: unchanged)
    }

    /// The index entries of a staged document. Before the rules: their `contains` conditions read the
    /// index. A changed article keeps its extracted full text, indexed after the body as the view gives it.
    private static func index(_ db: Database, _ staged: Staged) throws {
        let insertSearch = try db.cachedStatement(
            sql: "INSERT INTO article_search (rowid, title, author, body) VALUES (?, ?, ?, ?)")
        let fullText = staged.updated > 0
            ? try db.cachedStatement(sql: "SELECT text FROM article_full_texts WHERE article_id = ?") : nil
        for (id, item) in staged.indexed {
            var body = item.searchBody
            if let fullText, let text = try String.fetchOne(fullText, arguments: [id]) {
                body += "\n" + FullTextIndex.indexed(text)
            }
            try insertSearch.execute(arguments: [id, item.searchTitle, item.searchAuthor, body])
        }
    }

    /// The ignore rules applied to a staged and indexed document, and the feed's row updated.
    private static func finish(_ db: Database, _ staged: Staged, ignoring rules: IgnoreRules) throws -> ApplyResult {
        let (feedID, feed, fetch, generation) = (staged.feedID, staged.feed, staged.fetch, staged.generation)
        let (newIDs, updated, unchanged) = (staged.newIDs, staged.updated, staged.unchanged)
        let fetchedAt = fetch.fetchedAt.timeIntervalSince1970
        try IgnoreWriter.mark(db, staged.stored, rules: rules, now: Date(timeIntervalSince1970: fetchedAt))

        if staged.imported {
            return ApplyResult(
                new: newIDs.count, newArticleIDs: newIDs, updated: 0, unchanged: unchanged, storedIDs: staged.storedIDs)
        }
        if let incomplete = staged.incomplete {
            try db.cachedStatement(
                sql: """
                    UPDATE feeds SET last_fetch_at = ?, last_status = ?, last_error = ?,
                        consecutive_failures = consecutive_failures + 1, next_fetch_at = ?
                    WHERE id = ?
                    """
            ).execute(arguments: [
                fetchedAt, fetch.status == 0 ? nil : fetch.status, incomplete,
                fetch.nextFetchAt?.timeIntervalSince1970, feedID,
            ])
            return ApplyResult(new: newIDs.count, newArticleIDs: newIDs, updated: 0, unchanged: unchanged)
        }
        try db.cachedStatement(
            sql: """
                UPDATE feeds SET
                    feed_title = coalesce(?, feed_title), site_url = coalesce(?, site_url),
                    description = coalesce(?, description),
                    etag = ?, last_modified = ?, body_hash = ?,
                    last_fetch_at = ?, last_success_at = ?, last_status = ?, last_error = NULL,
                    consecutive_failures = 0, next_fetch_at = ?, apply_count = ?
                WHERE id = ?
                """
        ).execute(
            arguments: [
                ArticleIdentity.nonEmpty(feed.title), ArticleIdentity.nonEmpty(feed.homePageURL),
                ArticleIdentity.nonEmpty(feed.description),
                fetch.etag, fetch.lastModified, fetch.bodyHash,
                fetchedAt, fetchedAt, fetch.status, fetch.nextFetchAt?.timeIntervalSince1970, generation, feedID,
            ])
        return ApplyResult(new: newIDs.count, newArticleIDs: newIDs, updated: updated, unchanged: unchanged)
    }
}
