import Foundation

/// Bytes the calling thread has had read from storage (`read_bytes` of `/proc/thread-self/io`: reads
/// the page cache could not serve, and the pages it asked the kernel to read ahead, `POSIX_FADV_WILLNEED`,
/// which it does not wait for), for the reader benchmark's keys: a key that read from storage went to
/// the disk; how long it waited is its time blocked (`KeyTimings`).
enum ThreadStorageReads {
    /// The calling thread's storage reads so far in bytes; nil where the kernel does not count them.
    static func bytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/thread-self/io", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("read_bytes:") {
            return Int(line.dropFirst("read_bytes:".count).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}

/// Time the calling thread has spent runnable but waiting for a core (the second field of
/// `/proc/thread-self/schedstat`), for the reader benchmark's keys: a key's wall time is its CPU time,
/// this wait (other work had the cores), and the rest, time it was blocked (the disk, a lock).
enum ThreadRunQueueWait {
    /// The calling thread's run-queue wait so far in milliseconds; nil where the kernel does not say.
    static func milliseconds() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/thread-self/schedstat", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count >= 2, let nanoseconds = Double(fields[1]) else { return nil }
        return nanoseconds / 1e6
    }
}
