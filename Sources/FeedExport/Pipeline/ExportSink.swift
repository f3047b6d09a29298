import Foundation

/// Where an export's bytes go: standard output, or a file replaced atomically.
///
/// For a file, bytes go to a temporary file in the same folder (created with the user's umask, or
/// the mode of the file it replaces), which `commit` flushes to disk and renames over the target, so
/// readers of the target see the old or the new whole file, never a part. `abandon` (or
/// deinit without `commit`) removes the temporary file and leaves the target untouched. The temporary
/// file stays locked while it is written, so that the next export to the same file can tell one a
/// killed export left (and remove it) from one being written (`ExportTemporaries`). A target that
/// exists and is not a regular file (`/dev/null`, a FIFO, `/dev/stdout`) is written directly.
///
/// Threading: owned by one export; not shared.
final class ExportSink {
    /// Writing to standard output failed with EPIPE: the reader went away.
    struct ClosedPipe: Error {}

    private let descriptor: Int32
    /// The name errors mention.
    private let name: String
    private let target: String?
    private let temporary: String?
    private var closed = false
    private(set) var bytesWritten = 0

    private init(descriptor: Int32, name: String, target: String?, temporary: String?) {
        self.descriptor = descriptor
        self.name = name
        self.target = target
        self.temporary = temporary
    }

    deinit {
        abandon()
    }

    /// Standard output (file descriptor 1), left open.
    static func standardOutput() -> ExportSink {
        ExportSink(descriptor: 1, name: "standard output", target: nil, temporary: nil)
    }

    /// Prepares to replace `path`; throws `ExportError.cannotCreate` when it cannot be written.
    static func file(_ path: String) throws -> ExportSink {
        var info = stat()
        let exists = stat(path, &info) == 0
        if exists && (info.st_mode & S_IFMT) != S_IFREG {
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw ExportError.cannotCreate(path: path, reason: Self.reason(errno)) }
            return ExportSink(descriptor: fd, name: path, target: nil, temporary: nil)
        }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporaries = ExportTemporaries(folder: folder, target: url.lastPathComponent)
        temporaries.removeStale()
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<16 {
            let temporary = temporaries.path(suffix: String(generator.next() as UInt64, radix: 36))
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd < 0 {
                if errno == EEXIST || errno == EINTR { continue }
                throw ExportError.cannotCreate(path: path, reason: Self.reason(errno))
            }
            guard ExportTemporaries.claim(fd) else { continue }
            if exists { fchmod(fd, info.st_mode & 0o7777) }
            return ExportSink(descriptor: fd, name: path, target: path, temporary: temporary)
        }
        throw ExportError.cannotCreate(path: path, reason: "no free temporary name")
    }

    /// Writes and empties `buffer`. Throws `ClosedPipe` when standard output's reader is gone,
    /// `ExportError.writeFailed` for any other failure.
    func write(_ buffer: inout ExportBuffer) throws {
        defer { buffer.removeAll() }
        try buffer.bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(descriptor, base + offset, raw.count - offset)
                if n < 0 {
                    let code = errno
                    if code == EINTR { continue }
                    if code == EPIPE && target == nil { throw ClosedPipe() }
                    throw ExportError.writeFailed(path: name, reason: Self.reason(code))
                }
                offset += n
            }
        }
        bytesWritten += buffer.count
    }

    /// Makes the written bytes the target's content: flushed to disk and renamed into place (for a
    /// file), or just closed (for anything else but standard output).
    func commit() throws {
        guard !closed, descriptor != 1 else { return }
        if temporary != nil, fsync(descriptor) != 0 {
            throw ExportError.writeFailed(path: name, reason: Self.reason(errno))
        }
        closed = true
        // Renamed before it is closed, so its lock (`ExportTemporaries`) holds until it has its name.
        if let temporary, let target, rename(temporary, target) != 0 {
            let code = errno
            close(descriptor)
            removeTemporary()
            throw ExportError.writeFailed(path: name, reason: Self.reason(code))
        }
        if close(descriptor) != 0, temporary != nil {
            throw ExportError.writeFailed(path: name, reason: Self.reason(errno))
        }
    }

    /// Drops what was written: the temporary file is removed, the target stays as it was.
    func abandon() {
        guard !closed else { return }
        closed = true
        // Removed while still locked: no other export's clean-up can meet it half gone.
        removeTemporary()
        if descriptor != 1 { close(descriptor) }
    }

    private func removeTemporary() {
        if let temporary { unlink(temporary) }
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
