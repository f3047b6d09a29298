import CCurl
import Foundation

/// The response headers Tidings acts on, read line by line from libcurl's header callback.
///
/// A status line starts a new response (each redirect hop has its own), so fields are reset there and
/// the values left at the end belong to the final response.
struct ResponseHeaders {
    private(set) var status = 0
    /// Final statuses of every response seen, hop by hop (1xx interim responses excluded).
    private(set) var hopStatuses: [Int] = []
    private(set) var etag: String?
    private(set) var lastModified: String?
    private(set) var contentType: String?
    private(set) var retryAfterValue: String?
    private(set) var cacheControl: String?
    /// Content-Encoding; the values of several such fields joined with ", " (codings in order).
    private(set) var contentEncoding: String?

    /// Reads one header line; returns true when the line was a status line of a non-interim response.
    mutating func read(line: UnsafeRawBufferPointer) -> Bool {
        if let fields = Self.asciiField(line) {
            // Most lines: a field this type does not keep, found without making strings of it.
            guard let kept = Self.keptNames.firstIndex(where: { Self.equalIgnoringASCIICase(fields.name, $0) }) else {
                return false
            }
            let value = String(decoding: fields.value, as: UTF8.self)
            switch kept {
            case 0: etag = value
            case 1: lastModified = value
            case 2: contentType = value
            case 3: retryAfterValue = value
            case 4: cacheControl = value
            default: addContentEncoding(value)
            }
            return false
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("HTTP/") {
            let fields = text.split(separator: " ", maxSplits: 2)
            guard fields.count >= 2, let code = Int(fields[1]) else { return false }
            if code >= 100 && code < 200 { return false }
            self = ResponseHeaders(status: code, hopStatuses: hopStatuses + [code])
            return true
        }
        guard let colon = text.firstIndex(of: ":") else { return false }
        let name = text[..<colon].lowercased()
        let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        switch name {
        case "etag": etag = value
        case "last-modified": lastModified = value
        case "content-type": contentType = value
        case "retry-after": retryAfterValue = value
        case "cache-control": cacheControl = value
        case "content-encoding": addContentEncoding(value)
        default: break
        }
        return false
    }

    /// The names of the fields kept, in lower case, in the order `read` stores them.
    private static let keptNames: [[UInt8]] = [
        "etag", "last-modified", "content-type", "retry-after", "cache-control", "content-encoding",
    ].map { Array($0.utf8) }

    private mutating func addContentEncoding(_ value: String) {
        contentEncoding = contentEncoding.map { $0 + ", " + value } ?? value
    }

    /// The name and value of a header field line that is all ASCII and not a status line, trimmed as
    /// the general path trims them (white space and line ends around the line, spaces and tabs around
    /// the value); nil for any other line, which the general path reads.
    private static func asciiField(_ line: UnsafeRawBufferPointer) -> (name: UnsafeRawBufferPointer.SubSequence,
                                                                         value: UnsafeRawBufferPointer.SubSequence)?
    {
        guard line.allSatisfy({ $0 < 0x80 }) else { return nil }
        func isSpaceOrLineEnd(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        var start = line.startIndex
        var end = line.endIndex
        while start < end, isSpaceOrLineEnd(line[start]) { start += 1 }
        while end > start, isSpaceOrLineEnd(line[end - 1]) { end -= 1 }
        let text = line[start..<end]
        if text.starts(with: "HTTP/".utf8) { return nil }
        guard let colon = text.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        var valueStart = colon + 1
        var valueEnd = end
        while valueStart < valueEnd, line[valueStart] == 0x20 || line[valueStart] == 0x09 { valueStart += 1 }
        while valueEnd > valueStart, line[valueEnd - 1] == 0x20 || line[valueEnd - 1] == 0x09 { valueEnd -= 1 }
        return (line[start..<colon], line[valueStart..<valueEnd])
    }

    private static func equalIgnoringASCIICase(_ bytes: UnsafeRawBufferPointer.SubSequence, _ lower: [UInt8]) -> Bool {
        guard bytes.count == lower.count else { return false }
        return zip(bytes, lower).allSatisfy { byte, wanted in
            (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == wanted
        }
    }

    /// The media type of Content-Type without parameters.
    var mediaType: String? {
        guard let contentType else { return nil }
        let type = contentType.split(separator: ";", maxSplits: 1).first.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        return type?.isEmpty == false ? type : nil
    }

    /// The `charset` parameter of Content-Type, unquoted.
    var charset: String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset"
            else { continue }
            let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'"))
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// Retry-After in seconds from `now`: a delta, or an HTTP-date parsed by libcurl's `curl_getdate`.
    func retryAfter(now: time_t = time(nil)) -> Int? {
        guard let value = retryAfterValue, !value.isEmpty else { return nil }
        if value.allSatisfy(\.isASCIIDigit) {
            return Int(value.prefix(9))
        }
        let date = curl_getdate(value, nil)
        guard date >= 0 else { return nil }
        return max(0, Int(date - now))
    }

    /// Cache-Control max-age in seconds.
    var cacheMaxAge: Int? {
        guard let cacheControl else { return nil }
        for directive in cacheControl.split(separator: ",") {
            let pair = directive.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "max-age"
            else { continue }
            let digits = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t\""))
            guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else { return nil }
            return Int(digits.prefix(9))
        }
        return nil
    }
}

extension ResponseHeaders {
    fileprivate init(status: Int, hopStatuses: [Int]) {
        self.status = status
        self.hopStatuses = hopStatuses
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
