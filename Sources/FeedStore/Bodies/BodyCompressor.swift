import CDeflate
import Synchronization

/// Compresses stored bodies into zlib streams with libdeflate at level 1: about half the processor time
/// of zlib's `compress2` at its fastest level on the bench corpus, and slightly smaller streams, which
/// zlib's `uncompress` reads as before (the stored format does not change).
///
/// A libdeflate compressor is set up once and kept (setting one up costs more than compressing a
/// body), and serves one caller at a time: `withCompressor` lends them out, so that feeds prepared at
/// once on several threads never share one.
///
/// Why `@unchecked Sendable` is safe: its one property is a `let`, and the compressor it points to is
/// used only inside `withCompressor`, after being taken out of `idle` under the `Mutex`, by that one
/// caller.
final class BodyCompressor: @unchecked Sendable {
    private static let idle = Mutex<[BodyCompressor]>([])
    /// Compressors kept for later calls; more are made while more threads compress at once.
    private static let maximumIdle = 8
    private static let level: Int32 = 1

    private let compressor: OpaquePointer

    private init?() {
        guard let compressor = libdeflate_alloc_compressor(Self.level) else { return nil }
        self.compressor = compressor
    }

    deinit { libdeflate_free_compressor(compressor) }

    /// Runs `body` with a compressor no other caller holds; nil when none can be set up.
    static func withCompressor<Result>(_ body: (BodyCompressor) -> Result?) -> Result? {
        guard let compressor = idle.withLock({ $0.popLast() }) ?? BodyCompressor() else { return nil }
        let result = body(compressor)
        idle.withLock { if $0.count < maximumIdle { $0.append(compressor) } }
        return result
    }

    /// Compresses `count` bytes at `source` into `output` (room for `capacity` bytes) as one zlib
    /// stream; the number of bytes written, nil when they do not fit.
    func compress(
        _ source: UnsafeRawPointer, count: Int, into output: UnsafeMutableRawPointer, capacity: Int
    ) -> Int? {
        let written = libdeflate_zlib_compress(compressor, source, count, output, capacity)
        return written == 0 ? nil : written
    }
}
