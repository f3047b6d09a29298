import CCurl
import Foundation

/// One libcurl easy handle and everything it needs until it completes: the header list, the body
/// buffer, the response headers and the redirect chain.
///
/// Threading: created, driven and destroyed on the `TransferLoop` thread only. libcurl calls the write
/// and header callbacks on that thread, from inside `curl_multi_perform`; the context pointer they get is
/// this object unretained, kept alive by the loop's table of active transfers.
final class Transfer: CurlResponseReceiver {
    let request: FetchRequest
    let target: RequestTarget
    let batchID: UInt64
    private let handle: CurlEasyHandle
    var easy: UnsafeMutableRawPointer { handle.easy }
    private let configuration: FetchConfiguration
    private var body: [UInt8] = []
    private var headers = ResponseHeaders()
    private var headerBytes = 0
    private var visited: Set<String> = []
    /// Set when a callback stops the transfer; it explains the error libcurl then reports.
    private var abortReason: FetchError?

    /// Returns nil when libcurl cannot create a handle (out of memory).
    init?(request: FetchRequest, batchID: UInt64, configuration: FetchConfiguration) {
        guard let handle = CurlEasyHandle() else { return nil }
        self.handle = handle
        self.request = request
        self.target = RequestTarget(request: request)
        self.batchID = batchID
        self.configuration = configuration
        configure()
    }

    /// The result of a transfer that libcurl reported done with `code`.
    func result(code: CURLcode) -> FetchResult {
        var status = 0
        var redirects = 0
        var microseconds: curl_off_t = 0
        var effective: UnsafeMutablePointer<CChar>?
        longInfo(CURLINFO_RESPONSE_CODE, into: &status)
        longInfo(CURLINFO_REDIRECT_COUNT, into: &redirects)
        _ = tidings_curl_easy_getinfo_off(easy, CURLINFO_TOTAL_TIME_T, &microseconds)
        _ = tidings_curl_easy_getinfo_string(easy, CURLINFO_EFFECTIVE_URL, &effective)
        let finalURL = effective.map { RequestTarget.withoutCredentials(String(cString: $0)) } ?? target.url

        var error = abortReason ?? transportError(code) ?? statusError(status)
        var body = self.body
        if error == nil {
            switch ContentDecoding.decode(body, field: headers.contentEncoding, limit: configuration.maxBodyBytes) {
            case .success(let decoded): body = decoded
            case .failure(let failure): error = failure
            }
        }
        // What arrived of a body cut short is kept, for a caller that can use a part (a refresh adds the
        // items that closed); a part of a coded stream cannot be decoded.
        let keepsPart = error == .truncated && statusError(status) == nil && status != 304
            && ContentDecoding.codings(headers.contentEncoding).isEmpty
        var permanent: String?
        let hops = headers.hopStatuses
        if redirects > 0, hops.count == redirects + 1, hops.dropLast().allSatisfy({ $0 == 301 || $0 == 308 }) {
            permanent = finalURL
        }
        return FetchResult(
            requestID: request.id, url: target.url, finalURL: finalURL, status: status,
            etag: headers.etag, lastModified: headers.lastModified, contentType: headers.mediaType,
            charset: headers.charset, retryAfter: headers.retryAfter(), cacheMaxAge: headers.cacheMaxAge,
            body: error == nil || keepsPart ? body : [], notModified: error == nil && status == 304,
            permanentRedirect: permanent, redirectCount: redirects,
            totalSeconds: Double(microseconds) / 1_000_000, error: error)
    }

    /// Called from the write callback with body bytes as sent (still encoded: `ContentDecoding`
    /// decodes them at the end, within the same limit); returns the count libcurl expects, or 0 to
    /// abort once the body passes the limit.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard body.count + bytes.count <= configuration.maxBodyBytes else {
            abortReason = .tooLarge(limit: configuration.maxBodyBytes)
            return 0
        }
        body.append(contentsOf: bytes)
        return bytes.count
    }

    /// Called from the header callback with one header line; returns the count libcurl expects, or 0 to
    /// abort on oversized headers or a redirect loop.
    func receiveHeader(_ line: UnsafeRawBufferPointer) -> Int {
        headerBytes += line.count
        guard headerBytes <= configuration.maxHeaderBytes else {
            abortReason = .headersTooLarge(limit: configuration.maxHeaderBytes)
            return 0
        }
        if headers.read(line: line) {
            var current: UnsafeMutablePointer<CChar>?
            _ = tidings_curl_easy_getinfo_string(easy, CURLINFO_EFFECTIVE_URL, &current)
            let url = current.map { String(cString: $0) } ?? target.url
            guard visited.insert(url).inserted else {
                abortReason = .redirectLoop(url: RequestTarget.withoutCredentials(url))
                return 0
            }
            body.removeAll(keepingCapacity: true)
        }
        return line.count
    }
}

