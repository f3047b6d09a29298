import Foundation

/// The temporary files an export to one output file writes (`.NAME.SUFFIX.tmp` beside it, SUFFIX a
/// random base-36 number), and the removal of those a killed export left behind. A live export holds
/// an exclusive `flock` on its temporary file until it is renamed into place, so a file of this
/// naming that can be locked belongs to no running export; the lock dies with its process.
struct ExportTemporaries {
    let folder: String
    /// The output file's name.
    let target: String

    /// The temporary file's path for `suffix`.
    func path(suffix: String) -> String {
        (folder as NSString).appendingPathComponent(".\(target).\(suffix).tmp")
    }

    /// Removes the temporary files of this output that no running export holds.
    func removeStale() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where isOurs(name) {
            removeIfUnlocked((folder as NSString).appendingPathComponent(name))
        }
    }

    /// Takes the lock on a temporary file just created as `fd`; false (the descriptor closed) when a
    /// cleaner removed it between its creation and the lock, so another name must be tried.
    static func claim(_ fd: Int32) -> Bool {
        var info = stat()
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { break }
        }
        guard fstat(fd, &info) == 0, info.st_nlink > 0 else {
            close(fd)
            return false
        }
        return true
    }

    /// `.TARGET.SUFFIX.tmp` with SUFFIX 1 to 13 base-36 digits: what `path(suffix:)` makes.
    func isOurs(_ name: String) -> Bool {
        let prefix = ".\(target)."
        guard name.hasPrefix(prefix), name.hasSuffix(".tmp") else { return false }
        let suffix = name.dropFirst(prefix.count).dropLast(4)
        return (1...13).contains(suffix.count)
            && suffix.allSatisfy { ("0"..."9").contains($0) || ("a"..."z").contains($0) }
    }

    private func removeIfUnlocked(_ path: String) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var opened = stat()
        var named = stat()
        guard fstat(fd, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG, flock(fd, LOCK_EX | LOCK_NB) == 0,
            lstat(path, &named) == 0, named.st_dev == opened.st_dev, named.st_ino == opened.st_ino
        else { return }
        unlink(path)
    }
}
