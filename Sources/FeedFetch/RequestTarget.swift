import Foundation

/// A request's URL made ready for libcurl: credentials moved out, plain paths turned into `file://`,
/// and the key that groups transfers to the same server for the per-host limit.
struct RequestTarget: Sendable {
    /// The URL without user information.
    let url: String
    let credentials: FetchCredentials?
    /// `scheme://host:port` in lower case, or `file:` for local files.
    let hostKey: String
    let isFile: Bool

    init(request: FetchRequest) {
        let raw = Self.trimmed(request.url)
        if raw.hasPrefix("/") {
            let encoded = raw.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? raw
            self.init(url: "file://" + encoded, credentials: request.credentials, hostKey: "file:", isFile: true)
            return
        }
        guard let schemeEnd = raw.utf8.firstRange(of: "://".utf8) else {
            self.init(url: raw, credentials: request.credentials, hostKey: raw, isFile: false)
            return
        }
        let scheme = raw[..<schemeEnd.lowerBound].lowercased()
        if scheme == "file" {
            self.init(url: raw, credentials: request.credentials, hostKey: "file:", isFile: true)
            return
        }
        let afterScheme = raw[schemeEnd.upperBound...]
        let authorityEnd = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? raw.endIndex
        var authority = afterScheme[..<authorityEnd]
        var credentials = request.credentials
        if let at = authority.lastIndex(of: "@") {
            let userInfo = authority[..<at]
            authority = authority[authority.index(after: at)...]
            if credentials == nil {
                let colon = userInfo.firstIndex(of: ":")
                let user = userInfo[..<(colon ?? userInfo.endIndex)]
                let password = colon.map { userInfo[userInfo.index(after: $0)...] } ?? ""
                credentials = FetchCredentials(
                    user: String(user).removingPercentEncoding ?? String(user),
                    password: String(password).removingPercentEncoding ?? String(password))
            }
        }
        let url = scheme + "://" + authority + raw[authorityEnd...]
        self.init(
            url: url, credentials: credentials, hostKey: scheme + "://" + authority.lowercased(), isFile: false)
    }

    private init(url: String, credentials: FetchCredentials?, hostKey: String, isFile: Bool) {
        self.url = url
        self.credentials = credentials
        self.hostKey = hostKey
        self.isFile = isFile
    }

    /// `text` without white space and line ends around it. Most URLs have none: looking at their
    /// ends costs far less than Foundation's trimming, which ran for every request and response.
    private static func trimmed(_ text: String) -> String {
        endsInVisibleASCII(text) ? text : text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// True when `text` begins and ends with a visible ASCII character (or DEL): then there is no
    /// white space or line end around it to trim.
    static func endsInVisibleASCII(_ text: String) -> Bool {
        guard let first = text.utf8.first, let last = text.utf8.last else { return false }
        return first > 0x20 && first < 0x80 && last > 0x20 && last < 0x80
    }

    /// `url` with any user information removed (for URLs that come back from libcurl).
    static func withoutCredentials(_ url: String) -> String {
        RequestTarget(request: FetchRequest(id: 0, url: url)).url
    }
}
