import Foundation

/// Reads a file or standard input in fixed-size chunks, for streaming parses. A class, so that whoever
/// handed it to a parse can see afterwards whether the input ended or a read failed (`readError`):
/// a failed read must never pass for the end of the document.
public final class FileChunks: Sequence, IteratorProtocol {
    private let descriptor: Int32
    private let size: Int
    /// The `errno` of the read that failed, after which no more chunks come; nil while reads succeed.
    public private(set) var readError: Int32?

    /// Chunks of the open file descriptor `descriptor` (not closed by this type).
    public init(descriptor: Int32, chunkSize: Int = 1 << 18) {
        self.descriptor = descriptor
        size = chunkSize
    }

    public func next() -> [UInt8]? {
        guard readError == nil else { return nil }
        var count = 0
        var failure: Int32?
        let buffer = [UInt8](unsafeUninitializedCapacity: size) { raw, initialized in
            while true {
                let n = read(descriptor, raw.baseAddress, raw.count)
                if n < 0 && errno == EINTR { continue }
                if n < 0 { failure = errno }
                count = n
                initialized = Swift.max(0, n)
                return
            }
        }
        readError = failure
        return count > 0 ? buffer : nil
    }
}
