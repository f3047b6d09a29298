import FeedHTML
import Foundation

/// The plain text of a one-line feed field (a title, the feed's description, rights, an author's
/// name) that may hold HTML: Atom `type="html"`/`"xhtml"` text, or RSS text with escaped markup.
///
/// As feedparser reads such fields, text is markup only when it holds an end tag of an HTML element
/// (current or obsolete, `</blink>`), an empty element (`<br>`, `<img …>`) or a comment: then every
/// tag is removed and the text between kept, and a script's or style's content is dropped only when
/// the element is closed. An unclosed `<canvas>` or `<svg>` (a title about them) therefore never
/// swallows the rest of the title. Other text only has its character references decoded, so `AT&T`,
/// `x < y` and `Fish & <Chips>` stay as written. Plain titles cost one scan for `<` and `&`.
enum FieldText {
    /// The field's text, or nil when nothing readable is left.
    static func plain(_ value: String) -> String? {
        var value = value
        let kind = value.withUTF8 { classify($0) }
        let text: String
        switch kind {
        case .plain: return value
        case .references: text = EntityDecoder.decode(value)
        case .markup:
            let kept = value.withUTF8(stripTags)
            text = HTMLText.plainText(fromText: EntityDecoder.decode(kept))
        }
        return text.isEmpty ? nil : text
    }

    private enum Kind { case plain, references, markup }

    /// Whether the bytes hold markup (a comment, an end tag or an empty element of an element HTML
    /// has, with its `>`), else a `&`.
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
            } else if b == UInt8(ascii: "<"), let tag = tag(p, i, n) {
                if tag.isComment || tag.isEnd && tag.isHTML || tag.element.isVoid && tag.element != .unknown {
                    return .markup
                }
            }
            i += 1
        }
        return sawAmpersand ? .references : .plain
    }

    /// The field's text with its tags and comments removed, and the content of closed scripts and
    /// styles; an element that separates words (`<br>`, `<p>`) leaves a space.
    private static func stripTags(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let p = bytes.baseAddress else { return "" }
        let n = bytes.count
        var output: [UInt8] = []
        output.reserveCapacity(n)
        var i = 0
        while i < n {
            guard p[i] == UInt8(ascii: "<"), let tag = tag(p, i, n) else {
                output.append(p[i])
                i += 1
                continue
            }
            i = tag.end
            if tag.element == .script || tag.element == .style {
                if !tag.isEnd, let close = endTag(of: tag.element, in: p, from: i, n) { i = close }
            } else if tag.element.breaksWords {
                output.append(0x20)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// A tag found at a `<`: where it ends (after its `>`, or a comment's `-->`) and what it is.
    private struct Tag {
        var end: Int
        var isComment = false
        var isEnd = false
        var element = HTMLElement.unknown
        /// An element HTML has or had (`blink`, `marquee`): its end tag makes a field markup.
        var isHTML = false
    }

    /// The comment or tag (`<name…>`, `</name>`, any name starting with a letter) at the `<` at `i`,
    /// or nil when that `<` is text.
    private static func tag(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Tag? {
        var j = i + 1
        if j + 2 < n, p[j] == UInt8(ascii: "!"), p[j + 1] == UInt8(ascii: "-"), p[j + 2] == UInt8(ascii: "-") {
            var k = j + 3
            while k + 2 < n {
                if p[k] == UInt8(ascii: "-"), p[k + 1] == UInt8(ascii: "-"), p[k + 2] == UInt8(ascii: ">") {
                    return Tag(end: k + 3, isComment: true)
                }
                k += 1
            }
            return nil
        }
        let isEnd = j < n && p[j] == UInt8(ascii: "/")
        if isEnd { j += 1 }
        let start = j
        guard j < n, isLetter(p[j]) else { return nil }
        while j < n, isNameByte(p[j]) { j += 1 }
        guard j < n, p[j] == UInt8(ascii: ">") || p[j] == UInt8(ascii: "/") || XMLWhitespace.isSpace(p[j])
        else { return nil }
        let nameEnd = j
        // The tag ends at the first `>` outside a quoted attribute value.
        var quote: UInt8 = 0
        while j < n {
            let b = p[j]
            if quote != 0 {
                if b == quote { quote = 0 }
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                quote = b
            } else if b == UInt8(ascii: ">") {
                break
            }
            j += 1
        }
        guard j < n else { return nil }
        let element = element(p + start, nameEnd - start)
        let isHTML = element != .unknown || isObsolete(p + start, nameEnd - start)
        return Tag(end: j + 1, isEnd: isEnd, element: element, isHTML: isHTML)
    }

    /// Where the end tag of `element` after `from` ends, or nil when it is never closed.
    private static func endTag(of element: HTMLElement, in p: UnsafePointer<UInt8>, from: Int, _ n: Int) -> Int? {
        var i = from
        while i < n, let found = memchr(p + i, Int32(UInt8(ascii: "<")), n - i) {
            i = p.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if let tag = tag(p, i, n), tag.isEnd, tag.element == element { return tag.end }
            i += 1
        }
        return nil
    }

    private static func element(_ name: UnsafePointer<UInt8>, _ count: Int) -> HTMLElement {
        guard count <= 16 else { return .unknown }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 17) { buffer in
            for k in 0..<count { buffer[k] = name[k] }
            buffer[count] = 0
            guard let base = buffer.baseAddress else { return .unknown }
            return HTMLElement.named(base)
        }
    }

    /// Obsolete elements `HTMLElement` does not list, which old feeds still put in titles.
    private static let obsoleteNames: [[UInt8]] = [
        "blink", "marquee", "spacer", "multicol", "nextid", "noembed", "rb", "rtc", "dir", "menuitem", "image",
    ].map { Array($0.utf8) }

    private static func isObsolete(_ name: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        obsoleteNames.contains { known in
            known.count == count && known.indices.allSatisfy { name[$0] | 0x20 == known[$0] }
        }
    }

    @inline(__always)
    private static func isLetter(_ b: UInt8) -> Bool {
        b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")
    }

    @inline(__always)
    private static func isNameByte(_ b: UInt8) -> Bool {
        isLetter(b) || (b >= 0x30 && b <= 0x39)
    }
}
