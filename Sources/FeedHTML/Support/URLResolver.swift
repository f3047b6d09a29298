import Foundation

/// Resolves the relative references a feed carries (links, enclosures, `xml:base` itself) against a
/// base URL. Absolute references are returned untouched without going through Foundation.
package enum URLResolver {
    /// `reference` made absolute against `base`; the reference unchanged when it cannot be resolved.
    package static func resolve(_ reference: String, against base: String?) -> String {
        guard let base, !base.isEmpty, !hasScheme(reference) else { return reference }
        guard let baseURL = URL(string: base),
            let resolved = URL(string: reference, relativeTo: baseURL)?.absoluteURL
        else { return reference }
        return resolved.absoluteString
    }

    /// True when the reference starts with `scheme:` (RFC 3986: a letter, then letters, digits, + - .).
    package static func hasScheme(_ reference: String) -> Bool {
        var first = true
        for b in reference.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                break
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                if first { return false }
            case UInt8(ascii: ":"):
                return !first
            default:
                return false
            }
            first = false
        }
        return false
    }
}
