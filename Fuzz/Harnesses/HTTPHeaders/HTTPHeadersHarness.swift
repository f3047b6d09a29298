@testable import FeedFetch
import FuzzSupport
import Glibc

/// Response-header parsing on any bytes, cut into lines as libcurl hands them over (each ending in
/// its line feed): the values derived from them are sane (no negative delays or ages, the final
/// status is the last hop's, a charset and media type without surrounding space).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPHeaders(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    var headers = ResponseHeaders()
    var start = 0
    for index in 0..<size where bytes[index] == 0x0A || index == size - 1 {
        let line = UnsafeRawBufferPointer(rebasing: bytes[start...index])
        let started = headers.read(line: line)
        if started { require(headers.hopStatuses.last == headers.status, "status not the last hop's") }
        start = index + 1
    }
    if !headers.hopStatuses.isEmpty {
        require(headers.hopStatuses.last == headers.status, "status \(headers.status) is not the last hop's \(headers.hopStatuses)")
        require(!(100..<200).contains(headers.status), "interim status \(headers.status) kept as final")
    }
    if let delay = headers.retryAfter(now: 1_700_000_000) { require(delay >= 0, "negative Retry-After \(delay)") }
    if let age = headers.cacheMaxAge { require(age >= 0, "negative max-age \(age)") }
    if let charset = headers.charset {
        require(!charset.isEmpty && charset.trimmingCharacters(in: .whitespaces) == charset, "charset \(visible(charset))")
    }
    if let type = headers.mediaType {
        require(!type.isEmpty && !type.contains(";"), "media type \(visible(type))")
    }
    return 0
}
