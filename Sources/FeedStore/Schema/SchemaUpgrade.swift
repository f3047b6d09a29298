import Foundation
import GRDB

/// Brings a database to the current schema without risking it. When there is something to migrate in
/// a database that already holds tables, a copy is kept first beside it (`tidings.db.bak-vN`, N the
/// number of migrations it had, made with SQLite's backup API so that what only the WAL file holds
/// is in it too); then every pending migration runs in one transaction, so that a failure leaves the
/// database exactly as it was. The copy stays until the next upgrade succeeds, which removes it.
/// A new, empty database is migrated without a copy.
enum SchemaUpgrade {
    /// Upgrades the database at `path` (created when missing) through a connection of its own, which
    /// writes nothing when there is nothing to migrate.
    static func run(path: String) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.label = "SchemaUpgrade"
        // A new file gets 16 KB pages (an existing file keeps its own): article bodies and full-text
        // segments are kilobytes long and would spill into chains of overflow pages with small ones.
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA page_size = 16384")
            // The index's view ("v6-compact-search") computes the search text with them.
            SearchFunctions.register(db)
            ArticleIdentity.registerFunctions(db)
            db.add(function: BodyDictionary.partsFunction)
        }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        UpgradeLeftovers.remove(besides: path)
        let (applied, hasTables, userVersion) = try queue.read { db in
            let applied = try db.tableExists("grdb_migrations")
                ? try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") : []
            let tables = try Int.fetchOne(
                db, sql: "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'") ?? 0
            return (Set(applied), tables > 0, try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0)
        }
        try refuseNewer(path: path, applied: applied, userVersion: userVersion)
        guard Schema.migrations.contains(where: { !applied.contains($0.identifier) }) else { return }
        let version = applied.count
        let backup = hasTables ? try keepCopy(queue, path: path, version: version) : nil
        do {
            try migrate(queue)
        } catch {
            let reason = (error as? DatabaseError)?.message ?? "\(error)"
            throw FeedStoreError.upgradeFailed(path: path, version: version, backup: backup, reason: reason)
        }
        removeOlderCopies(of: path, keeping: backup)
    }

    /// Throws `FeedStoreError.newerSchema` when a newer Tidings made the database: it recorded a
    /// migration this version does not know, or a `user_version` beyond this version's migrations
    /// (Tidings leaves it at 0). Its tables may mean what this version cannot know, so nothing
    /// opens it, not even to read.
    private static func refuseNewer(path: String, applied: Set<String>, userVersion: Int) throws {
        let known = Set(Schema.migrations.map(\.identifier))
        guard !applied.isSubset(of: known) || userVersion > known.count else { return }
        throw FeedStoreError.newerSchema(path: path, version: max(applied.count, userVersion))
    }

    /// The name of the copy kept before upgrading the database at `path` from `version` migrations.
    static func copyPath(of path: String, version: Int) -> String {
        "\(path).bak-v\(version)"
    }

    /// Runs the pending migrations (read again inside the transaction: another process may have run
    /// them meanwhile) in one transaction, foreign keys checked before it commits.
    private static func migrate(_ queue: DatabaseQueue) throws {
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
            try db.inTransaction(.immediate) {
                try db.execute(sql: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
                let applied = Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
                for migration in Schema.migrations where !applied.contains(migration.identifier) {
                    try migration.migrate(db)
                    try db.execute(
                        sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [migration.identifier])
                }
                if let row = try Row.fetchOne(db, sql: "PRAGMA foreign_key_check") {
                    throw FeedStoreError.inconsistent("a row of \(row["table"] as String? ?? "?") refers to nothing")
                }
                return .commit
            }
        }
    }

    /// Copies the database (a temporary file, renamed into place when complete); returns the copy's path.
    private static func keepCopy(_ queue: DatabaseQueue, path: String, version: Int) throws -> String {
        let target = copyPath(of: path, version: version)
        let temporary = "\(target).tmp-\(getpid())"
        unlink(temporary)
        do {
            let copy = try DatabaseQueue(path: temporary)
            try queue.backup(to: copy)
            try copy.close()
            guard rename(temporary, target) == 0 else {
                throw FeedStoreError.inconsistent(String(cString: strerror(errno)))
            }
        } catch {
            unlink(temporary)
            let reason = (error as? DatabaseError)?.message ?? "\(error)"
            throw FeedStoreError.upgradeCopyFailed(path: path, copy: target, reason: reason)
        }
        return target
    }

    /// Removes the copies earlier upgrades kept (`path.bak-vN` other than `keeping`).
    private static func removeOlderCopies(of path: String, keeping: String?) {
        let folder = (path as NSString).deletingLastPathComponent
        let prefix = (path as NSString).lastPathComponent + ".bak-v"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)
        else { return }
        for name in names where name.hasPrefix(prefix) && Int(name.dropFirst(prefix.count)) != nil {
            let copy = folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
            if copy != keeping { unlink(copy) }
        }
    }
}
