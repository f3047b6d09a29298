import CByteScan

/// Recognises HTML that `HTMLSanitizer` would return unchanged, with one pass over its bytes and no
/// parse, so that such HTML (most stored bodies are plain paragraphs, links and emphasis) skips
/// libxml2. A `true` answer is a proof for a narrow form: anything the scan is not sure about is
/// `false`, and the full sanitizer decides. Accepted:
/// - text of characters the sanitizer copies as they are (no C0 control but tab and line feed, no
///   DEL, no C1 control, no U+FFFE/U+FFFF), with `&`, `<`, `>` only as `&amp;`, `&lt;`, `&gt;`;
///   not starting with white space or U+FEFF (the parser skips them there);
/// - start tags of elements whose tag the sanitizer keeps (not the void elements libxml2 keeps open,
///   `source`, `track`, `wbr`), written as the sanitizer writes them: lower-case name, then
///   ` name="value"` for each attribute, each allowed on that element and given once, values in the
///   sanitizer's escaping (`&amp;`, `&quot;`, `&lt;`, `&gt;`, no control character); a URL attribute
///   (not `srcset`) only when `HTMLURL.check` keeps its whole value as it is against this base;
/// - end tags `</name>` that close the innermost open element; void elements without one; every
///   element closed at the end; no start tag that libxml2 takes as closing the open element
///   (`HTMLReparseRules`); nesting no deeper than `maximumDepth`.
/// Text before the first tag is wrapped by the parser in an implied `p`, which the sanitizer does not
/// write, so it is accepted. `Tests/FeedHTMLTests/Sanitizer/SanitizedFormCheckTests` and the sanitize fuzz
/// harness check that every accepted input is what the full sanitizer returns.
enum SanitizedFormCheck {
    /// Deeper nesting is left to the full sanitizer (which drops tags beyond `HTMLSanitizer.maximumDepth`,
    /// counting the parser's implied `html`, `body` and `p`).
    static let maximumDepth = 64

    /// Whether sanitizing `html` (UTF-8, as a Swift String holds it: valid) against `baseURL` returns it
    /// byte for byte.
    static func isUnchanged(_ html: UnsafeBufferPointer<UInt8>, baseURL: String?) -> Bool {
        guard let base = html.baseAddress, html.count > 0, !isBlank(base[0]),
              !html.starts(with: [0xEF, 0xBB, 0xBF]) else { return false }
        let urls = URLContext(baseURL: baseURL)
        return withUnsafeTemporaryAllocation(of: HTMLElement.self, capacity: maximumDepth) { stack in
            var scanner = Scanner(bytes: base, count: html.count, urls: urls, stack: stack)
            return scanner.scan()
        }
    }

    /// The white space libxml2 skips at the start of a document, and the sanitizer at the start of its output.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// What `SanitizedOutput.appendURLAttribute` reads of the base URL, worked out once per call.
    struct URLContext {
        let hasBase: Bool
        let baseIsFile: Bool

        init(baseURL: String?) {
            hasBase = baseURL.map { !$0.isEmpty } ?? false
            baseIsFile = HTMLURL.isFileURL(baseURL)
        }
    }

    /// One pass over the bytes; `false` from any step means "not proven".
    private struct Scanner {
        let bytes: UnsafePointer<UInt8>
        let count: Int
        let urls: URLContext
        let stack: UnsafeMutableBufferPointer<HTMLElement>
        var depth = 0
        var i = 0

        init(bytes: UnsafePointer<UInt8>, count: Int, urls: URLContext, stack: UnsafeMutableBufferPointer<HTMLElement>) {
            self.bytes = bytes
            self.count = count
            self.urls = urls
            self.stack = stack
        }

        mutating func scan() -> Bool {
            while i < count {
                // Runs of text that the sanitizer copies as they are, sixteen bytes at a time.
                i = tidings_scan_sanitized_text_special(bytes, i, count)
                guard i < count else { break }
                let byte = bytes[i]
                switch byte {
                case UInt8(ascii: "<"):
                    guard tag() else { return false }
                case UInt8(ascii: "&"):
                    guard let length = reference(inAttribute: false) else { return false }
                    i += length
                case UInt8(ascii: ">"):
                    return false
                default:
                    guard let length = copiedCharacter(byte) else { return false }
                    i += length
                }
            }
            return depth == 0
        }

        /// The length of the character at `i` when the sanitizer copies it as it is in text and
        /// attribute values (tab and line feed included), nil otherwise. Markup bytes are handled
        /// by the callers.
        private func copiedCharacter(_ byte: UInt8) -> Int? {
            if byte >= 0x20 && byte < 0x7F { return 1 }
            if byte == 0x09 || byte == 0x0A { return 1 }
            if byte < 0x80 { return nil }
            if byte == 0xC2 {
                guard i + 1 < count, bytes[i + 1] >= 0xA0 else { return nil }
                return 2
            }
            if byte == 0xEF, i + 2 < count, bytes[i + 1] == 0xBF, bytes[i + 2] & 0xFE == 0xBE { return nil }
            return 1
        }

