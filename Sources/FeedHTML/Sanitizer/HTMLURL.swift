import TidingsText

/// Checks and resolves URLs found in untrusted HTML, on their UTF-8 bytes.
///
/// The scheme is read as browsers read it: control characters and spaces anywhere in the value are
/// ignored (so `java\tscript:` and ` javascript:` are caught), letters compared without case. Only
/// relative references reach Foundation, through `URLResolver`.
enum HTMLURL {
    /// What to do with a URL attribute value (ranges index the value without control characters).
    enum Outcome {
        /// Drop the attribute.
        case unsafe
        /// Keep these bytes as they are.
        case keep(Range<Int>)
        /// A relative reference: resolve these bytes against the base URL.
        case relative(Range<Int>)
    }

    /// Schemes a link or media source may use, lower case.
    private static let safeSchemes: Set<ShortNameKey> = Set(
        [
            "http", "https", "mailto", "ftp", "ftps", "tel", "news", "nntp", "irc", "ircs", "gopher", "gemini",
            "magnet", "xmpp", "sip", "geo", "feed",
        ].map(ShortNameKey.init))

    private static let dataScheme = ShortNameKey("data")

    /// Image types allowed in `data:` URLs of `img src` (no SVG: it can carry script).
    private static let safeDataImagePrefixes: [[UInt8]] = [
        "data:image/png", "data:image/gif", "data:image/jpeg", "data:image/jpg", "data:image/webp",
        "data:image/avif",
    ].map { Array($0.utf8) }

    /// The URL to keep for `reference`, resolved against `base`; `nil` when the URL is unsafe.
    static func safe(_ reference: String, base: String?, allowDataImage: Bool = false) -> String? {
        var reference = reference
        return reference.withUTF8 { bytes in
            withoutControls(bytes) { value -> String? in
                let hash = bytes.first == UInt8(ascii: "#")
                switch check(
                    value, startsWithHash: hash, allowDataImage: allowDataImage, hasBase: !(base ?? "").isEmpty,
                    baseIsFile: isFileURL(base))
                {
                case .unsafe: return nil
                case .keep(let range): return String(decoding: value[range], as: UTF8.self)
                case .relative(let range): return resolve(String(decoding: value[range], as: UTF8.self), against: base)
                }
            }
        }
    }

