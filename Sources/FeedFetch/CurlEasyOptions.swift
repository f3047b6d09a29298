import CCurl

/// The easy-handle options a feed fetch (`Transfer`) and a download (`DownloadTransfer`) set alike:
/// the URL and the schemes allowed, redirects, the connect timeout, the User-Agent, bytes as sent,
/// the CA bundle and basic credentials; `applyRequest` sets the headers and callbacks. Each caller
/// adds its own limits.
enum CurlEasyOptions {
    /// `protocols` is libcurl's list of the schemes the first request may use; redirects may go to
    /// http and https only.
    static func applyCommon(
        _ easy: UnsafeMutableRawPointer, target: RequestTarget, configuration: FetchConfiguration, protocols: String
    ) {
        setString(easy, CURLOPT_URL, target.url)
        setString(easy, CURLOPT_PROTOCOLS_STR, protocols)
        setString(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        setLong(easy, CURLOPT_NOSIGNAL, 1)
        setLong(easy, CURLOPT_FOLLOWLOCATION, 1)
        setLong(easy, CURLOPT_MAXREDIRS, configuration.maxRedirects)
        setLong(easy, CURLOPT_CONNECTTIMEOUT_MS, Int(configuration.connectTimeout * 1000))
        setString(easy, CURLOPT_USERAGENT, configuration.userAgent)
        // Bytes arrive as sent: a feed is decoded whole once in (`ContentDecoding`), a download is the file.
        setLong(easy, CURLOPT_HTTP_CONTENT_DECODING, 0)
        setLong(easy, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)  // a proxy's CONNECT reply is not a redirect hop
        if let path = configuration.caBundlePath {
            setString(easy, CURLOPT_CAINFO, path)
        }
        if let credentials = target.credentials {
            setLong(easy, CURLOPT_HTTPAUTH, tidings_curl_auth_basic())
            setString(easy, CURLOPT_USERNAME, credentials.user)
            setString(easy, CURLOPT_PASSWORD, credentials.password)
        }
    }

    static func setLong(_ easy: UnsafeMutableRawPointer, _ option: CURLoption, _ value: Int) {
        _ = tidings_curl_easy_setopt_long(easy, option, value)
    }

    static func setString(_ easy: UnsafeMutableRawPointer, _ option: CURLoption, _ value: String) {
        _ = tidings_curl_easy_setopt_string(easy, option, value)
    }
}
