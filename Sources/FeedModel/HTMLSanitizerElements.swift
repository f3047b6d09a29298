/// The HTML elements Tidings knows, looked up from libxml2's element names without building Strings.
///
/// What is not in the table is `unknown`: the sanitizer drops its tags and keeps its content.
enum HTMLElement: UInt8 {
    case unknown
    // Kept by the sanitizer.
    case a, abbr, acronym, address, article, aside, audio, b, bdi, bdo, big, blockquote, br, caption
    case center, cite, code, col, colgroup, dd, del, details, dfn, div, dl, dt, em, figcaption, figure
    case font, footer, h1, h2, h3, h4, h5, h6, header, hr, i, img, ins, kbd, li, main, mark, nav, ol, p
    case picture, pre, q, rp, rt, ruby, s, samp, section, small, source, span, strike, strong, sub
    case summary, sup, table, tbody, td, tfoot, th, thead, time, tr, track, tt, u, ul, `var`, video, wbr
    // Removed with everything inside them.
    case script, style, iframe, frame, frameset, noframes, object, embed, applet, param, base, meta, link
    case title, head, svg, math, template, noscript, input, button, select, option, textarea, datalist
    case output, keygen, canvas, dialog, portal, xml
    // Removed, content kept.
    case html, body, form, label, fieldset, legend, xmp, plaintext, listing, nobr

    static func named(_ name: UnsafePointer<UInt8>) -> HTMLElement {
        byName[ShortNameKey(cString: name)] ?? .unknown
    }

    /// Whether the sanitizer keeps the element's tag.
    var isAllowed: Bool { rawValue >= HTMLElement.a.rawValue && rawValue <= HTMLElement.wbr.rawValue }

    /// Whether the sanitizer removes the element together with its content.
    var isDropped: Bool { rawValue >= HTMLElement.script.rawValue && rawValue <= HTMLElement.xml.rawValue }

    /// Elements written without an end tag.
    var isVoid: Bool {
        switch self {
        case .br, .hr, .img, .wbr, .col, .source, .track: return true
        default: return false
        }
    }

    /// Whether this is one of `elements`.
    @inline(__always)
    func isAny(_ elements: HTMLElement...) -> Bool { elements.contains(self) }

    /// The name as written in HTML.
    var name: String { HTMLElement.names[Int(rawValue)] }

    /// The UTF-8 name of each case, indexed by raw value.
    static let nameBytes = names.map { Array($0.utf8) }

    private static let byName = ShortNameKey.table(of: HTMLElement.self)
    private static let names = ShortNameKey.names(of: HTMLElement.self)
}
