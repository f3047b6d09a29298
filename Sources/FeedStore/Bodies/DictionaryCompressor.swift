import CZstd
import Foundation
import Synchronization

/// Compresses the bodies of one document with its feed's `BodyDictionary` into zstd frames (level 4;
/// the dictionary is digested once, for the whole document). Used by one thread at a time: the one
/// that prepares the document (`ArticleWriter.Prepared`).
///
/// Level 4 rather than 3: smaller frames in the same time, with the same window, so reading needs no
/// more memory. The compression context is kept between documents (`CompressionContext`), so a
/// refresh does not set up its tables again for every feed.
final class DictionaryCompressor {
    private static let level: Int32 = 4

    /// The dictionary the frames need to be read back.
    let dictionary: BodyDictionary
    private let context: CompressionContext
    private let digested: OpaquePointer

    init?(_ dictionary: BodyDictionary) {
        guard let context = CompressionContext.take() else { return nil }
        let digested = dictionary.bytes.withUnsafeBytes { bytes in
            ZSTD_createCDict(bytes.baseAddress, bytes.count, Self.level)
        }
        guard let digested else {
            CompressionContext.giveBack(context)
            return nil
        }
        self.dictionary = dictionary
        self.context = context
        self.digested = digested
    }

    deinit {
        ZSTD_freeCDict(digested)
        CompressionContext.giveBack(context)
    }

    /// The dictionary's stored value (`BodyDictionary.compressed`), made with this compressor's kept
    /// context: a context of its own for each new dictionary set up tables for it every time.
    func compressedDictionary() -> Data? {
        BodyDictionary.compressed(dictionary.bytes, context: context.pointer)
    }

    /// Compresses `count` bytes at `source` into `output` (room for `capacity` bytes) as one zstd
    /// frame that records its content size; the number of bytes written, nil when they do not fit.
    func compress(
        _ source: UnsafeRawPointer, count: Int, into output: UnsafeMutableRawPointer, capacity: Int
    ) -> Int? {
        let written = ZSTD_compress_usingCDict(context.pointer, output, capacity, source, count, digested)
        return ZSTD_isError(written) != 0 ? nil : written
    }

    /// One zstd compression context, lent to one `DictionaryCompressor` at a time and kept after
    /// (up to `maximumIdle`, more while more threads compress at once). Every frame is compressed
    /// with `ZSTD_compress_usingCDict` or `ZSTD_compressCCtx` (a new dictionary's stored value), each
    /// of which resets the context for its own dictionary and level, so nothing of an earlier
    /// document carries over.
    ///
    /// Why `@unchecked Sendable` is safe: its one property is a `let`, and the context it points to
    /// is used by one caller at a time: it is taken out of `idle` under the `Mutex` before use and put
    /// back after.
    private final class CompressionContext: @unchecked Sendable {
        private static let idle = Mutex<[CompressionContext]>([])
        private static let maximumIdle = 8

        let pointer: OpaquePointer

        private init?() {
            guard let pointer = ZSTD_createCCtx() else { return nil }
            self.pointer = pointer
        }

        deinit { ZSTD_freeCCtx(pointer) }

        static func take() -> CompressionContext? {
            idle.withLock { $0.popLast() } ?? CompressionContext()
        }

        static func giveBack(_ context: CompressionContext) {
            idle.withLock { if $0.count < maximumIdle { $0.append(context) } }
        }
    }
}

/// Reads zstd frames compressed with a dictionary back. A decompression context is set up once and
/// kept (setting one up costs more than a short body), lent to one caller at a time.
enum DictionaryDecompressor {
    private static let idle = Mutex<[DecompressionContext]>([])
    private static let maximumIdle = 8

    /// Decompresses the frame at `source` (`count` bytes) into `output`, which must hold exactly its
    /// content; true when the frame was whole and gave exactly that many bytes.
    static func decompress(
        _ source: UnsafeRawPointer, count: Int, dictionary: [UInt8], into output: UnsafeMutableRawBufferPointer
    ) -> Bool {
        guard let context = idle.withLock({ $0.popLast() }) ?? DecompressionContext() else { return false }
        let written = dictionary.withUnsafeBytes { dictionaryBytes in
            ZSTD_decompress_usingDict(
                context.pointer, output.baseAddress, output.count, source, count, dictionaryBytes.baseAddress,
                dictionaryBytes.count)
        }
        idle.withLock { if $0.count < maximumIdle { $0.append(context) } }
        return ZSTD_isError(written) == 0 && written == output.count
    }

    /// One zstd decompression context.
    ///
    /// Why `@unchecked Sendable` is safe: its one property is a `let`, and the context it points to
    /// is used by one caller at a time: it is taken out of `idle` under the `Mutex` before use and put
    /// back after.
    private final class DecompressionContext: @unchecked Sendable {
        let pointer: OpaquePointer

        init?() {
            guard let pointer = ZSTD_createDCtx() else { return nil }
            self.pointer = pointer
        }

        deinit { ZSTD_freeDCtx(pointer) }
    }
}
