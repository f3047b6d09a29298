import Foundation

/// The flock(2) locks the kernel lists in /proc/locks, so that a test can wait until a process holds
/// a lock, or is blocked waiting for one, without taking the lock itself.
public enum FlockTable {
    /// One FLOCK line: the process, the lock file's inode, and whether it is blocked waiting (`->`).
    public struct Entry: Equatable, Sendable {
        public var pid: Int32
        public var inode: UInt64
        public var waiting: Bool
    }

    /// Every flock(2) lock held or waited for (POSIX locks, such as SQLite's, are left out).
    public static func entries() -> [Entry] {
        text().split(separator: "\n").compactMap { line in
            // `N: FLOCK  ADVISORY  WRITE PID MAJ:MIN:INODE 0 EOF`, with `->` after `N:` for a waiter.
            var fields = line.split(separator: " ").dropFirst()
            let waiting = fields.first == "->"
            if waiting { fields = fields.dropFirst() }
            let parts = Array(fields)
            guard parts.count > 4, parts[0] == "FLOCK", let pid = Int32(parts[3]),
                  let inode = parts[4].split(separator: ":").last.flatMap({ UInt64($0) })
            else { return nil }
            return Entry(pid: pid, inode: inode, waiting: waiting)
        }
    }

    /// Whether process `pid` holds a flock(2) lock (on any file).
    public static func holds(pid: Int32) -> Bool {
        entries().contains { $0.pid == pid && !$0.waiting }
    }

    /// Whether this process has a thread blocked in flock(2) on the file at `path`.
    public static func isWaiting(on path: String) -> Bool {
        guard let inode = inode(of: path) else { return false }
        return entries().contains { $0.pid == getpid() && $0.inode == inode && $0.waiting }
    }

    /// Whether any process holds or waits for a flock(2) lock on the file at `path`.
    public static func isLocked(_ path: String) -> Bool {
        guard let inode = inode(of: path) else { return false }
        return entries().contains { $0.inode == inode }
    }

    /// The whole of /proc/locks. It reports a size of 0, and `String(contentsOfFile:)` returns only its
    /// first 4 KB, which a process holding many SQLite locks fills: read until end of file.
    public static func text() -> String {
        guard let handle = FileHandle(forReadingAtPath: "/proc/locks") else { return "" }
        defer { try? handle.close() }
        var data = Data()
        while let chunk = try? handle.read(upToCount: 65536), !chunk.isEmpty {
            data.append(chunk)
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static func inode(of path: String) -> UInt64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return UInt64(info.st_ino)
    }
}
