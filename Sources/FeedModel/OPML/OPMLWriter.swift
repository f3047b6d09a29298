import TidingsText

/// Writes an `OPMLDocument` as indented UTF-8 XML, escaping every text and attribute value.
enum OPMLWriter {
    static func write(_ document: OPMLDocument) -> String {
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml"
        // Namespace declarations first, then the other attributes, each in document order: the order
        // the reader gives them back in (libxml2 reports declarations apart), so that writing a list
        // read back from this output gives the same bytes.
        // `xmlns:-x` is no declaration to libxml2 (its prefix is no NCName): it reads it back as a
        // plain attribute, so it is written among those.
        let isDeclaration = { (attribute: FeedListAttribute) in
            attribute.name == "xmlns" || (attribute.name.hasPrefix("xmlns:") && isNCName(attribute.name.dropFirst(6)))
        }
        var declarations = document.rootAttributes.filter(isDeclaration)
        var attributes = document.rootAttributes.filter { !isDeclaration($0) }
        if !attributes.contains(where: { $0.name == "version" }) {
            attributes.insert(FeedListAttribute(name: "version", value: "2.0"), at: 0)
        }
        if usesTidingsPrefix(document.outlines), !declarations.contains(where: { $0.name == "xmlns:tidings" }) {
            declarations.append(FeedListAttribute(name: "xmlns:tidings", value: OPMLDocument.tidingsNamespace))
        }
        appendAttributes(declarations + attributes, to: &output)
        output += ">\n  <head>\n"
        for field in document.head where isName(field.name) {
            output += "    <\(field.name)>"
            appendEscaped(field.value, to: &output, attribute: false)
            output += "</\(field.name)>\n"
        }
        output += "  </head>\n  <body>\n"
        for outline in document.outlines { append(outline, depth: 2, to: &output) }
        output += "  </body>\n</opml>\n"
        return output
    }

    private static func append(_ outline: OPMLOutline, depth: Int, to output: inout String) {
        output += String(repeating: "  ", count: depth) + "<outline"
        appendAttributes(outline.attributes, to: &output)
        if outline.children.isEmpty {
            output += "/>\n"
            return
        }
        output += ">\n"
        for child in outline.children { append(child, depth: depth + 1, to: &output) }
        output += String(repeating: "  ", count: depth) + "</outline>\n"
    }

    private static func appendAttributes(_ attributes: [FeedListAttribute], to output: inout String) {
        var written = Set<String>()
        for attribute in attributes where isName(attribute.name) && written.insert(attribute.name).inserted {
            output += " \(attribute.name)=\""
            appendEscaped(attribute.value, to: &output, attribute: true)
            output += "\""
        }
    }

    private static func usesTidingsPrefix(_ outlines: [OPMLOutline]) -> Bool {
        outlines.contains { outline in
            outline.attributes.contains { $0.name.hasPrefix("tidings:") } || usesTidingsPrefix(outline.children)
        }
    }

    /// Whether `name` is an XML 1.0 (fifth edition) name with at most one colon, not at either end: what
    /// libxml2 reads back as an element or attribute name, so that every name the reader gave us is
    /// written again (a U+FEFF inside a name is a name character).
    static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != ":", isNameStart(first.value) else { return false }
        var colons = 0
        for scalar in name.unicodeScalars {
            if scalar == ":" {
                colons += 1
            } else if !isNameCharacter(scalar.value) {
                return false
            }
        }
        return colons <= 1 && !name.hasSuffix(":")
    }

    /// Whether `name` is a name without a colon that starts as a name must: a namespace prefix.
    private static func isNCName(_ name: Substring) -> Bool {
        guard let first = name.unicodeScalars.first, isNameStart(first.value) else { return false }
        return name.unicodeScalars.allSatisfy { $0 != ":" && isNameCharacter($0.value) }
    }

    private static func isNameStart(_ value: UInt32) -> Bool {
        switch value {
        case 0x41...0x5A, 0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D,
            0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF,
            0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            return true
        default:
            return false
        }
    }

    private static func isNameCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: return true
        default: return isNameStart(value)
        }
    }

    /// Escapes markup characters; in attributes also quotes and line breaks (as character references,
    /// so they survive), and drops characters XML 1.0 forbids.
    private static func appendEscaped(_ text: String, to output: inout String, attribute: Bool) {
        output += MarkupEscaper.escaped(text, attribute ? attributeEscaping : textEscaping)
    }

    private static let textEscaping: MarkupEscaping = [.carriageReturnReferences, .dropForbidden]
    private static let attributeEscaping: MarkupEscaping = [
        .quotes, .whitespaceReferences, .carriageReturnReferences, .dropForbidden,
    ]
}
