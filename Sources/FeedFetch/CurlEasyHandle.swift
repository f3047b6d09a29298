import CCurl

/// One libcurl easy handle with the C memory libcurl points into while it runs: the request's header
/// list and the buffer for its failure message. All three are freed together when the handle goes.
///
/// Threading: owned by one transfer, on the thread that runs it.
final class CurlEasyHandle {
    let easy: UnsafeMutableRawPointer
    /// Set once by `CurlEasyOptions.applyRequest`; must outlive the transfer.
    var headerList: UnsafeMutablePointer<curl_slist>?
    let errorBuffer: UnsafeMutablePointer<CChar>

    /// Nil when libcurl cannot make a handle (out of memory).
    init?() {
        guard let easy = curl_easy_init() else { return nil }
        self.easy = easy
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    /// libcurl's message for the transfer's failure; empty when it gave none.
    var errorMessage: String {
        String(cString: errorBuffer)
    }
}
