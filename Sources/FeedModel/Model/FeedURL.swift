/// When two feed addresses name one feed: the one comparison key the store, the feed list
/// (`feeds add`, `feeds import`) and refresh (redirects) all use, so that one URL is one feed.
///
/// The key is the URL with its scheme and host in lower case, the default port dropped (`:80` for
/// http, `:443` for https), an empty http(s) path made `/`, and the fragment dropped. The path and
/// query keep their case (`/Feed.xml` and `/feed.xml` are two feeds), and so does the user part.
/// Strings without a scheme (absolute paths) are only trimmed, less their fragment.
public enum FeedURL {
    public static func key(_ url: String) -> String {
        var text = Substring(url.trimmingCharacters(in: .whitespacesAndNewlines))
        if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
        guard let colon = text.firstIndex(of: ":"), isScheme(text[..<colon]) else { return String(text) }
        let scheme = text[..<colon].lowercased()
        var rest = text[text.index(after: colon)...]
        guard rest.hasPrefix("//") else { return scheme + ":" + rest }
        rest = rest.dropFirst(2)
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        var path = rest[authorityEnd...]
        let user: Substring
        var hostPort: Substring
        if let at = authority.lastIndex(of: "@") {
            user = authority[...at]
            hostPort = authority[authority.index(after: at)...]
        } else {
            user = ""
            hostPort = authority
        }
        let defaultPort = ["http": ":80", "https": ":443"][scheme]
        if let defaultPort, hostPort.hasSuffix(defaultPort) { hostPort = hostPort.dropLast(defaultPort.count) }
        if hostPort.hasSuffix(":") { hostPort = hostPort.dropLast() }
        if defaultPort != nil, path.isEmpty || path.first == "?" { path = "/" + path }
        return scheme + "://" + user + hostPort.lowercased() + path
    }

    /// True when both strings name the same feed (see `key`).
    public static func same(_ first: String, _ second: String) -> Bool {
        first == second || key(first) == key(second)
    }

    /// RFC 3986: a letter, then letters, digits, `+`, `-` or `.`.
    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }
}
