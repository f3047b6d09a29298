/// The HTML elements Tidings knows, looked up from libxml2's element names without building Strings.
///
/// What is not in the table is `unknown`. What the sanitizer does with each element is written in
/// `HTMLAllowList`; the order of the cases here means nothing.
package enum HTMLElement: UInt8, CaseIterable {
    case unknown
    case a, abbr, acronym, address, article, aside, audio, b, bdi, bdo, big, blockquote, br, caption
    case center, cite, code, col, colgroup, dd, del, details, dfn, div, dl, dt, em, figcaption, figure
    case font, footer, h1, h2, h3, h4, h5, h6, header, hr, i, img, ins, kbd, li, main, mark, nav, ol, p
    case picture, pre, q, rp, rt, ruby, s, samp, section, small, source, span, strike, strong, sub
    case summary, sup, table, tbody, td, tfoot, th, thead, time, tr, track, tt, u, ul, `var`, video, wbr
    case script, style, frameset, noframes, param, base, meta, link, title, head, svg, math, template
    case noscript, select, option, textarea, datalist, output, canvas, dialog, portal, xml, button
    case iframe, frame, object, embed, applet, input, keygen, area, isindex, basefont, bgsound
    case html, body, form, label, fieldset, legend, xmp, plaintext, listing, nobr

    package static func named(_ name: UnsafePointer<UInt8>) -> HTMLElement {
        named(ShortNameKey(cString: name))
    }

    package static func named(_ key: ShortNameKey) -> HTMLElement {
        HTMLElement(rawValue: byName.value(key)) ?? .unknown
    }

    /// The element name libxml2's tree would give: what follows the first `:` (when there is
    /// something on both sides), as `xmlSplitQName` does.
    package static func localName(_ name: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        if name.pointee == UInt8(ascii: ":") { return name }
        var cursor = name
        while cursor.pointee != 0 {
            if cursor.pointee == UInt8(ascii: ":") {
                return (cursor + 1).pointee == 0 ? name : cursor + 1
            }
            cursor += 1
        }
        return name
    }

    /// Whether the sanitizer keeps the element's tag.
    @inline(__always)
    package var isAllowed: Bool { HTMLAllowList.elementRules[Int(rawValue)].keepsTag }

    /// Whether the sanitizer removes the element together with its content.
    @inline(__always)
    package var isDropped: Bool { HTMLAllowList.elementRules[Int(rawValue)] == .remove }

    /// Elements that have no content and no end tag in HTML. libxml2 does not know all of them
    /// (`embed`, `source`, `track`, `wbr`, `keygen`) and files what follows them as their children:
    /// those are treated as following siblings.
    @inline(__always)
    package var isVoid: Bool { HTMLAllowList.elementRules[Int(rawValue)].isVoid }

    /// The UTF-8 name of each case as written in HTML, indexed by raw value.
    package static let nameBytes = names.map { Array($0.utf8) }

    private static let byName = HTMLNameTable(names)
    private static let names = ShortNameKey.names(of: HTMLElement.self)
}

/// Names (lower case, up to 16 bytes) to raw values, for the sanitizer's per-element and
/// per-attribute look-ups: open addressing on the packed name, so a look-up is a multiply and a
/// compare or two, with no hashing of a String or a Dictionary's generic machinery.
package struct HTMLNameTable: Sendable {
    private let keys: [ShortNameKey]
    private let values: [UInt8]
    private let shift: UInt64

    /// A table of `names[i]` to `i`, for `i` from 1 (0 is `unknown`).
    package init(_ names: [String]) {
        var bits: UInt64 = 4
        while (1 << bits) < names.count * 4 { bits += 1 }
        var keys = [ShortNameKey](repeating: ShortNameKey(), count: 1 << bits)
        var values = [UInt8](repeating: 0, count: 1 << bits)
        shift = 64 - bits
        for (index, name) in names.enumerated().dropFirst() {
            let key = ShortNameKey(name)
            var slot = HTMLNameTable.slot(key, shift)
            while keys[slot].count != 0 { slot = (slot + 1) & (keys.count - 1) }
            keys[slot] = key
            values[slot] = UInt8(index)
        }
        self.keys = keys
        self.values = values
    }

    /// The raw value for `key`, 0 when it is not in the table.
    package func value(_ key: ShortNameKey) -> UInt8 {
        guard key.isComparable, key.count > 0 else { return 0 }
        var slot = HTMLNameTable.slot(key, shift)
        while true {
            let candidate = keys[slot]
            if candidate.count == 0 { return 0 }
            if candidate == key { return values[slot] }
            slot = (slot + 1) & (keys.count - 1)
        }
    }

    private static func slot(_ key: ShortNameKey, _ shift: UInt64) -> Int {
        let mixed = (key.low ^ (key.high &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(key.count)) &* 0x9E37_79B9_7F4A_7C15
        return Int(mixed >> shift)
    }
}