    /// Calls `body` with `bytes` as the sanitizer's output will hold them, minus white space: without
    /// C0 control characters (tab and line feed included), DEL, U+FFFE, U+FFFF and the undefined C1
    /// controls, and with the other C1 controls as the windows-1252 characters they stand for (copied
    /// only when there are some). A URL is judged on what is written, since that is what a second
    /// pass reads: `href="\u{FFFE}"` would otherwise pass as a relative reference and be written as
    /// an empty one, which a second pass drops.
    static func withoutControls<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        guard bytes.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xEF }) else { return body(bytes) }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte < 0x20 || byte == 0x7F {
                i += 1
            } else if byte == 0xC2, i + 1 < bytes.count, bytes[i + 1] & 0xE0 == 0x80 {
                kept += Windows1252.c1UTF8[Int(bytes[i + 1] - 0x80)]
                i += 2
            } else if byte == 0xEF, i + 2 < bytes.count, bytes[i + 1] == 0xBF, bytes[i + 2] & 0xFE == 0xBE {
                i += 3
            } else {
                kept.append(byte)
                i += 1
            }
        }
        return kept.withUnsafeBufferPointer(body)
    }

    /// Decides about `value`, a URL attribute without control characters. `startsWithHash` tells
    /// whether the attribute as written began with `#` (a fragment link, kept unresolved); `hasBase`
    /// whether there is a base URL to resolve relative references against; `baseIsFile` whether that
    /// base is a `file:` URL (a feed read from disk), whose relative references resolve to `file:`
    /// URLs, which are then kept as they are, so that sanitizing the output again changes nothing.
    static func check(
        _ value: UnsafeBufferPointer<UInt8>, startsWithHash: Bool, allowDataImage: Bool, hasBase: Bool,
        baseIsFile: Bool = false
    ) -> Outcome {
        // Nothing but white space (a no-break space included) would be written as an empty URL,
        // which the next pass drops: dropped now.
        let trimmed = trimmedWhitespace(value)
        guard !trimmed.isEmpty else { return .unsafe }
        switch scheme(of: value) {
        case .none:
            if startsWithHash || !hasBase { return .keep(trimmed) }
            return .relative(trimmed)
        case .some(let key):
            if key == dataScheme {
                guard allowDataImage, isSafeDataImage(UnsafeBufferPointer(rebasing: value[trimmed])) else {
                    return .unsafe
                }
                return .keep(trimmed)
            }
            if baseIsFile, key == fileScheme { return .keep(trimmed) }
            return safeSchemes.contains(key) ? .keep(trimmed) : .unsafe
        }
    }

    private static let fileScheme = ShortNameKey("file")

    /// Whether `base` is a `file:` URL.
    static func isFileURL(_ base: String?) -> Bool {
        guard let base else { return false }
        return base.utf8.count > 5 && base.prefix(5).lowercased() == "file:"
    }

    /// `reference` resolved against `base` (the feed parser's resolver), kept only when the result
    /// still has a safe scheme.
    static func resolve(_ reference: String, against base: String?) -> String {
        let resolved = URLResolver.resolve(reference, against: base)
        guard resolved != reference else { return reference }
        var copy = resolved
        let safe = copy.withUTF8 { bytes -> Bool in
            guard let key = scheme(of: bytes) else { return false }
            return safeSchemes.contains(key) || key == ShortNameKey("file")
        }
        return safe ? resolved : reference
    }

    /// A `srcset` whose every candidate URL is safe and resolved; `nil` when none is. Candidates are
    /// split at commas, their URL and descriptors at ASCII white space; descriptors are kept as they
    /// will be written (see `withoutControls`), and left out when nothing of them would be.
    static func safeSourceSet(_ value: String, base: String?) -> String? {
        var candidates: [String] = []
        for candidate in value.unicodeScalars.split(separator: ",") {
            let parts = candidate.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{C}" })
            guard let first = parts.first, let url = safe(String(first), base: base) else { continue }
            let descriptors = parts.dropFirst().map { part in
                var text = String(part)
                return text.withUTF8 { bytes in withoutControls(bytes) { String(decoding: $0, as: UTF8.self) } }
            }
            candidates.append(([url] + descriptors.filter { !$0.isEmpty }).joined(separator: " "))
        }
        return candidates.isEmpty ? nil : candidates.joined(separator: ", ")
    }

    /// The lower-cased scheme of an absolute URL: the bytes before the first `:` that comes before any
    /// `/`, `?` or `#`, spaces ignored. A value starting with `:` has none (it is relative). A scheme
    /// with bytes outside ASCII, or too long to be a known one, comes back as an empty key, which no
    /// table holds, so it is rejected; so is an odd one such as `&#1;:`.
    static func scheme(of value: UnsafeBufferPointer<UInt8>) -> ShortNameKey? {
        var key = ShortNameKey()
        var odd = false
        for byte in value where byte > 0x20 && byte != 0x7F {
            switch byte {
            case UInt8(ascii: ":"):
                if key.count == 0 { return nil }
                return odd || !key.isComparable ? ShortNameKey() : key
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"):
                return nil
            default:
                if byte >= 0x80 { odd = true }
                key.append(byte &- 0x41 < 26 ? byte | 0x20 : byte)
            }
        }
        return nil
    }

    /// Whether `value` starts with one of the allowed `data:image/...` types, ignoring case. A type
    /// followed by a non-ASCII byte (which could be a combining mark) does not count.
    private static func isSafeDataImage(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        safeDataImagePrefixes.contains { prefix in
            guard value.count >= prefix.count else { return false }
            for i in 0..<prefix.count {
                let byte = value[i]
                if (byte &- 0x41 < 26 ? byte | 0x20 : byte) != prefix[i] { return false }
            }
            return value.count == prefix.count || value[prefix.count] < 0x80
        }
    }

    /// `value` without leading and trailing white space as Foundation's `.whitespaces` has it
    /// (Unicode category Zs; tabs are already gone).
    private static func trimmedWhitespace(_ value: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = 0
        var end = value.count
        while start < end, let width = spaceWidth(value, at: start) { start += width }
        while end > start, let width = spaceWidth(endingAt: end, in: value, from: start) { end -= width }
        return start..<end
    }

    /// The byte length of a Zs character starting at `index`, or nil.
    private static func spaceWidth(_ value: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        for width in 1...3 where index + width <= value.count {
            if isSpace(value, index..<(index + width)) { return width }
        }
        return nil
    }

    /// The byte length of a Zs character ending just before `end` (not before `start`), or nil.
    private static func spaceWidth(endingAt end: Int, in value: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        for width in 1...3 where end - width >= start {
            if isSpace(value, (end - width)..<end) { return width }
        }
        return nil
    }

    /// Whether the bytes in `range` are exactly one character of Unicode category Zs.
    private static func isSpace(_ value: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let b0 = value[range.lowerBound]
        switch range.count {
        case 1:
            return b0 == 0x20
        case 2:
            return b0 == 0xC2 && value[range.lowerBound + 1] == 0xA0
        default:
            let b1 = value[range.lowerBound + 1]
            let b2 = value[range.lowerBound + 2]
            switch (b0, b1) {
            case (0xE1, 0x9A): return b2 == 0x80  // U+1680
            case (0xE2, 0x80): return b2 <= 0x8A && b2 >= 0x80 || b2 == 0xAF  // U+2000-200A, U+202F
            case (0xE2, 0x81): return b2 == 0x9F  // U+205F
            case (0xE3, 0x80): return b2 == 0x80  // U+3000
            default: return false
            }
        }
    }
}
