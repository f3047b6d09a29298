import CLibXML2

/// Makes untrusted article HTML safe to store, export or hand to a browser.
///
/// The HTML is parsed by libxml2's HTML parser (recover mode, no network) and written back through an
/// allow-list: scripts, styles, frames, objects, forms and their controls, `base`, `meta`, `link`, SVG
/// and MathML are removed with their content; unknown elements lose their tags but keep their text;
/// only known harmless attributes survive (never `on*`, `style`, `id`); URLs must use a safe scheme
/// (`javascript:`, `vbscript:`, `data:` are removed, except `data:` raster images in `img src`) and
/// relative ones are resolved against `baseURL`. Text and attribute values are escaped by this type,
/// so the output is well-formed whatever came in. Comments and control characters are dropped.
/// Stateless and thread-safe: each call parses its own document.
public enum HTMLSanitizer {
    /// Output nesting deeper than this keeps the text but drops further tags.
    static let maximumDepth = 128

    /// Returns the safe form of `html`, with relative URLs resolved against `baseURL`.
    public static func sanitize(_ html: String, baseURL: String?) -> String {
        if html.isEmpty { return "" }
        let document = HTMLFragmentDocument(html)
        var output = SanitizedOutput(capacity: html.utf8.count + 64, baseURL: baseURL)
        defer { output.deallocate() }
        // For each open element: its kind, or `unknown` when its end tag is not written.
        var open: [HTMLElement] = []
        var dropping = 0
        document.walk { event, node, _ in
            switch event {
            case .enter:
                switch node.pointee.type {
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    if dropping == 0, let content = node.pointee.content { output.appendText(content) }
                    return false
                case XML_ELEMENT_NODE:
                    let element = node.pointee.element
                    if element.isDropped || dropping > 0 {
                        dropping += 1
                        open.append(.unknown)
                        return false
                    }
                    let keep = element.isAllowed && open.count < maximumDepth
                    if keep { output.appendStartTag(node, element: element) }
                    open.append(keep && !element.isVoid ? element : .unknown)
                    return true
                default:
                    return false
                }
            case .leave:
                if let element = open.popLast(), element != .unknown { output.appendEndTag(element) }
                if dropping > 0 { dropping -= 1 }
                return true
            }
        }
        return output.string
    }
}
