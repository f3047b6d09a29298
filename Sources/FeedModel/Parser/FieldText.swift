import Foundation

/// The plain text of a one-line feed field (a title, the feed's description, rights, an author's
/// name) that may hold HTML: Atom `type="html"`/`"xhtml"` text, or RSS text with escaped markup.
///
/// Text that holds markup (a tag of an element HTML has, or a comment) goes through
/// `HTMLText.plainText` (the conversion bodies get: scripts, styles and comments give no text,
/// entities are decoded, white space collapsed); other text only has its HTML character references
/// decoded, so `AT&T`, `x < y` and `Fish & <Chips>` stay as written. Plain titles cost one scan
/// for `<` and `&`.
enum FieldText {
    /// The field's text, or nil when nothing readable is left.
    static func plain(_ value: String) -> String? {
        var value = value
        let kind = value.withUTF8 { classify($0) }
        let text: String
        switch kind {
        case .plain: return value
        case .references: text = EntityDecoder.decode(value)
        case .markup: text = HTMLText.plainText(value)
        }
        return text.isEmpty ? nil : text
    }

    private enum Kind { case plain, references, markup }

    /// Whether the bytes hold markup (a comment, or a start or end tag of an element HTML has, with a
    /// `>` after it: `Fish & <Chips>` is text), else a `&`.
    private static func classify(_ bytes: UnsafeBufferPointer<UInt8>) -> Kind {
        guard let p = bytes.baseAddress else { return .plain }
        let n = bytes.count
        guard memchr(p, Int32(UInt8(ascii: "<")), n) != nil else {
            return memchr(p, Int32(UInt8(ascii: "&")), n) == nil ? .plain : .references
        }
        var sawAmpersand = false
        var i = 0
        while i < n {
            let b = p[i]
            if b == UInt8(ascii: "&") {
                sawAmpersand = true
            } else if b == UInt8(ascii: "<"), isTag(p, i, n) {
                return .markup
            }
            i += 1
        }
        return sawAmpersand ? .references : .plain
    }

    /// True when the `<` at `i` opens a comment or a tag of a known HTML element closed by a `>`.
    private static func isTag(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Bool {
        guard memchr(p + i, Int32(UInt8(ascii: ">")), n - i) != nil else { return false }
        var j = i + 1
        if j + 2 < n, p[j] == UInt8(ascii: "!"), p[j + 1] == UInt8(ascii: "-"), p[j + 2] == UInt8(ascii: "-") {
            return true
        }
        if j < n, p[j] == UInt8(ascii: "/") { j += 1 }
        let start = j
        while j < n, j - start < 16, isNameByte(p[j]) { j += 1 }
        guard j > start, j < n, p[j] == UInt8(ascii: ">") || p[j] == UInt8(ascii: "/") || XMLWhitespace.isSpace(p[j])
        else { return false }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 17) { name in
            for k in start..<j { name[k - start] = p[k] }
            name[j - start] = 0
            guard let base = name.baseAddress else { return false }
            return HTMLElement.named(base) != .unknown
        }
    }

    @inline(__always)
    private static func isNameByte(_ b: UInt8) -> Bool {
        (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) || (b >= 0x30 && b <= 0x39)
    }
}
