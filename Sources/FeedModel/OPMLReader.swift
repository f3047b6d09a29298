import CLibXML2
import Foundation

/// Builds an `OPMLDocument` from bytes through libxml2's tree parser (feed lists are small).
///
/// Recover mode, no network, no entity substitution and no DTD loading. Not shared: each call owns
/// its libxml2 document and frees it before returning.
enum OPMLReader {
    static func read(_ data: Data) throws -> OPMLDocument {
        let options = Int32(
            XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
                | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue)
        let document: xmlDocPtr? = data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0, buffer.count < Int(Int32.max) else { return nil }
            return xmlReadMemory(base.assumingMemoryBound(to: CChar.self), Int32(buffer.count), nil, nil, options)
        }
        guard let document else { throw OPMLError.notXML }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document) else { throw OPMLError.notXML }
        let rootName = qualifiedName(root)
        guard rootName.lowercased() == "opml" else { throw OPMLError.notOPML(root: rootName) }

        var head: [FeedListAttribute] = []
        var outlines: [OPMLOutline] = []
        var sawBody = false
        for child in elementChildren(root) {
            switch qualifiedName(child).lowercased() {
            case "head":
                for field in elementChildren(child) {
                    head.append(FeedListAttribute(name: qualifiedName(field), value: text(of: field)))
                }
            case "body":
                sawBody = true
                outlines += readOutlines(child)
            default:
                break
            }
        }
        // Some exporters leave out `body` and put outlines right under `opml`.
        if !sawBody { outlines = readOutlines(root) }
        return OPMLDocument(rootAttributes: attributes(of: root), head: head, outlines: outlines)
    }

    private static func readOutlines(_ parent: xmlNodePtr) -> [OPMLOutline] {
        var result: [OPMLOutline] = []
        for child in elementChildren(parent) where qualifiedName(child).lowercased() == "outline" {
            result.append(OPMLOutline(attributes: attributes(of: child), children: readOutlines(child)))
        }
        return result
    }

    private static func elementChildren(_ node: xmlNodePtr) -> [xmlNodePtr] {
        var result: [xmlNodePtr] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { result.append(current) }
            child = current.pointee.next
        }
        return result
    }

    /// `prefix:name` for namespaced nodes, else the name.
    private static func qualifiedName(_ node: xmlNodePtr) -> String {
        let name = node.pointee.name.map { String(cString: $0) } ?? ""
        if let prefix = node.pointee.ns?.pointee.prefix { return String(cString: prefix) + ":" + name }
        return name
    }

    /// Namespace declarations (as `xmlns` / `xmlns:prefix`), then attributes, in document order.
    private static func attributes(of node: xmlNodePtr) -> [FeedListAttribute] {
        var result: [FeedListAttribute] = []
        var namespace = node.pointee.nsDef
        while let current = namespace {
            let href = current.pointee.href.map { String(cString: $0) } ?? ""
            let name = current.pointee.prefix.map { "xmlns:" + String(cString: $0) } ?? "xmlns"
            result.append(FeedListAttribute(name: name, value: href))
            namespace = current.pointee.next
        }
        var property = node.pointee.properties
        while let current = property {
            var name = current.pointee.name.map { String(cString: $0) } ?? ""
            if let prefix = current.pointee.ns?.pointee.prefix { name = String(cString: prefix) + ":" + name }
            var value = ""
            var child = current.pointee.children
            while let part = child {
                if let content = part.pointee.content { value += String(cString: content) }
                child = part.pointee.next
            }
            result.append(FeedListAttribute(name: name, value: value))
            property = current.pointee.next
        }
        return result
    }

    private static func text(of node: xmlNodePtr) -> String {
        var value = ""
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_TEXT_NODE || current.pointee.type == XML_CDATA_SECTION_NODE,
                let content = current.pointee.content
            {
                value += String(cString: content)
            }
            child = current.pointee.next
        }
        return value.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
