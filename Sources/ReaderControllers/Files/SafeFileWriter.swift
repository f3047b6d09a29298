import Foundation

/// Replaces a small file so that no failure can leave it half written: the new bytes go to a temporary
/// file in the same folder (with the old file's permissions), are flushed to disk, and are renamed over
/// the old file; the old version is kept as `backup` (a hard link, else a copy) once the new one is in
/// place. A failure at any step removes the temporary files and leaves the file and its backup as they
/// were.
enum SafeFileWriter {
    /// Why a replacement failed, in the system's words.
    struct Failure: Error {
        let reason: String
        /// The errno behind it, 0 when none.
        var code: Int32 = 0
    }

    static func replace(_ path: String, with data: Data, backup: String?) throws(Failure) {
        var info = stat()
        let exists = stat(path, &info) == 0
        let temporary = try write(data, besides: path, mode: exists ? info.st_mode & 0o7777 : nil)
        var keptOld: String?
        if exists, let backup {
            // Link the old version under a temporary name first: the backup is only replaced once the
            // new list is in place.
            let staged = temporaryName(for: backup)
            if link(path, staged) == 0 {
                keptOld = staged
            } else if let old = try? Data(contentsOf: URL(fileURLWithPath: path)),
                let copied = try? write(old, besides: backup, mode: info.st_mode & 0o7777)
            {
                keptOld = copied
            } else {
                unlink(temporary)
                throw Failure(reason: "cannot keep the previous version as \(backup): \(String(cString: strerror(errno)))")
            }
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            if let keptOld { unlink(keptOld) }
            throw Failure(reason: String(cString: strerror(code)), code: code)
        }
        if let keptOld, let backup, rename(keptOld, backup) != 0 { unlink(keptOld) }
        syncFolder(of: path)
    }

    /// Writes `data` to a new temporary file beside `path`, flushed to disk; returns its path.
    private static func write(_ data: Data, besides path: String, mode: mode_t?) throws(Failure) -> String {
        let temporary = temporaryName(for: path)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            let code = errno
            throw Failure(reason: String(cString: strerror(code)), code: code)
        }
        if let mode { fchmod(fd, mode) }
        var failure: Int32 = 0
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let n = Foundation.write(fd, base + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
            }
        }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw Failure(reason: String(cString: strerror(failure)), code: failure)
        }
        return temporary
    }

    private static func temporaryName(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(suffix).tmp").path
    }

    /// Flushes the folder's entries, so the rename survives a power cut.
    private static func syncFolder(of path: String) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
