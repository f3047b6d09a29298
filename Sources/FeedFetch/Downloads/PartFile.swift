import Foundation

/// A download's partial file, written through a buffer: libcurl hands the body over in 16 KB pieces
/// at odd offsets, and the buffer turns them into writes of `capacity` bytes that end on multiples of
/// `capacity` in the file, which the kernel caches in whole folios of that size: far less processor
/// time per byte than a 4 KB page at a time.
///
/// `written` counts the bytes in the file; up to `capacity` more may wait in the buffer until `flush`.
/// Threading: used only on the `Downloader` thread, by the `DownloadTransfer` that owns it.
final class PartFile {
    /// The largest folio the per-CPU page lists serve (order 3): a larger one comes from the buddy
    /// allocator, on a virtual machine with free page reporting often as memory the host must fault in.
    static let capacity = 32 * 1024

    let path: String
    private let descriptor: Int32
    /// The file's size when it was opened: the bytes a resumed download continues.
    let sizeWhenOpened: Int64
    /// The end of the bytes written to the file; buffered bytes go there next.
    private(set) var written: Int64 = 0
    private var buffer: UnsafeMutableRawBufferPointer?
    private var buffered = 0

    /// Opens (creating) `path`, which must be a regular file: a FIFO or device there is refused.
    init(path: String) throws(DownloadError) {
        // Not blocking: a FIFO put where the partial file goes is refused below, never waited on.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        guard descriptor >= 0 else { throw Self.failure(path) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw DownloadError.writeFailed(path: path, reason: "not a regular file")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        self.path = path
        self.descriptor = descriptor
        sizeWhenOpened = Int64(info.st_size)
    }

    deinit {
        buffer?.deallocate()
        close(descriptor)
    }

    /// The size of the file on disk, or nil when fstat fails.
    var size: Int64? {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? Int64(info.st_size) : nil
    }

    /// Sets where the body starts, before any of it arrived: at `offset`, the file cut there when it is 0.
    func start(at offset: Int64) throws(DownloadError) {
        if offset == 0, ftruncate(descriptor, 0) != 0 { throw Self.failure(path) }
        guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else { throw Self.failure(path) }
        written = offset
        buffered = 0
    }

    /// Takes `bytes` into the buffer, writing it out each time it reaches the next multiple of
    /// `capacity` in the file.
    func append(_ bytes: UnsafeRawBufferPointer) throws(DownloadError) {
        guard var source = bytes.baseAddress else { return }
        let storage = buffer ?? UnsafeMutableRawBufferPointer.allocate(byteCount: Self.capacity, alignment: 4096)
        buffer = storage
        guard let base = storage.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            // The buffered bytes never span a multiple of `capacity`: they are written on reaching one.
            let room = Self.capacity - Int((written + Int64(buffered)) % Int64(Self.capacity))
            let count = min(left, room)
            (base + buffered).copyMemory(from: source, byteCount: count)
            buffered += count
            source += count
            left -= count
            if count == room { try flush() }
        }
    }

    /// Writes what the buffer holds. On failure the bytes not written are dropped: the file holds
    /// `written` bytes, which a later run resumes from.
    func flush() throws(DownloadError) {
        guard let base = buffer?.baseAddress else { return }
        var offset = 0
        defer { buffered = 0 }
        while offset < buffered {
            let count = write(descriptor, base + offset, buffered - offset)
            if count < 0 {
                if errno == EINTR { continue }
                throw Self.failure(path)
            }
            offset += count
            written += Int64(count)
        }
    }

    /// Writes what the buffer holds and waits until the file is on disk.
    func sync() throws(DownloadError) {
        try flush()
        if fsync(descriptor) != 0 { throw Self.failure(path) }
    }

    /// The error for the failed call that set `errno`: a full disk (or quota) pauses the download.
    private static func failure(_ path: String) -> DownloadError {
        errno == ENOSPC || errno == EDQUOT
            ? .diskFull(path: path) : .writeFailed(path: path, reason: String(cString: strerror(errno)))
    }
}
