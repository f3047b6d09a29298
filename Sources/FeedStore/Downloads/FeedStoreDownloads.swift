import Foundation
import GRDB

// The download queue: adding enclosures, listing them, and recording how each download goes.
extension FeedStore {
    /// Adds each enclosure not queued yet (by URL); returns the entries added, in order.
    public func queueDownloads(_ entries: [NewDownload], now: Date = Date()) throws -> [StoredDownload] {
        try pool.write { db in
            var added: [StoredDownload] = []
            for entry in entries {
                try db.execute(
                    sql: """
                        INSERT OR IGNORE INTO downloads
                            (article_id, url, article_title, feed_title, published, mime_type, state, queued_at, updated_at)
                        VALUES (?, ?, ?, ?, ?, ?, 'queued', ?, ?)
                        """,
                    arguments: [
                        entry.articleID, entry.url, entry.articleTitle, entry.feedTitle,
                        entry.published?.timeIntervalSince1970, entry.mimeType, now.timeIntervalSince1970,
                        now.timeIntervalSince1970,
                    ])
                guard db.changesCount > 0 else { continue }
                added += try Self.downloads(db, where: "d.id = ?", [db.lastInsertedRowID])
            }
            return added
        }
    }

    /// The queue in the order entries were added; only those in `states` when given.
    public func downloads(in states: [DownloadState]? = nil) throws -> [StoredDownload] {
        try pool.read { db in
            guard let states else { return try Self.downloads(db, where: "1", []) }
            let marks = states.map { _ in "?" }.joined(separator: ", ")
            return try Self.downloads(db, where: "d.state IN (\(marks))", StatementArguments(states.map(\.rawValue)))
        }
    }

    /// The URL of every entry in the queue, by id. An id freed by a removal may be given to the
    /// next entry queued: with its URL it names one entry for good.
    public func downloadURLs() throws -> [Int64: String] {
        try pool.read { db in
            var urls: [Int64: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, url FROM downloads") { urls[row["id"]] = row["url"] }
            return urls
        }
    }

    public func download(id: Int64) throws -> StoredDownload? {
        try pool.read { db in try Self.downloads(db, where: "d.id = ?", [id]).first }
    }

    /// Stores the entry's state, sizes, file name and identity, validators and failure; false when the entry is no
    /// longer in the queue (cancelled meanwhile, its id perhaps given to another enclosure since).
    @discardableResult
    public func updateDownload(_ download: StoredDownload, now: Date = Date()) throws -> Bool {
        try pool.write { db in
            try db.execute(
                sql: """
                    UPDATE downloads SET state = ?, bytes_done = ?, bytes_total = ?, file_path = ?, etag = ?,
                        last_modified = ?, failure = ?, file_identity = ?, updated_at = ?,
                        finished_at = CASE WHEN ? = 'done' THEN ? ELSE finished_at END
                    WHERE id = ? AND url = ?
                    """,
                arguments: [
                    download.state.rawValue, download.bytesDone, download.bytesTotal, download.filePath, download.etag,
                    download.lastModified, download.failure, download.fileIdentity, now.timeIntervalSince1970, download.state.rawValue,
                    now.timeIntervalSince1970, download.id, download.url,
                ])
            return db.changesCount > 0
        }
    }

    /// The queue entry of the enclosure at `url`, if it is queued.
    public func download(url: String) throws -> StoredDownload? {
        try pool.read { db in try Self.downloads(db, where: "d.url = ?", [url]).first }
    }

    /// Marks the enclosure at `url` played now (again: the date moves), whether or not it is queued.
    public func markPlayed(url: String, articleID: Int64?, now: Date = Date()) throws {
        try pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO played_enclosures (url, article_id, played_at) VALUES (?, ?, ?)
                    ON CONFLICT(url) DO UPDATE SET played_at = excluded.played_at,
                        article_id = ifnull(excluded.article_id, article_id)
                    """,
                arguments: [url, articleID, now.timeIntervalSince1970])
        }
    }

    /// When each of `urls` was played, for those that were.
    public func playedDates(urls: [String]) throws -> [String: Date] {
        guard !urls.isEmpty else { return [:] }
        return try pool.read { db in
            let marks = urls.map { _ in "?" }.joined(separator: ", ")
            var dates: [String: Date] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT url, played_at FROM played_enclosures WHERE url IN (\(marks))",
                arguments: StatementArguments(urls))
            {
                dates[row["url"]] = Date(timeIntervalSince1970: row["played_at"])
            }
            return dates
        }
    }

    /// Removes entries from the queue (never their finished files: the caller deals with files);
    /// returns how many were removed.
    @discardableResult
    public func removeDownloads(ids: [Int64]) throws -> Int {
        try pool.write { db in
            var removed = 0
            for id in ids {
                try db.execute(sql: "DELETE FROM downloads WHERE id = ?", arguments: [id])
                removed += db.changesCount
            }
            return removed
        }
    }

    private static func downloads(_ db: Database, where condition: String, _ arguments: StatementArguments) throws
        -> [StoredDownload]
    {
        let sql = """
            SELECT d.*, p.played_at AS played_at FROM downloads d
            LEFT JOIN played_enclosures p ON p.url = d.url WHERE \(condition) ORDER BY d.id
            """
        return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
            StoredDownload(
                id: row["id"], articleID: row["article_id"], url: row["url"], articleTitle: row["article_title"],
                feedTitle: row["feed_title"],
                published: (row["published"] as Double?).map { Date(timeIntervalSince1970: $0) },
                mimeType: row["mime_type"], queuedAt: Date(timeIntervalSince1970: row["queued_at"]),
                state: DownloadState(rawValue: row["state"]) ?? .failed, bytesDone: row["bytes_done"],
                bytesTotal: row["bytes_total"], filePath: row["file_path"], etag: row["etag"],
                lastModified: row["last_modified"], failure: row["failure"], fileIdentity: row["file_identity"],
                playedAt: (row["played_at"] as Double?).map { Date(timeIntervalSince1970: $0) })
        }
    }
}
