import Foundation

/// Drops a store file's pages from the kernel's page cache (`POSIX_FADV_DONTNEED` after flushing
/// them), with its `-wal` and `-shm` files, for `tidings-bench reader --cold-file`: the reader then
/// starts as it does on a store that sat idle until the kernel paged it out (some machines page out
/// file pages idle for a minute), so every page a key needs first comes from the disk.
enum StoreFileEviction {
    /// The kilobytes of the file and its companions that were in the page cache before and after.
    struct Report {
        let residentBefore: Int
        let residentAfter: Int
    }

    /// Flushes and drops the pages of `path`, `path-wal` and `path-shm` (those that exist).
    static func evict(_ path: String) -> Report {
        var before = 0
        var after = 0
        for file in [path, path + "-wal", path + "-shm"] {
            let descriptor = open(file, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            before += residentKilobytes(descriptor)
            // Dirty pages are not dropped: written back first.
            _ = fdatasync(descriptor)
            _ = posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_DONTNEED))
            after += residentKilobytes(descriptor)
        }
        return Report(residentBefore: before, residentAfter: after)
    }

    /// Kilobytes of the open file in the page cache (`mincore` over a read-only mapping of it).
    private static func residentKilobytes(_ descriptor: Int32) -> Int {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size > 0 else { return 0 }
        let length = Int(info.st_size)
        guard let mapping = mmap(nil, length, PROT_READ, MAP_SHARED, descriptor, 0), mapping != MAP_FAILED else {
            return 0
        }
        defer { munmap(mapping, length) }
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        var vector = [UInt8](repeating: 0, count: (length + pageSize - 1) / pageSize)
        guard mincore(mapping, length, &vector) == 0 else { return 0 }
        return vector.reduce(0) { $0 + Int($1 & 1) } * pageSize / 1024
    }
}
