import CCurl

extension FetchError {
    /// The error for a transfer libcurl ended with `code`; nil for CURLE_OK. `detail` is libcurl's
    /// error buffer, named when no case fits.
    init?(curlCode code: CURLcode, detail: String, maxRedirects: Int) {
        switch code {
        case CURLE_OK: return nil
        case CURLE_OPERATION_TIMEDOUT: self = .timeout
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: self = .dns
        case CURLE_COULDNT_CONNECT: self = .connectFailed
        case CURLE_TOO_MANY_REDIRECTS: self = .tooManyRedirects(limit: maxRedirects)
        case CURLE_UNSUPPORTED_PROTOCOL: self = .protocolNotAllowed
        case CURLE_PARTIAL_FILE: self = .truncated
        case CURLE_FILE_COULDNT_READ_FILE: self = .fileUnreadable
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ENGINE_INITFAILED:
            self = .tls
        default:
            self = .other(detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail)
        }
    }
}
