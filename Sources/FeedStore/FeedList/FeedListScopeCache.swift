import Foundation
import GRDB

/// The feeds a feed list file names, remembered per file version (`FeedListStamp`) by the sync that
/// read it, so that `count`, `export` and the reader find a list's scope without parsing the list and
/// resolving each of its URLs again, which is slow for long lists. Inside the caller's transaction.
///
/// A row holds while the list file is the same version and the feeds are as that sync left them:
/// triggers (`Schema`, `v8-feed-list-scopes`) delete every row when a feed is added or deleted,
/// changes its URL, title or refresh interval, or its tags or aliases change; the sync then writes
/// its own row after its changes. So a hit means that syncing again would change nothing but when
/// the feeds were last listed, which `confirm` records as the sync does (at most once an hour).
enum FeedListScopeCache {
    /// Bumped when the way a list's URLs resolve to feeds changes, or what a row holds, so that older
    /// rows no longer match (2: places hold the whole folder path, not only the outermost folder).
    static let format = 2

    /// `last_listed_at` is written at most this often per feed, as `FeedWriter.sync` does.
    static let listedInterval: TimeInterval = 3600

    /// The ids of the feeds the list version `stamp` names, in list order, and the oldest time one of
    /// them was recorded as listed; nil when no valid row matches.
    static func lookup(_ db: Database, _ stamp: FeedListStamp) throws -> (ids: [Int64], listedAt: Double)? {
        guard let row = try Row.fetchOne(
            db,
            sql: """
                SELECT feed_ids, listed_at FROM feed_list_scopes
                WHERE path = ? AND device = ? AND inode = ? AND size = ? AND modified = ? AND changed = ?
                    AND content_hash = ? AND format = ?
                """,
            arguments: [
                stamp.path, stamp.device, stamp.inode, stamp.size, stamp.modified, stamp.changed, stamp.contentHash,
                format,
            ])
        else { return nil }
        guard let ids = decode(row["feed_ids"]) else { return nil }
        return (ids, row["listed_at"])
    }

    /// Remembers that the list version `stamp` names the feeds `ids` (in list order), after a sync
    /// recorded them as listed: `listed_at` is the oldest `last_listed_at` among them, so that a later
    /// sync skipped for an unchanged list writes exactly when a full one would.
    static func record(
        _ db: Database, _ stamp: FeedListStamp, ids: [Int64], places: [FeedListPlace], now: Date
    ) throws {
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO feed_list_scopes
                    (path, device, inode, size, modified, changed, content_hash, format, feed_ids, places, listed_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                stamp.path, stamp.device, stamp.inode, stamp.size, stamp.modified, stamp.changed, stamp.contentHash,
                format, encode(ids), FeedListPlace.encode(places),
                try oldestListing(db, ids) ?? now.timeIntervalSince1970,
            ])
    }

    /// SQLite's count of commits by other connections, as this connection sees it.
    static func dataVersion(_ db: Database) throws -> Int? {
        try Int.fetchOne(db, sql: "PRAGMA data_version")
    }

    /// `record` in a transaction of its own, right after the sync that found `ids` committed on this
    /// connection: only when no other connection committed since (`dataVersion` read inside the sync's
    /// transaction, `version`, and again once this one holds the write lock), and not when a valid row
    /// already says the same.
    static func recordAfterSync(
        _ db: Database, _ stamp: FeedListStamp, ids: [Int64], places: [FeedListPlace], syncedAt version: Int,
        now: Date
    ) throws {
        try db.inTransaction(.immediate) {
            guard try dataVersion(db) == version else { return .rollback }
            if let existing = try lookup(db, stamp), existing.ids == ids,
               existing.listedAt >= now.timeIntervalSince1970 - listedInterval
            {
                return .rollback
            }
            try record(db, stamp, ids: ids, places: places, now: now)
            return .commit
        }
    }

    /// The places of the list version `stamp` in file order, when a valid row matches.
    static func places(_ db: Database, _ stamp: FeedListStamp) throws -> [FeedListPlace]? {
        let data = try Row.fetchOne(
            db,
            sql: """
                SELECT places FROM feed_list_scopes
                WHERE path = ? AND device = ? AND inode = ? AND size = ? AND modified = ? AND changed = ?
                    AND content_hash = ? AND format = ?
                """,
            arguments: [
                stamp.path, stamp.device, stamp.inode, stamp.size, stamp.modified, stamp.changed, stamp.contentHash,
                format,
            ]
        ).map { $0["places"] as Data? }
        guard let data else { return nil }
        return FeedListPlace.decode(data)
    }

    /// The oldest `last_listed_at` of the feeds `ids`; nil when there is none.
    private static func oldestListing(_ db: Database, _ ids: [Int64]) throws -> Double? {
        guard !ids.isEmpty else { return nil }
        return try Double.fetchOne(
            db, sql: "SELECT min(ifnull(last_listed_at, 0)) FROM feeds WHERE id IN (\(FeedScope.sqlList(ids)))")
    }

    /// For a sync that found its list unchanged: records that the list names its feeds (`last_listed_at`
    /// of feeds not recorded within the hour) and returns their ids; nil when the row no longer holds
    /// (the caller then syncs in full).
    static func confirm(_ db: Database, _ stamp: FeedListStamp, now: Date) throws -> [Int64]? {
        guard let (ids, _) = try lookup(db, stamp) else { return nil }
        let seconds = now.timeIntervalSince1970
        if !ids.isEmpty {
            try db.execute(
                sql: """
                    UPDATE feeds SET last_listed_at = ?
                    WHERE id IN (\(FeedScope.sqlList(ids))) AND (last_listed_at IS NULL OR last_listed_at < ?)
                    """,
                arguments: [seconds, seconds - listedInterval])
        }
        try db.execute(
            sql: "UPDATE feed_list_scopes SET listed_at = ? WHERE path = ?",
            arguments: [try oldestListing(db, ids) ?? seconds, stamp.path])
        return ids
    }

    /// Ids as 8-byte little-endian integers, one after the other.
    static func encode(_ ids: [Int64]) -> Data {
        var data = Data(capacity: ids.count * 8)
        for id in ids {
            withUnsafeBytes(of: id.littleEndian) { data.append(contentsOf: $0) }
        }
        return data
    }

    /// The ids of `encode` (a list naming no feed may read back as NULL); nil for a blob that is not
    /// whole 8-byte integers.
    static func decode(_ data: Data?) -> [Int64]? {
        guard let data else { return [] }
        guard data.count % 8 == 0 else { return nil }
        return data.withUnsafeBytes { bytes in
            (0..<data.count / 8).map { Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: $0 * 8, as: Int64.self)) }
        }
    }
}
