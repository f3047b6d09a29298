import Foundation

/// Replaces a small file so that no failure can leave it half written: the new bytes go to a temporary
/// file in the same folder (with the old file's permissions), are flushed to disk, and are renamed over
/// the old file; the old version is kept as `backup` (a hard link, else a copy) once the new one is in
/// place. A failure at any step removes the temporary files and leaves the file and its backup as they
/// were. A symbolic link is followed: its target is replaced and the link stays. Several files change
/// together through `stage` and `commit`: every temporary is written before the first rename.
enum SafeFileWriter {
    /// Why a replacement failed, in the system's words.
    struct Failure: Error {
        let reason: String
        /// The errno behind it, 0 when none.
        var code: Int32 = 0
    }

    /// A new version written beside its file, not yet renamed into place.
    struct Staged {
        /// The file to replace (the end of its chain of links).
        let path: String
        let temporary: String
        /// The old version under a temporary name (a hard link, else a copy): it becomes the backup,
        /// or puts the file back when a later rename of the same commit fails.
        let keptOld: String?
        let backup: String?

        /// Removes the temporaries: nothing was changed.
        func discard() {
            unlink(temporary)
            if let keptOld { unlink(keptOld) }
        }
    }

    static func replace(_ path: String, with data: Data, backup: String?) throws(Failure) {
        try commit([stage(path, with: data, backup: backup)])
    }

    /// Writes the new version of `path` (a link is followed) to a temporary file beside it, flushed,
    /// and keeps the old version aside for `backup` (nil: none kept). When `path` is a link, the
    /// backup is `TARGET.bak` beside the file it ends at, never beside the link.
    static func stage(_ path: String, with data: Data, backup: String?) throws(Failure) -> Staged {
        let target = followLinks(path)
        let backup = backup.map { target == path ? $0 : target + ".bak" }
        var info = stat()
        let exists = stat(target, &info) == 0
        let temporary = try write(data, besides: target, mode: exists ? info.st_mode & 0o7777 : nil)
        guard exists else { return Staged(path: target, temporary: temporary, keptOld: nil, backup: backup) }
        // Link the old version under a temporary name: the backup is only replaced once the new one is in place.
        let staged = temporaryName(for: backup ?? target)
        if link(target, staged) == 0 {
            return Staged(path: target, temporary: temporary, keptOld: staged, backup: backup)
        }
        if let old = try? Data(contentsOf: URL(fileURLWithPath: target)),
           let copied = try? write(old, besides: backup ?? target, mode: info.st_mode & 0o7777)
        {
            return Staged(path: target, temporary: temporary, keptOld: copied, backup: backup)
        }
        let code = errno
        unlink(temporary)
        throw Failure(reason: "cannot keep the previous version of \(target): \(String(cString: strerror(code)))", code: code)
    }

    /// Renames every staged file into place, in order. When a rename fails, the files already renamed
    /// are put back and every temporary is removed, so that all change or none.
    static func commit(_ staged: [Staged]) throws(Failure) {
        for (index, file) in staged.enumerated() where rename(file.temporary, file.path) != 0 {
            let code = errno
            for done in staged[..<index] {
                if let keptOld = done.keptOld { rename(keptOld, done.path) } else { unlink(done.path) }
            }
            staged[index...].forEach { $0.discard() }
            throw Failure(reason: String(cString: strerror(code)), code: code)
        }
        for file in staged {
            // The old version becomes the backup; without one (or when that rename fails) it goes.
            if let keptOld = file.keptOld, file.backup.map({ rename(keptOld, $0) }) != 0 { unlink(keptOld) }
            syncFolder(of: file.path)
        }
    }

    /// The file a chain of symbolic links at `path` ends at (`path` itself when it is not a link),
    /// also when that file does not exist yet (a dotfiles link made before its target).
    static func followLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let destination = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination
                : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        return current
    }

    /// Removes the temporaries of our naming beside `path` (`.NAME.PID-RANDOM.tmp`, also those of its
    /// backup) whose process is gone: a killed writer leaves them. The caller holds the lock every
    /// writer of `path` takes, so no live writer is mid-way; the PID check spares another process's
    /// in any case.
    static func removeStaleTemporaries(besides path: String) {
        let target = followLinks(path)
        let url = URL(fileURLWithPath: target)
        let folder = url.deletingLastPathComponent().path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasSuffix(".tmp") {
            for stem in [url.lastPathComponent, url.lastPathComponent + ".bak"] where name.hasPrefix(".\(stem).") {
                let middle = name.dropFirst(stem.count + 2).dropLast(4)
                guard !middle.contains("."), writerIsGone(middle) else { continue }
                unlink(folder + "/" + name)
            }
        }
    }

    /// True unless `suffix` starts with the PID of a live process other than this one. A name without
    /// a PID was left by an older Tidings, which wrote under the same lock.
    private static func writerIsGone(_ suffix: Substring) -> Bool {
        guard let dash = suffix.firstIndex(of: "-"), let pid = Int32(suffix[..<dash]), pid > 0 else { return true }
        if pid == getpid() { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
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

    /// `.NAME.PID-RANDOM.tmp` beside `path`: the PID tells a live writer's temporary from a dead one's.
    private static func temporaryName(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let suffix = "\(getpid())-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
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