        /// The length of the reference at `i` (`&amp;`, `&lt;`, `&gt;`, and `&quot;` in attribute values),
        /// which the parser decodes and the sanitizer writes back the same; nil for any other.
        private func reference(inAttribute: Bool) -> Int? {
            func matches(_ name: StaticString) -> Bool {
                let length = name.utf8CodeUnitCount
                guard i + length < count else { return false }
                for k in 0..<length where bytes[i + 1 + k] != name.utf8Start[k] { return false }
                return true
            }
            if matches("amp;") { return 5 }
            if matches("lt;") || matches("gt;") { return 4 }
            if inAttribute && matches("quot;") { return 6 }
            return nil
        }

        /// A lower-case ASCII name (letters, and digits after the first) at `i`, as its table key.
        private mutating func name() -> ShortNameKey? {
            var key = ShortNameKey()
            guard i < count, bytes[i] &- UInt8(ascii: "a") < 26 else { return nil }
            while i < count {
                let byte = bytes[i]
                guard byte &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 else { break }
                key.append(byte)
                i += 1
            }
            return key
        }

        /// A start or end tag at `i` in the sanitizer's form.
        private mutating func tag() -> Bool {
            i += 1
            guard i < count else { return false }
            if bytes[i] == UInt8(ascii: "/") {
                i += 1
                guard let key = name(), i < count, bytes[i] == UInt8(ascii: ">"), depth > 0,
                    stack[depth - 1] == HTMLElement.named(key)
                else { return false }
                i += 1
                depth -= 1
                return true
            }
            guard let key = name() else { return false }
            let element = HTMLElement.named(key)
            guard element.isAllowed, !HTMLReparseRules.staysOpen(element) else { return false }
            if depth > 0, HTMLReparseRules.startTag(element, closes: stack[depth - 1]) { return false }
            var seen: UInt64 = 0
            while i < count, bytes[i] == UInt8(ascii: " ") {
                i += 1
                guard let attributeKey = name() else { return false }
                let attribute = HTMLAttribute.named(attributeKey)
                let bit: UInt64 = 1 << UInt64(attribute.rawValue)
                guard attribute.isAllowed(on: element), seen & bit == 0, attribute != .srcset else { return false }
                seen |= bit
                guard i + 1 < count, bytes[i] == UInt8(ascii: "="), bytes[i + 1] == UInt8(ascii: "\"") else {
                    return false
                }
                i += 2
                guard attributeValue(attribute, on: element) else { return false }
            }
            guard i < count, bytes[i] == UInt8(ascii: ">") else { return false }
            i += 1
            if element.isVoid { return true }
            guard depth < stack.count else { return false }
            stack[depth] = element
            depth += 1
            return true
        }

        /// A double-quoted attribute value at `i` (after the opening quote) that the sanitizer writes as
        /// it is; moves past the closing quote.
        private mutating func attributeValue(_ attribute: HTMLAttribute, on element: HTMLElement) -> Bool {
            let start = i
            var references = false
            var nonASCII = false
            while i < count {
                let byte = bytes[i]
                switch byte {
                case UInt8(ascii: "\""):
                    let value = UnsafeBufferPointer(start: bytes + start, count: i - start)
                    i += 1
                    guard attribute.isURL else { return true }
                    // `HTMLURL.withoutControls` rewrites values holding these lead bytes; they are left to
                    // the full sanitizer.
                    guard !nonASCII else { return false }
                    return isKeptURL(value, references: references, allowDataImage: element == .img && attribute == .src)
                case UInt8(ascii: "&"):
                    guard let length = reference(inAttribute: true) else { return false }
                    references = true
                    i += length
                case UInt8(ascii: "<"), UInt8(ascii: ">"), 0x09, 0x0A:
                    return false
                default:
                    guard let length = copiedCharacter(byte) else { return false }
                    if byte == 0xC2 || byte == 0xEF { nonASCII = true }
                    i += length
                }
            }
            return false
        }

        /// Whether `HTMLURL.check` keeps the whole decoded `value` as it is.
        private func isKeptURL(_ value: UnsafeBufferPointer<UInt8>, references: Bool, allowDataImage: Bool) -> Bool {
            func kept(_ decoded: UnsafeBufferPointer<UInt8>) -> Bool {
                let outcome = HTMLURL.check(
                    decoded, startsWithHash: decoded.first == UInt8(ascii: "#"), allowDataImage: allowDataImage,
                    hasBase: urls.hasBase, baseIsFile: urls.baseIsFile)
                guard case .keep(let range) = outcome else { return false }
                return range == 0..<decoded.count
            }
            guard references else { return kept(value) }
            var decoded: [UInt8] = []
            decoded.reserveCapacity(value.count)
            var k = 0
            while k < value.count {
                if value[k] == UInt8(ascii: "&") {
                    switch value[k + 1] {
                    case UInt8(ascii: "a"): decoded.append(UInt8(ascii: "&")); k += 5
                    case UInt8(ascii: "l"): decoded.append(UInt8(ascii: "<")); k += 4
                    case UInt8(ascii: "g"): decoded.append(UInt8(ascii: ">")); k += 4
                    default: decoded.append(UInt8(ascii: "\"")); k += 6
                    }
                } else {
                    decoded.append(value[k])
                    k += 1
                }
            }
            return decoded.withUnsafeBufferPointer(kept)
        }
    }
}
