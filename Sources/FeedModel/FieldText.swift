import Foundation

/// The plain text of a one-line feed field (a title, the feed's description, rights, an author's
/// name) that may hold HTML: Atom `type="html"`/`"xhtml"` text, or RSS text with escaped markup.
///
/// Text that holds a tag goes through `HTMLText.plainText` (the conversion bodies get: scripts,
/// styles and comments give no text, entities are decoded, white space collapsed); text without a
/// tag only has its HTML character references decoded, so `AT&T` and `x < y` stay as written.
/// Plain titles cost one scan for `<` and `&`.
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

    /// Whether the bytes hold a tag (`<` then a letter, `/`, `!` or `?`, and a `>` after it), else a `&`.
    private static func classify(_ bytes: UnsafeBufferPointer<UInt8>) -> Kind {
        guard let p = bytes.baseAddress else { return .plain }
        let n = bytes.count
        var sawAmpersand = false
        var i = 0
        if memchr(p, Int32(UInt8(ascii: "<")), n) == nil {
            return memchr(p, Int32(UInt8(ascii: "&")), n) == nil ? .plain : .references
        }
        while i < n {
            let b = p[i]
            if b == UInt8(ascii: "&") {
                sawAmpersand = true
            } else if b == UInt8(ascii: "<"), i + 1 < n {
                let next = p[i + 1]
                let letter = next | 0x20 >= UInt8(ascii: "a") && next | 0x20 <= UInt8(ascii: "z")
                let closing = next == UInt8(ascii: "/") && i + 2 < n && p[i + 2] | 0x20 >= UInt8(ascii: "a")
                    && p[i + 2] | 0x20 <= UInt8(ascii: "z")
                // A tag is closed by a `>`: `if a<b then` is text.
                if letter || closing || next == UInt8(ascii: "!") || next == UInt8(ascii: "?"),
                    memchr(p + i + 1, Int32(UInt8(ascii: ">")), n - i - 1) != nil
                {
                    return .markup
                }
            }
            i += 1
        }
        return sawAmpersand ? .references : .plain
    }
}
