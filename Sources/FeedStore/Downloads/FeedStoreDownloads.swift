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
                added += try Self.downloads(db, where: "id = ?", [db.lastInsertedRowID])
            }
            return added
        }
    }

    /// The queue in the order entries were added; only those in `states` when given.
    public func downloads(in states: [DownloadState]? = nil) throws -> [StoredDownload] {
        try pool.read { db in
            guard let states else { return try Self.downloads(db, where: "1", []) }
            let marks = states.map { _ in "?" }.joined(separator: ", ")
            return try Self.downloads(db, where: "state IN (\(marks))", StatementArguments(states.map(\.rawValue)))
        }
    }

    public func download(id: Int64) throws -> StoredDownload? {
        try pool.read { db in try Self.downloads(db, where: "id = ?", [id]).first }
    }

    /// Stores the entry's state, sizes, file name, validators and failure; false when the entry is no
    /// longer in the queue (cancelled meanwhile).
    @discardableResult
    public func updateDownload(_ download: StoredDownload, now: Date = Date()) throws -> Bool {
        try pool.write { db in
            try db.execute(
                sql: """
                    UPDATE downloads SET state = ?, bytes_done = ?, bytes_total = ?, file_path = ?, etag = ?,
                        last_modified = ?, failure = ?, updated_at = ?,
                        finished_at = CASE WHEN ? = 'done' THEN ? ELSE finished_at END
                    WHERE id = ?
                    """,
                arguments: [
                    download.state.rawValue, download.bytesDone, download.bytesTotal, download.filePath, download.etag,
                    download.lastModified, download.failure, now.timeIntervalSince1970, download.state.rawValue,
                    now.timeIntervalSince1970, download.id,
                ])
            return db.changesCount > 0
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
        try Row.fetchAll(db, sql: "SELECT * FROM downloads WHERE \(condition) ORDER BY id", arguments: arguments).map { row in
            StoredDownload(
                id: row["id"], articleID: row["article_id"], url: row["url"], articleTitle: row["article_title"],
                feedTitle: row["feed_title"],
                published: (row["published"] as Double?).map { Date(timeIntervalSince1970: $0) },
                mimeType: row["mime_type"], queuedAt: Date(timeIntervalSince1970: row["queued_at"]),
                state: DownloadState(rawValue: row["state"]) ?? .failed, bytesDone: row["bytes_done"],
                bytesTotal: row["bytes_total"], filePath: row["file_path"], etag: row["etag"],
                lastModified: row["last_modified"], failure: row["failure"])
        }
    }
}
