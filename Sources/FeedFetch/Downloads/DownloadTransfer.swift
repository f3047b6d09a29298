import CCurl
import Foundation

/// One download's libcurl easy handle and its partial file: the body goes from libcurl's write
/// callback into the file through `PartFile`'s fixed buffer, never held in memory whole.
///
/// Threading: created, driven and destroyed on the `Downloader` thread only; libcurl calls the write and
/// header callbacks there, from inside `curl_multi_perform`, with this object unretained as context
/// (kept alive by the downloader's table of active transfers).
final class DownloadTransfer: CurlResponseReceiver {
    let request: DownloadRequest
    let target: RequestTarget
    private let handle: CurlEasyHandle
    var easy: UnsafeMutableRawPointer { handle.easy }
    private let configuration: FetchConfiguration
    private let limits: DownloadLimits
    private let file: PartFile
    private var headers = ResponseHeaders()
    /// The Content-Range of the current response, as "start-end/total" parts.
    private var rangeStart: Int64?
    private var rangeTotal: Int64?
    /// Where the response's bytes go; set when the first body byte (or the end) shows what it is.
    private var offset: Int64
    private var decided = false
    private(set) var total: Int64?
    /// Set once; the downloader reports it as `.started`.
    private(set) var startedEvent: DownloadEvent?
    private var abortReason: DownloadError?

    /// Opens (creating) the partial file and prepares the handle; throws a `DownloadError` when the
    /// file cannot be opened or libcurl cannot make a handle.
    init(request: DownloadRequest, configuration: FetchConfiguration, limits: DownloadLimits) throws(DownloadError) {
        let file = try PartFile(path: request.partPath)
        guard let handle = CurlEasyHandle() else {
            throw DownloadError.writeFailed(path: request.partPath, reason: "libcurl could not make a handle")
        }
        self.file = file
        self.handle = handle
        self.request = request
        self.target = RequestTarget(request: FetchRequest(id: request.id, url: request.url))
        self.configuration = configuration
        self.limits = limits
        // Bytes without the validator they came with cannot be continued safely: start again.
        offset = request.validator == nil ? 0 : file.sizeWhenOpened
        configure()
    }

    /// Bytes of the file now in the partial file (not those still in its buffer).
    var done: Int64 { startedEvent == nil ? offset : file.written }

    /// Writes the bytes waiting in the buffer, so that the partial file holds all that arrived; a
    /// failure (a full disk) stops the transfer at its next callback.
    func flush() {
        guard abortReason == nil else { return }
        do {
            try file.flush()
        } catch {
            abortReason = error
        }
    }

    /// How the download ended when libcurl reported it done with `code`. On success the file is
    /// flushed to disk and its size checked against what the server announced.
    func result(code: CURLcode) -> DownloadResult {
        var status = 0
        _ = tidings_curl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        if !decided, abortReason == nil, code == CURLE_OK { decide(status: status) }
        flush()  // what arrived before a failure is kept too, to resume from
        var error = abortReason ?? failure(code: code, status: status)
        if error == nil {
            do {
                try file.sync()
            } catch let failure {
                error = failure
            }
        }
        let size = file.size ?? done
        if error == nil, let total, size != total {
            error = size < total ? .fetch(.truncated) : .sizeMismatch(expected: total, received: size)
        }
        return DownloadResult(
            id: request.id, url: target.url, bytes: size, total: total, status: status, etag: headers.etag,
            lastModified: headers.lastModified, error: error)
    }

    private func failure(code: CURLcode, status: Int) -> DownloadError? {
        var connected: curl_off_t = 0
        _ = tidings_curl_easy_getinfo_off(easy, CURLINFO_CONNECT_TIME_T, &connected)
        // Connected, then too few bytes for the stall time (there is no limit on the whole transfer).
        if code == CURLE_OPERATION_TIMEDOUT, connected > 0 { return .stalled(seconds: limits.stallSeconds) }
        if let error = FetchError(curlCode: code, detail: handle.errorMessage, maxRedirects: configuration.maxRedirects) {
            return .fetch(error)
        }
        switch status {
        case 200..<300: return nil
        case 410: return .fetch(.gone)
        case 429: return .fetch(.rateLimited(retryAfter: headers.retryAfter()))
        default: return .fetch(.httpStatus(status))
        }
    }

