import Foundation

/// Bytes the calling thread has had read from storage (`read_bytes` of `/proc/thread-self/io`: reads
/// the page cache could not serve, so the thread waited for the disk), for the reader benchmark's
/// keys: a key that read from storage waited for the disk, whatever its CPU time.
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
