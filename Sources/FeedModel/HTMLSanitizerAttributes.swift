import CLibXML2

/// The attributes the sanitizer keeps; every other attribute (event handlers, `style`, `id`...) is
/// dropped. URL-valued ones are checked and resolved.
enum HTMLAttribute: UInt8 {
    case unknown
    case href, src, cite, poster, srcset
    case alt, title, lang, dir, datetime, abbr, colspan, rowspan, headers, scope, width, height
    case controls, loop, muted, type, start, reversed, value, open, align, valign, span, label, kind
    case srclang, media, sizes

    static func named(_ name: UnsafePointer<UInt8>) -> HTMLAttribute {
        HTMLAttribute(rawValue: table.value(ShortNameKey(cString: name))) ?? .unknown
    }

    var isURL: Bool { rawValue >= HTMLAttribute.href.rawValue && rawValue <= HTMLAttribute.srcset.rawValue }

    /// Whether `element` may carry this attribute.
    func isAllowed(on element: HTMLElement) -> Bool {
        switch self {
        case .unknown: return false
        case .title, .lang, .dir: return true
        case .href: return element == .a
        case .src: return element.isAny(.img, .audio, .video, .source, .track)
        case .srcset, .sizes: return element == .img || element == .source
        case .media: return element == .source
        case .cite: return element.isAny(.blockquote, .q, .del, .ins)
        case .datetime: return element.isAny(.time, .del, .ins)
        case .poster: return element == .video
        case .alt: return element == .img
        case .width, .height: return element.isAny(.img, .video, .col, .colgroup, .td, .th, .table)
        case .colspan, .rowspan, .headers: return element == .td || element == .th
        case .scope, .abbr: return element == .th
        case .controls, .loop, .muted: return element == .audio || element == .video
        case .type: return element.isAny(.ol, .source, .ul, .li)
        case .start, .reversed: return element == .ol
        case .value: return element == .li
        case .open: return element == .details
        case .align, .valign: return element.isAny(.td, .th, .tr, .p, .div, .img, .table, .col)
        case .span: return element == .col || element == .colgroup
        case .label, .kind, .srclang: return element == .track
        }
    }

    /// The text of an attribute node (the HTML parser has already decoded its entities).
    static func value(of attribute: UnsafeMutablePointer<xmlAttr>) -> String {
        var child = attribute.pointee.children
        var result = ""
        while let current = child {
            if let content = current.pointee.content { result += String(cString: content) }
            child = current.pointee.next
        }
        return result
    }

    /// The UTF-8 name of each case as written in HTML, indexed by raw value.
    static let nameBytes = names.map { Array($0.utf8) }

    private static let table = HTMLNameTable(names)
    private static let names = ShortNameKey.names(of: HTMLAttribute.self)
}
