import CLibXML2

/// The attributes the sanitizer may keep, by name; which element may carry which is written in
/// `HTMLAllowList`. Every other attribute (event handlers, `style`, `id`...) is dropped. URL-valued
/// ones (`href` to `srcset`, in this order) are checked and resolved.
enum HTMLAttribute: UInt8, CaseIterable {
    case unknown
    case href, src, cite, poster, srcset
    case alt, title, lang, dir, datetime, abbr, colspan, rowspan, headers, scope, width, height
    case controls, loop, muted, type, start, reversed, value, open, align, valign, span, label, kind
    case srclang, media, sizes

    static func named(_ name: UnsafePointer<UInt8>) -> HTMLAttribute {
        named(ShortNameKey(cString: name))
    }

    static func named(_ key: ShortNameKey) -> HTMLAttribute {
        HTMLAttribute(rawValue: table.value(key)) ?? .unknown
    }

    var isURL: Bool { rawValue >= HTMLAttribute.href.rawValue && rawValue <= HTMLAttribute.srcset.rawValue }

    /// Whether `element` may carry this attribute (see `HTMLAllowList`).
    @inline(__always)
    func isAllowed(on element: HTMLElement) -> Bool {
        HTMLAllowList.attributeAllowed[Int(rawValue) &* HTMLAllowList.elementCount &+ Int(element.rawValue)]
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
