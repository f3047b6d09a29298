import Foundation

/// The lock that keeps two refreshes of one database apart: an exclusive flock(2) on a file next to
/// the database, held from `acquire` until `release` (or the process ends, even by SIGKILL, since the
/// kernel drops flock locks with the descriptor). Readers never take it.
///
/// Threading: not shared; one refresh owns its lock.
final class RefreshLock {
    private var descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        release()
    }

    /// Takes the lock at `path`; without `wait` throws `RefreshError.locked` when another process holds
    /// it, with `wait` polls until it is free (task cancellation stops the wait).
    static func acquire(path: String, wait: Bool) async throws -> RefreshLock {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw RefreshError.lockFailed(path: path, reason: String(cString: strerror(errno)))
        }
        while true {
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { return RefreshLock(descriptor: fd) }
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else {
                close(fd)
                throw RefreshError.lockFailed(path: path, reason: String(cString: strerror(code)))
            }
            guard wait else {
                close(fd)
                throw RefreshError.locked(path: path)
            }
            do {
                try await Task.sleep(for: .milliseconds(50))
            } catch {
                close(fd)
                throw error
            }
        }
    }

    func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }
}
