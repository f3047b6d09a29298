import Foundation

/// Removes what a schema upgrade killed while copying the database left behind: the unfinished copy
/// `tidings.db.bak-vN.tmp-PID` (`SchemaUpgrade.keepCopy`) and SQLite's files beside it (`-journal`,
/// `-wal`, `-shm`), only of this naming and only when process PID is gone, so a copy another
/// process is still making is never touched. Finished copies (`tidings.db.bak-vN`) are kept.
enum UpgradeLeftovers {
    /// Removes the leftovers beside the database at `path`; failures are ignored (nothing depends on it).
    static func remove(besides path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let prefix = (path as NSString).lastPathComponent + ".bak-v"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)
        else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = ownerPID(String(name.dropFirst(prefix.count))), pid != getpid(), !isAlive(pid) else {
                continue
            }
            unlink(folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name))
        }
    }

    /// The PID in `N.tmp-PID` or `N.tmp-PID-journal` (also `-wal`, `-shm`); nil for any other name.
    static func ownerPID(_ rest: String) -> pid_t? {
        let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy(\.isASCIIDigitCharacter),
            parts[1].hasPrefix("tmp-")
        else { return nil }
        var tail = parts[1].dropFirst(4)
        for suffix in ["-journal", "-wal", "-shm"] where tail.hasSuffix(suffix) {
            tail = tail.dropLast(suffix.count)
        }
        guard !tail.isEmpty, tail.count <= 10, tail.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
        return pid_t(tail)
    }

    /// Whether a process `pid` exists (one of another user counts too: EPERM).
    private static func isAlive(_ pid: pid_t) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }
}

extension Character {
    fileprivate var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
