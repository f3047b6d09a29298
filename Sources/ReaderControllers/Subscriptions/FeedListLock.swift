import Foundation

/// The lock every writer of the feed list holds while it reads the list again, applies its one change
/// and writes it: an exclusive flock(2) on `feeds.opml.lock` beside the file the list's links end at,
/// so that two lists reached through different links share one lock. The kernel drops it with the
/// descriptor, even on SIGKILL. Taking it also removes the temporaries dead writers left beside the
/// list and the config file, which only writers holding it create.
///
/// Threading: not shared; one change owns its lock, released by `release` or `deinit`.
final class FeedListLock {
    private var descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        release()
    }

    /// The lock file of the list at `listPath`.
    static func path(forList listPath: String) -> String {
        SafeFileWriter.followLinks(listPath) + ".lock"
    }

    /// Waits for the lock of the list at `listPath` (creating the list's folder when missing), then
    /// cleans the stale temporaries beside the list and beside the config file at `config` (written
    /// only under this lock, by `feeds import`).
    static func acquire(list listPath: String, config: String) throws -> FeedListLock {
        let path = path(forList: listPath)
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else {
            throw SubscriptionsError.lockFailed(path: path, reason: String(cString: strerror(errno)))
        }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let code = errno
                close(fd)
                throw SubscriptionsError.lockFailed(path: path, reason: String(cString: strerror(code)))
            }
        }
        for file in [listPath, config] { SafeFileWriter.removeStaleTemporaries(besides: file) }
        return FeedListLock(descriptor: fd)
    }

    func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }
}
