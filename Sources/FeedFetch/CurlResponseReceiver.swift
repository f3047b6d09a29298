import CCurl

/// The owner of an easy handle that takes its response from libcurl's callbacks: header lines and
/// body bytes, each returning the count taken (any other count aborts the transfer). Called on the
/// thread that runs the handle, from inside `curl_multi_perform`.
protocol CurlResponseReceiver: AnyObject {
    func receiveHeader(_ line: UnsafeRawBufferPointer) -> Int
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int
}

extension CurlEasyOptions {
    /// Sends `lines` as request headers, keeps libcurl's failure message in the handle's buffer and
    /// hands the response to `receiver`, passed unretained: its owner keeps it alive until the handle
    /// is done.
    static func applyRequest(_ handle: CurlEasyHandle, headers lines: [String], receiver: any CurlResponseReceiver) {
        let easy = handle.easy
        for line in lines { handle.headerList = curl_slist_append(handle.headerList, line) }
        _ = tidings_curl_easy_setopt_pointer(easy, CURLOPT_HTTPHEADER, handle.headerList)
        _ = tidings_curl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, handle.errorBuffer)
        let context = Unmanaged.passUnretained(receiver as AnyObject).toOpaque()
        _ = tidings_curl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context)
        _ = tidings_curl_easy_setopt_write_function(easy, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            guard let data, let owner = owner(of: context) else { return 0 }
            return owner.receiveBody(UnsafeRawBufferPointer(start: data, count: size * count))
        }
        _ = tidings_curl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context)
        _ = tidings_curl_easy_setopt_write_function(easy, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            guard let data, let owner = owner(of: context) else { return 0 }
            return owner.receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count))
        }
    }
}

/// The receiver a callback's context pointer stands for: a free function, as a C callback may not
/// capture anything.
private func owner(of context: UnsafeMutableRawPointer?) -> (any CurlResponseReceiver)? {
    context.flatMap { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() as? any CurlResponseReceiver }
}