extension Transfer {
    private func configure() {
        CurlEasyOptions.applyCommon(easy, target: target, configuration: configuration, protocols: "http,https,file")
        setLong(CURLOPT_TIMEOUT_MS, Int(configuration.totalTimeout * 1000))
        if configuration.lowSpeedTime > 0 {
            setLong(CURLOPT_LOW_SPEED_LIMIT, configuration.lowSpeedLimit)
            setLong(CURLOPT_LOW_SPEED_TIME, configuration.lowSpeedTime)
        }
        setLong(CURLOPT_PIPEWAIT, 1)  // wait to multiplex on an HTTP/2 connection rather than open another
        var lines = [
            "Accept: application/rss+xml, application/atom+xml, application/feed+json, "
                + "application/xml;q=0.9, text/xml;q=0.9, */*;q=0.8",
            "Accept-Encoding: " + ContentDecoding.acceptEncoding,
        ]
        if let etag = request.etag.flatMap(Self.headerValue) {
            lines.append("If-None-Match: " + etag)
        }
        if let lastModified = request.lastModified.flatMap(Self.headerValue) {
            lines.append("If-Modified-Since: " + lastModified)
        }
        configureMethod()
        CurlEasyOptions.applyRequest(handle, headers: withRequestHeaders(lines), receiver: self)
    }

    /// A stored validator made safe to send: control characters are dropped (scalar by scalar, since "\r\n"
    /// is one Character), so a hostile server cannot inject header lines through it.
    static func headerValue(_ value: String) -> String? {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: value.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F })
        let kept = String(scalars)
        let clean = RequestTarget.endsInVisibleASCII(kept) ? kept : kept.trimmingCharacters(in: .whitespaces)
        return clean.isEmpty ? nil : clean
    }

    private func setLong(_ option: CURLoption, _ value: Int) {
        CurlEasyOptions.setLong(easy, option, value)
    }

    private func setString(_ option: CURLoption, _ value: String) {
        CurlEasyOptions.setString(easy, option, value)
    }

    private func longInfo(_ info: CURLINFO, into value: inout Int) {
        var long = 0
        if tidings_curl_easy_getinfo_long(easy, info, &long) == CURLE_OK {
            value = long
        }
    }

    private func transportError(_ code: CURLcode) -> FetchError? {
        FetchError(curlCode: code, detail: handle.errorMessage, maxRedirects: configuration.maxRedirects)
    }

    private func statusError(_ status: Int) -> FetchError? {
        switch status {
        case 0..<300, 304: return nil
        case 410: return .gone
        case 429: return .rateLimited(retryAfter: headers.retryAfter())
        case 503 where headers.retryAfterValue != nil: return .rateLimited(retryAfter: headers.retryAfter())
        default: return .httpStatus(status)
        }
    }
}

extension Transfer {
    /// `defaults` with the request's own headers after them: a caller's `Accept` replaces the feed
    /// types, a body brings its Content-Type, and a header with a name that is not a token or a value
    /// that becomes empty is left out rather than sent malformed.
    private func withRequestHeaders(_ defaults: [String]) -> [String] {
        var lines = defaults
        let names = Set(request.headers.map { $0.name.lowercased() })
        if names.contains("accept") { lines.removeAll { $0.hasPrefix("Accept: ") } }
        if let body = request.body, !names.contains("content-type"),
            let type = Self.headerValue(body.contentType)
        {
            lines.append("Content-Type: " + type)
        }
        if request.method == .post {
            lines.append("Expect:")  // no 100-continue round trip before a larger form
        }
        for header in request.headers where Self.isToken(header.name) {
            if let value = Self.headerValue(header.value) { lines.append(header.name + ": " + value) }
        }
        return lines
    }

    /// Makes a POST send the request's body; libcurl copies it, so the request may go after this.
    private func configureMethod() {
        guard request.method == .post else { return }
        let bytes = request.body?.bytes ?? []
        setLong(CURLOPT_POST, 1)
        _ = tidings_curl_easy_setopt_off(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bytes.count))
        if bytes.isEmpty {
            setString(CURLOPT_COPYPOSTFIELDS, "")
        } else {
            bytes.withUnsafeBytes { buffer in
                let start = UnsafeMutableRawPointer(mutating: buffer.baseAddress)
                _ = tidings_curl_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, start)
            }
        }
    }

    /// True when `name` is a non-empty HTTP token (RFC 9110), so it cannot end a header line early.
    private static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "a")...UInt8(ascii: "z"):
                true
            default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
    }
}
