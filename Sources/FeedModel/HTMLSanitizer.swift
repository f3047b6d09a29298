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
        var output = ""
        output.reserveCapacity(html.utf8.count)
        // For each open element: whether its end tag must be written.
        var open: [Bool] = []
        var dropping = 0
        document.walk { event, node, _ in
            let element = node.pointee.type == XML_ELEMENT_NODE ? node.pointee.element : .unknown
            switch event {
            case .enter:
                switch node.pointee.type {
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    if dropping == 0, let text = node.pointee.textContent { appendEscaped(text, to: &output) }
                    return false
                case XML_ELEMENT_NODE:
                    if element.isDropped || dropping > 0 {
                        dropping += 1
                        open.append(false)
                        return false
                    }
                    let keep = element.isAllowed && open.count < maximumDepth
                    if keep { appendStartTag(node, element: element, baseURL: baseURL, to: &output) }
                    let closes = keep && !element.isVoid
                    open.append(closes)
                    return true
                default:
                    return false
                }
            case .leave:
                if open.popLast() == true {
                    output += "</"
                    output += element.name
                    output += ">"
                }
                if dropping > 0 { dropping -= 1 }
                return true
            }
        }
        return output
    }

    private static func appendStartTag(
        _ node: xmlNodePtr, element: HTMLElement, baseURL: String?, to output: inout String
    ) {
        output += "<"
        output += element.name
        var property = node.pointee.properties
        var seen: UInt64 = 0
        while let current = property {
            property = current.pointee.next
            guard let name = current.pointee.name else { continue }
            let attribute = HTMLAttribute.named(name)
            let bit: UInt64 = 1 << UInt64(attribute.rawValue)
            guard attribute.isAllowed(on: element), seen & bit == 0 else { continue }
            seen |= bit
            var value = HTMLAttribute.value(of: current)
            if attribute == .srcset {
                guard let safe = safeSourceSet(value, baseURL: baseURL) else { continue }
                value = safe
            } else if attribute.isURL {
                let allowData = element == .img && attribute == .src
                guard let safe = HTMLURL.safe(value, base: baseURL, allowDataImage: allowData) else { continue }
                value = safe
            }
            output += " "
            output += attribute.name
            output += "=\""
            appendEscaped(value, to: &output, inAttribute: true)
            output += "\""
        }
        output += ">"
    }

    /// A `srcset` whose every candidate URL is safe and resolved; `nil` when none is.
    private static func safeSourceSet(_ value: String, baseURL: String?) -> String? {
        var candidates: [String] = []
        for candidate in value.split(separator: ",") {
            let parts = candidate.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
            guard let first = parts.first, let url = HTMLURL.safe(String(first), base: baseURL) else { continue }
            candidates.append(([url] + parts.dropFirst().map(String.init)).joined(separator: " "))
        }
        return candidates.isEmpty ? nil : candidates.joined(separator: ", ")
    }

    /// Appends `text` with `&`, `<`, `>` (and `"` in attributes) escaped and control characters other
    /// than tab, line feed and carriage return removed.
    static func appendEscaped(_ text: String, to output: inout String, inAttribute: Bool = false) {
        var needsWork = false
        for byte in text.utf8 where byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte < 0x20 || byte == 0x7F {
            needsWork = true
            break
        }
        if !needsWork {
            output += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += inAttribute ? "&quot;" : "\""
            case "\t", "\n", "\r": output.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) { continue }
                output.unicodeScalars.append(scalar)
            }
        }
    }
}
