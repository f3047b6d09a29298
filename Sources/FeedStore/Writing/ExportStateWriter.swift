import Foundation
import GRDB

/// Named export states: which articles each `--state NAME` has exported.
enum ExportStateWriter {
    /// Records `articleIDs` as exported by `name` (creating the state), skipping articles deleted
    /// meanwhile; with `markRead`, marks them read in the same transaction.
    static func advance(
        _ db: Database, name: String, through articleIDs: [Int64], markRead: Bool, now: Date, copies: Bool = false
    ) throws {
        let seconds = now.timeIntervalSince1970
        try db.execute(
            sql: """
                INSERT INTO export_states (name, created_at, last_export_at) VALUES (?, ?, ?)
                ON CONFLICT (name) DO UPDATE SET last_export_at = excluded.last_export_at
                """,
            arguments: [name, seconds, seconds])
        guard let stateID = try Int64.fetchOne(
            db, sql: "SELECT id FROM export_states WHERE name = ?", arguments: [name])
        else { return }
        for chunk in MarkWriter.chunks(articleIDs) {
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO export_marks (state_id, article_id)
                    SELECT ?, id FROM articles WHERE id IN (\(MarkWriter.placeholders(chunk.count)))
                    """,
                arguments: [stateID] + StatementArguments(chunk))
        }
        if markRead { _ = try MarkWriter.setRead(db, true, ids: articleIDs, now: now, copies: copies) }
    }

    static func states(_ db: Database) throws -> [ExportState] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT s.name AS name, s.created_at AS created_at, s.last_export_at AS last_export_at,
                    (SELECT count(*) FROM export_marks m WHERE m.state_id = s.id) AS exported_count
                FROM export_states s ORDER BY s.name
                """
        ).map {
            ExportState(
                name: $0["name"], createdAt: Date(timeIntervalSince1970: $0["created_at"]),
                lastExportAt: FeedReader.date($0["last_export_at"]), exportedCount: $0["exported_count"])
        }
    }
}
