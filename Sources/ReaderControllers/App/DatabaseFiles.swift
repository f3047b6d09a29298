import Foundation
import TidingsText

/// The database file and SQLite's companions (`-wal`, `-shm`, `-journal`), looked at before SQLite
/// opens them and again when it could not, so that a message names the file at fault and why,
/// instead of SQLite's "disk I/O error" or "attempt to write a readonly database".
struct DatabaseFiles {
    let database: String

    /// The companions with how a message names them.
    private var files: [(path: String, role: String)] {
        [
            (database, "the database"),
            (database + "-wal", "its write-ahead log"),
            (database + "-shm", "its shared-memory index"),
            (database + "-journal", "its rollback journal"),
        ]
    }

    /// Refuses a database or companion that exists and is not a regular file (a FIFO, which SQLite
    /// would block on or call an I/O error; a socket, a device, a folder). Looked at with `stat`,
    /// which neither opens nor blocks.
    func checkKinds() throws(EnvironmentError) {
        for (path, role) in files {
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            let type = info.st_mode & S_IFMT
            if type == S_IFREG { continue }
            if path == database, type == S_IFDIR { throw .databaseIsDirectory(path: path) }
            throw .notAFile(path: path, role: role, kind: SpecialFile.kind(of: info.st_mode) ?? "not a regular file")
        }
    }

    /// Why SQLite could not open or write the database, when a companion or the folder is the cause:
    /// one that is not writable by this account (left by a run as another user), named with its owner.
    func unwritableReason() -> String? {
        for (path, role) in files {
            var info = stat()
            guard stat(path, &info) == 0, access(path, W_OK) != 0 else { continue }
            let immutable = errno == EPERM
            let owner = "(owner uid \(info.st_uid), mode \(String(info.st_mode & 0o7777, radix: 8)))"
            // Only the shared-memory index is safe to remove: the log and journal may hold saved changes.
            let advice = immutable ? "make it mutable again (chattr -i)"
                : path.hasSuffix("-shm") ? "remove it (it holds nothing while no Tidings runs) or give it to this account"
                : "give it to this account (chown); do not remove it"
            return "\(role) \(path) \(immutable ? "is immutable" : "is not writable by this account") \(owner); \(advice)"
        }
        let folder = (database as NSString).deletingLastPathComponent
        if access(folder.isEmpty ? "." : folder, W_OK) != 0 {
            return "its folder \(folder.isEmpty ? "." : folder) is not writable by this account"
        }
        return nil
    }
}
