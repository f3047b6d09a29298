import CDeflate
import CZstd
@testable import FeedFetch
import FuzzSupport

/// Response-body decoding (`Content-Encoding`: gzip, deflate, zstd, br, and chains of them) on any
/// bytes. The first byte picks the field, the second the mode:
/// - even: the rest is a body as a server sent it. Decoding never yields more than the limit, and a
///   smaller limit gives the same bytes when they fit in it, `.tooLarge` when they do not, and a
///   failure when the larger limit failed.
/// - odd: the rest is what the server meant; it is encoded (libdeflate gzip, zlib or raw deflate;
///   zstd) and decoding gives it back exactly.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContentDecoding(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let fields = ["gzip", "deflate", "zstd", "br", "x-gzip", "gzip, gzip", "br, zstd", "deflate, identity"]
    let field = fields[Int(input.byte()) % fields.count]
    let mode = input.byte()
    let body = input.rest
    if mode & 1 == 1 {
        roundTrip(body, mode: mode)
    } else {
        checkLimits(body, field: field)
    }
    return 0
}

private let large = 1 << 20
private let small = 4096

private func checkLimits(_ body: [UInt8], field: String) {
    let wide = ContentDecoding.decode(body, field: field, limit: large)
    let narrow = ContentDecoding.decode(body, field: field, limit: small)
    if case .success(let bytes) = narrow { require(bytes.count <= small, "\(field): \(bytes.count) bytes past the limit \(small)") }
    switch wide {
    case .success(let bytes):
        require(bytes.count <= large, "\(field): \(bytes.count) bytes past the limit \(large)")
        if bytes.count <= small {
            require(narrow == .success(bytes), "\(field): \(bytes.count) bytes decode within \(large) but not within \(small): \(narrow)")
        } else {
            require(narrow == .failure(.tooLarge(limit: small)), "\(field): \(bytes.count) bytes within \(small): \(narrow)")
        }
    case .failure(.tooLarge):
        require(narrow == .failure(.tooLarge(limit: small)), "\(field): too large for \(large) but \(narrow) within \(small)")
    case .failure:
        if case .success = narrow { require(false, "\(field): \(wide) within \(large) but decodes within \(small)") }
    }
}

/// Encodes `plain` with the coding `mode` names and requires decoding to give it back.
private func roundTrip(_ plain: [UInt8], mode: UInt8) {
    let level = Int32(mode >> 4) % 13
    let coding = Int(mode >> 1) % 4
    let encoded: [UInt8]?
    let field: String
    switch coding {
    case 0: (encoded, field) = (deflated(plain, level: level, format: 0), "gzip")
    case 1: (encoded, field) = (deflated(plain, level: level, format: 1), "deflate")
    case 2: (encoded, field) = (deflated(plain, level: level, format: 2), "deflate")
    default: (encoded, field) = (zstdEncoded(plain, level: level), "zstd")
    }
    guard let encoded else { return }
    let decoded = ContentDecoding.decode(encoded, field: field, limit: large)
    // An empty body decodes to none whatever its coding says; an encoded empty text is not empty.
    require(decoded == .success(plain), "\(field) (encoding \(coding), level \(level)) of \(plain.count) bytes: \(decoded)")
}

/// `plain` compressed by libdeflate: format 0 gzip, 1 zlib, 2 raw deflate.
private func deflated(_ plain: [UInt8], level: Int32, format: Int) -> [UInt8]? {
    guard let compressor = libdeflate_alloc_compressor(level) else { return nil }
    defer { libdeflate_free_compressor(compressor) }
    return plain.withUnsafeBytes { source -> [UInt8] in
        let bound: Int
        switch format {
        case 0: bound = libdeflate_gzip_compress_bound(compressor, source.count)
        case 1: bound = libdeflate_zlib_compress_bound(compressor, source.count)
        default: bound = libdeflate_deflate_compress_bound(compressor, source.count)
        }
        return [UInt8](unsafeUninitializedCapacity: bound) { out, count in
            switch format {
            case 0: count = libdeflate_gzip_compress(compressor, source.baseAddress, source.count, out.baseAddress, bound)
            case 1: count = libdeflate_zlib_compress(compressor, source.baseAddress, source.count, out.baseAddress, bound)
            default: count = libdeflate_deflate_compress(compressor, source.baseAddress, source.count, out.baseAddress, bound)
            }
        }
    }
}

private func zstdEncoded(_ plain: [UInt8], level: Int32) -> [UInt8]? {
    let bound = ZSTD_compressBound(plain.count)
    let encoded = plain.withUnsafeBytes { source in
        [UInt8](unsafeUninitializedCapacity: bound) { out, count in
            let written = ZSTD_compress(out.baseAddress, bound, source.baseAddress, source.count, level)
            count = ZSTD_isError(written) != 0 ? 0 : written
        }
    }
    return encoded.isEmpty ? nil : encoded
}
