import Foundation

/// Checks and resolves URLs found in untrusted HTML.
enum HTMLURL {
    /// Schemes a link or media source may use.
    private static let safeSchemes: Set<String> = [
        "http", "https", "mailto", "ftp", "ftps", "tel", "news", "nntp", "irc", "ircs", "gopher", "gemini",
        "magnet", "xmpp", "sip", "geo", "feed",
    ]

    /// Image types allowed in `data:` URLs of `img src` (no SVG: it can carry script).
    private static let safeDataImagePrefixes = [
        "data:image/png", "data:image/gif", "data:image/jpeg", "data:image/jpg", "data:image/webp",
        "data:image/avif",
    ]

    /// The URL to keep for `reference`, resolved against `base`; `nil` when the URL is unsafe.
    ///
    /// Control characters and spaces anywhere in the value are removed before looking at the scheme,
    /// so `java\tscript:` and ` javascript:` are caught as browsers would read them.
    static func safe(_ reference: String, base: String?, allowDataImage: Bool = false) -> String? {
        var cleaned = String.UnicodeScalarView()
        var kept = String.UnicodeScalarView()
        for scalar in reference.unicodeScalars where scalar.value != 0x7F {
            if scalar.value > 0x20 { cleaned.append(scalar) }
            if scalar.value >= 0x20 { kept.append(scalar) }
        }
        if cleaned.isEmpty { return nil }
        let value = String(kept).trimmingCharacters(in: .whitespaces)
        if let scheme = scheme(of: String(cleaned)) {
            let lower = scheme.lowercased()
            if lower == "data" {
                guard allowDataImage else { return nil }
                let head = value.prefix(24).lowercased()
                return safeDataImagePrefixes.contains(where: { head.hasPrefix($0) }) ? value : nil
            }
            return safeSchemes.contains(lower) ? value : nil
        }
        guard reference.utf8.first != UInt8(ascii: "#") else { return value }
        return resolve(value, against: base)
    }

    /// `reference` resolved against `base` (the feed parser's resolver), kept only when the result
    /// still has a safe scheme.
    static func resolve(_ reference: String, against base: String?) -> String {
        let resolved = URLResolver.resolve(reference, against: base)
        guard resolved != reference else { return reference }
        guard let scheme = scheme(of: resolved)?.lowercased(), safeSchemes.contains(scheme) || scheme == "file" else {
            return reference
        }
        return resolved
    }

    /// The scheme of an absolute URL: letters, digits, `+`, `-`, `.` before the first `:` that comes
    /// before any `/`, `?` or `#`. A `:` after other characters (`a%3a`) is not a scheme and the value
    /// is treated as relative; an odd scheme (`java script:`, `&#1;:`) is returned so that it is rejected.
    static func scheme(of value: String) -> String? {
        var index = value.startIndex
        while index < value.endIndex {
            let character = value[index]
            if character == ":" { return index == value.startIndex ? nil : String(value[..<index]) }
            if character == "/" || character == "?" || character == "#" { return nil }
            index = value.index(after: index)
        }
        return nil
    }
}
