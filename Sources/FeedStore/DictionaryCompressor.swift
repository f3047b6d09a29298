import CZstd
import Synchronization

/// Compresses the bodies of one document with its feed's `BodyDictionary` into zstd frames (level 4;
/// the dictionary is digested once, for the whole document). Used by one thread at a time: the one
/// that prepares the document (`ArticleWriter.Prepared`).
final class DictionaryCompressor {
    /// Level 4 takes no more processor time than 3 on the shared corpus's bodies (0.45 against 0.47 s
    /// for all 500 feeds, least of 3) and writes 1.7 % fewer bytes; level 5 writes 4 % fewer for 20 % more time.
    private static let level: Int32 = 4

    /// The dictionary the frames need to be read back.
    let dictionary: BodyDictionary
    private let context: OpaquePointer
    private let digested: OpaquePointer

    init?(_ dictionary: BodyDictionary) {
        guard let context = ZSTD_createCCtx() else { return nil }
        let digested = dictionary.bytes.withUnsafeBytes { bytes in
            ZSTD_createCDict(bytes.baseAddress, bytes.count, Self.level)
        }
        guard let digested else {
            ZSTD_freeCCtx(context)
            return nil
        }
        self.dictionary = dictionary
        self.context = context
        self.digested = digested
    }

    deinit {
        ZSTD_freeCDict(digested)
        ZSTD_freeCCtx(context)
    }

    /// Compresses `count` bytes at `source` into `output` (room for `capacity` bytes) as one zstd
    /// frame that records its content size; the number of bytes written, nil when they do not fit.
    func compress(
        _ source: UnsafeRawPointer, count: Int, into output: UnsafeMutableRawPointer, capacity: Int
    ) -> Int? {
        let written = ZSTD_compress_usingCDict(context, output, capacity, source, count, digested)
        return ZSTD_isError(written) != 0 ? nil : written
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
