/// The canonical form of an article's link, under which two feeds carrying the same article (a planet
/// repeating a blog) are recognised: scheme and host lower-cased, the tracking parameters `utm_*`,
/// `fbclid`, `gclid` and `ref` removed from the query, the fragment dropped. Everything else (user,
/// port, path, the other parameters and their order, an IDN host's letters besides case) is kept as
/// written: two links that differ there may name different pages.
public enum CanonicalLink {
    /// The canonical form of `link` (surrounding white space trimmed); a text without a scheme is only
    /// trimmed and loses its fragment.
    public static func of(_ link: String) -> String {
        var text = Substring(link.drop { $0.isWhitespace })
        while let last = text.last, last.isWhitespace { text.removeLast() }
        if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
        guard let colon = text.range(of: "://"), isScheme(text[..<colon.lowerBound]) else { return String(text) }
        let scheme = text[..<colon.lowerBound].lowercased()
        let rest = text[colon.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        var pathAndQuery = rest[authorityEnd...]
        var query: Substring?
        if let mark = pathAndQuery.firstIndex(of: "?") {
            query = pathAndQuery[pathAndQuery.index(after: mark)...]
            pathAndQuery = pathAndQuery[..<mark]
        }
        var result = scheme + "://" + lowercasedHost(authority) + pathAndQuery
        if let query {
            let kept = query.split(separator: "&", omittingEmptySubsequences: false).filter { !isTracking($0) }
            if !kept.isEmpty { result += "?" + kept.joined(separator: "&") }
        }
        return result
    }

    /// RFC 3986: a letter, then letters, digits, `+`, `-` and `.`.
    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
        }
    }

    /// The authority with its host lower-cased: the user part (before `@`) and the port keep their case.
    private static func lowercasedHost(_ authority: Substring) -> String {
        let hostStart = authority.lastIndex(of: "@").map { authority.index(after: $0) } ?? authority.startIndex
        let host = authority[hostStart...]
        // A port follows the last colon, unless that colon is inside an IPv6 literal's brackets.
        var hostEnd = host.endIndex
        if let colon = host.lastIndex(of: ":"), !host[colon...].contains("]") { hostEnd = colon }
        return authority[..<hostStart] + host[..<hostEnd].lowercased() + host[hostEnd...]
    }

    /// A tracking parameter: `utm_*`, `fbclid`, `gclid` or `ref` (names compared ignoring case).
    private static func isTracking(_ parameter: Substring) -> Bool {
        let name = (parameter.firstIndex(of: "=").map { parameter[..<$0] } ?? parameter).lowercased()
        return name.hasPrefix("utm_") || name == "fbclid" || name == "gclid" || name == "ref"
    }
}