    /// The response is the final one: choose where its body goes. A 206 continues at `offset` (its
    /// Content-Range must start there); any other success rewrites the file from zero; a 416 for a
    /// partial file that already holds the whole file (`bytes */N`, N its size) needs nothing more.
    private func decide(status: Int) {
        decided = true
        var length: curl_off_t = -1
        _ = tidings_curl_easy_getinfo_off(easy, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length)
        switch status {
        case 206:
            guard rangeStart == offset else {
                abortReason = .unusableRange
                return
            }
            total = rangeTotal ?? (length >= 0 ? offset + Int64(length) : nil)
        case 416 where offset > 0 && rangeTotal == offset:
            total = offset
            return
        case 200..<300:
            offset = 0
            total = length >= 0 ? Int64(length) : nil
        default:
            return
        }
        do {
            try file.start(at: offset)
        } catch {
            abortReason = error
            return
        }
        startedEvent = .started(
            id: request.id, offset: offset, total: total, etag: headers.etag, lastModified: headers.lastModified)
    }

    /// Called from the write callback: writes the bytes of a successful response to the file; the
    /// body of an error response is dropped. Returns the count libcurl expects, or 0 to stop.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        var status = 0
        if !decided {
            _ = tidings_curl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
            decide(status: status)
        }
        if abortReason != nil { return 0 }
        guard startedEvent != nil else { return bytes.count }
        do {
            try file.append(bytes)
        } catch {
            abortReason = error
            return 0
        }
        return bytes.count
    }

    /// Called from the header callback with one line: a status line starts a new response (a redirect
    /// hop), so the range read so far belongs to an earlier one.
    func receiveHeader(_ line: UnsafeRawBufferPointer) -> Int {
        if headers.read(line: line) {
            rangeStart = nil
            rangeTotal = nil
            return line.count
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.count > 14, text.prefix(14).lowercased() == "content-range:" else { return line.count }
        // "bytes 100-199/1000" or "bytes */1000".
        let value = text.dropFirst(14).trimmingCharacters(in: .whitespacesAndNewlines)
        guard value.lowercased().hasPrefix("bytes ") else { return line.count }
        let spec = value.dropFirst(6)
        let parts = spec.split(separator: "/", maxSplits: 1)
        guard parts.count == 2 else { return line.count }
        rangeTotal = Int64(parts[1])
        rangeStart = parts[0].split(separator: "-").first.flatMap { Int64($0) }
        return line.count
    }
}

extension DownloadTransfer {
    private func configure() {
        CurlEasyOptions.applyCommon(easy, target: target, configuration: configuration, protocols: "http,https")
        // No limit on the whole transfer (an episode may take an hour); a stall ends it instead.
        setLong(CURLOPT_LOW_SPEED_LIMIT, max(1, limits.stallBytesPerSecond))
        setLong(CURLOPT_LOW_SPEED_TIME, max(1, limits.stallSeconds))
        setLong(CURLOPT_BUFFERSIZE, 512 * 1024)  // fewer, larger reads from the socket
        var lines = ["Accept-Encoding: identity"]
        if offset > 0, let validator = request.validator.flatMap(Transfer.headerValue) {
            lines.append("Range: bytes=\(offset)-")
            lines.append("If-Range: " + validator)
        }
        CurlEasyOptions.applyRequest(handle, headers: lines, receiver: self)
    }

    private func setLong(_ option: CURLoption, _ value: Int) {
        CurlEasyOptions.setLong(easy, option, value)
    }
}
