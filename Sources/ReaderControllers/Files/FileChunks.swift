import Foundation

/// Reads a file or standard input in fixed-size chunks, for streaming parses.
public struct FileChunks: Sequence, IteratorProtocol {
    private let descriptor: Int32
    private let size: Int

    /// Chunks of the open file descriptor `descriptor` (not closed by this type).
    public init(descriptor: Int32, chunkSize: Int = 1 << 18) {
        self.descriptor = descriptor
        size = chunkSize
    }

    public mutating func next() -> [UInt8]? {
        var count = 0
        let buffer = [UInt8](unsafeUninitializedCapacity: size) { raw, initialized in
            while true {
                let n = read(descriptor, raw.baseAddress, raw.count)
                if n < 0 && errno == EINTR { continue }
                count = n
                initialized = Swift.max(0, n)
                return
            }
        }
        return count > 0 ? buffer : nil
    }
}
