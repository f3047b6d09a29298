import CBrotli
import CDeflate
import CZstd
import Foundation
import Synchronization

/// Decodes a response body's `Content-Encoding` once the whole body is in, instead of libcurl
/// inflating it piece by piece as it arrives: gzip and deflate with libdeflate (a whole-buffer decoder,
/// faster than zlib's streaming inflate), zstd and br with their own libraries. Tidings asks for
/// exactly these (`acceptEncoding`).
///
/// Every coding is decoded into at most `limit` bytes: a body that decodes to more is `.tooLarge`,
/// found without making more than `limit` bytes of it (a gzip bomb stops there). Codings are undone
/// last first ("gzip, br" is br of gzip); "identity" changes nothing; an unknown coding is an error,
/// and a body that is not a whole stream of its coding an incomplete response (`.incompleteEncoding`).
enum ContentDecoding {
    /// The `Accept-Encoding` request header's value.
    static let acceptEncoding = "deflate, gzip, br, zstd"
    /// The most codings one body may carry (libcurl's limit too).
    static let maximumCodings = 5

    /// The codings a `Content-Encoding` field names, in the order they were applied ("identity" left out).
    static func codings(_ field: String?) -> [String] {
        guard let field else { return [] }
        return field.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty && $0 != "identity" && $0 != "none" }
    }

    /// The decoded body of a response whose `Content-Encoding` field is `field` (nil: none).
    static func decode(_ body: [UInt8], field: String?, limit: Int) -> Result<[UInt8], FetchError> {
        guard let field else { return .success(body) }
        let codings = codings(field)
        guard !codings.isEmpty else { return .success(body) }
        guard codings.count <= maximumCodings else {
            return .failure(.other("too many content encodings (\(codings.count)): \(field)"))
        }
        var bytes = body
        for coding in codings.reversed() {
            // No body (a HEAD-like answer) decodes to none, whatever it names.
            guard !bytes.isEmpty else { break }
            let decoded: Result<[UInt8], FetchError>
            switch coding {
            case "gzip", "x-gzip": decoded = gzip(bytes, limit: limit)
            case "deflate": decoded = deflate(bytes, limit: limit)
            case "zstd": decoded = zstd(bytes, limit: limit)
            case "br": decoded = brotli(bytes, limit: limit)
            default:
                return .failure(.other("unrecognized content encoding \(coding) (Tidings reads \(acceptEncoding))"))
            }
            switch decoded {
            case .success(let next): bytes = next
            case .failure(let error): return .failure(error)
            }
        }
        return .success(bytes)
    }

    private static func damaged(_ coding: String) -> FetchError {
        .incompleteEncoding(coding: coding)
    }

    // MARK: gzip and deflate (libdeflate)

    /// Why a libdeflate decoder stopped short.
    private enum Inflated: Error {
        /// The output would pass the limit.
        case needsRoom
        /// The input is not a whole stream.
        case damaged
    }

    /// Runs `inflate` (a libdeflate decompressor: input, its size, output, its room, bytes read,
    /// bytes written) over `input` from `start` into room that starts at `guess` bytes and doubles
    /// while the output does not fit, up to `limit`; the output, `.tooLarge` past the limit.
    private static func whole(
        _ input: UnsafeRawBufferPointer, from start: Int, guess: Int, limit: Int,
        _ inflate: (UnsafeRawPointer, Int, UnsafeMutableRawPointer, Int, inout Int, inout Int) -> libdeflate_result
    ) -> Result<(bytes: [UInt8], read: Int), Inflated> {
        guard let base = input.baseAddress, start < input.count else { return .failure(.damaged) }
        var room = max(1, min(guess, limit))
        while true {
            var read = 0
            var outcome = LIBDEFLATE_BAD_DATA
            let output = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
                guard let out = buffer.baseAddress else { return }
                var written = 0
                outcome = inflate(base + start, input.count - start, out, room, &read, &written)
                count = outcome == LIBDEFLATE_SUCCESS ? written : 0
            }
            switch outcome {
            case LIBDEFLATE_SUCCESS:
                return .success((output, read))
            case LIBDEFLATE_INSUFFICIENT_SPACE:
                guard room < limit else { return .failure(.needsRoom) }
                room = room > limit / 2 ? limit : room * 2
            default:
                return .failure(.damaged)
            }
        }
    }

    /// One decompressor per thread that decodes, kept (setting one up costs more than a small body).
    private static let idle = Mutex<[Decompressor]>([])

    /// Runs `body` with a libdeflate decompressor no other caller holds.
    private static func withDecompressor<T>(_ body: (OpaquePointer) -> T) -> T? {
        guard let decompressor = idle.withLock({ $0.popLast() }) ?? Decompressor() else { return nil }
        defer { idle.withLock { if $0.count < 4 { $0.append(decompressor) } } }
        return body(decompressor.pointer)
    }

    /// A libdeflate decompressor.
    ///
    /// Why `@unchecked Sendable` is safe: its one property is a `let`, and the decompressor it points
    /// to is used by one caller at a time, taken out of `idle` under the `Mutex` before use.
    private final class Decompressor: @unchecked Sendable {
        let pointer: OpaquePointer

        init?() {
            guard let pointer = libdeflate_alloc_decompressor() else { return nil }
            self.pointer = pointer
        }

        deinit { libdeflate_free_decompressor(pointer) }
    }

    /// gzip members one after another (RFC 1952), as `gzip -d` reads them; bytes after the last
    /// member that do not begin another are ignored, as zlib's streaming inflate ignored them.
    private static func gzip(_ body: [UInt8], limit: Int) -> Result<[UInt8], FetchError> {
        let result = withDecompressor { decompressor -> Result<[UInt8], FetchError> in
            body.withUnsafeBytes { input -> Result<[UInt8], FetchError> in
                var output: [UInt8] = []
                var start = 0
                repeat {
                    // A member's last four bytes are its size (mod 2^32): the room it needs when the
                    // body is one member (else a first guess, doubled while too small).
                    let trailer = input.count >= 18
                        ? Int(input.loadUnaligned(fromByteOffset: input.count - 4, as: UInt32.self).littleEndian) : 0
                    let guess = start == 0 && trailer > 0 ? trailer : input.count * 4
                    let member = whole(input, from: start, guess: guess, limit: limit - output.count) {
                        source, count, out, room, read, written in
                        libdeflate_gzip_decompress_ex(decompressor, source, count, out, room, &read, &written)
                    }
                    switch member {
                    case .success(let decoded):
                        if output.isEmpty { output = decoded.bytes } else { output += decoded.bytes }
                        start += decoded.read
                    case .failure(.needsRoom): return .failure(.tooLarge(limit: limit))
                    case .failure: return .failure(damaged("gzip"))
                    }
                } while start + 1 < input.count && input[start] == 0x1F && input[start + 1] == 0x8B
                return .success(output)
            }
        }
        return result ?? .failure(.other("cannot set up a gzip decoder"))
    }

    /// deflate as HTTP means it, a zlib stream (RFC 1950), else a raw deflate stream as some
    /// servers send it (zlib's streaming inflate read both too).
    private static func deflate(_ body: [UInt8], limit: Int) -> Result<[UInt8], FetchError> {
        let result = withDecompressor { decompressor -> Result<[UInt8], FetchError> in
            body.withUnsafeBytes { input -> Result<[UInt8], FetchError> in
                let guess = input.count * 4
                var decoded = whole(input, from: 0, guess: guess, limit: limit) { source, count, out, room, read, written in
                    libdeflate_zlib_decompress_ex(decompressor, source, count, out, room, &read, &written)
                }
                if case .failure(.damaged) = decoded {
                    decoded = whole(input, from: 0, guess: guess, limit: limit) { source, count, out, room, read, written in
                        libdeflate_deflate_decompress_ex(decompressor, source, count, out, room, &read, &written)
                    }
                }
                switch decoded {
                case .success(let whole): return .success(whole.bytes)
                case .failure(.needsRoom): return .failure(.tooLarge(limit: limit))
                case .failure: return .failure(damaged("deflate"))
                }
            }
        }
        return result ?? .failure(.other("cannot set up a deflate decoder"))
    }

    // MARK: zstd and br (streaming decoders, output bounded)

    /// zstd frames one after another (RFC 8878), decoded a block of output at a time.
    private static func zstd(_ body: [UInt8], limit: Int) -> Result<[UInt8], FetchError> {
        guard let stream = ZSTD_createDStream() else { return .failure(.other("cannot set up a zstd decoder")) }
        defer { ZSTD_freeDStream(stream) }
        return body.withUnsafeBytes { input -> Result<[UInt8], FetchError> in
            var source = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
            var output: [UInt8] = []
            var block = [UInt8](repeating: 0, count: ZSTD_DStreamOutSize())
            var last = 0
            var read = 0
            while true {
                let (status, produced) = block.withUnsafeMutableBytes { out -> (Int, Int) in
                    var target = ZSTD_outBuffer(dst: out.baseAddress, size: out.count, pos: 0)
                    let status = ZSTD_decompressStream(stream, &target, &source)
                    return (ZSTD_isError(status) != 0 ? -1 : Int(status), target.pos)
                }
                guard status >= 0 else { return .failure(damaged("zstd")) }
                guard output.count + produced <= limit else { return .failure(.tooLarge(limit: limit)) }
                output += block.prefix(produced)
                last = status
                // Done when every byte is read and nothing more is held back (the block was not filled).
                if source.pos == source.size && produced < block.count { break }
                if produced == 0 && source.pos == read { return .failure(damaged("zstd")) }
                read = source.pos
            }
            return last == 0 ? .success(output) : .failure(damaged("zstd"))
        }
    }

    /// One brotli stream (RFC 7932), decoded a block of output at a time.
    private static func brotli(_ body: [UInt8], limit: Int) -> Result<[UInt8], FetchError> {
        guard let state = BrotliDecoderCreateInstance(nil, nil, nil) else {
            return .failure(.other("cannot set up a brotli decoder"))
        }
        defer { BrotliDecoderDestroyInstance(state) }
        return body.withUnsafeBytes { input -> Result<[UInt8], FetchError> in
            var next = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
            var available = input.count
            var output: [UInt8] = []
            var block = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let (result, produced) = block.withUnsafeMutableBufferPointer { out -> (BrotliDecoderResult, Int) in
                    var target = out.baseAddress
                    var room = out.count
                    let result = BrotliDecoderDecompressStream(state, &available, &next, &room, &target, nil)
                    return (result, out.count - room)
                }
                guard output.count + produced <= limit else { return .failure(.tooLarge(limit: limit)) }
                output += block.prefix(produced)
                switch result {
                case BROTLI_DECODER_RESULT_SUCCESS: return .success(output)
                case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT: continue
                default: return .failure(damaged("br"))
                }
            }
        }
    }
}
