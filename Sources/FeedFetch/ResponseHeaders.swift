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

    /// Reads one header line; returns true when the line was a status line of a non-interim response.
    mutating func read(line: UnsafeRawBufferPointer) -> Bool {
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
        default: break
        }
        return false
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
