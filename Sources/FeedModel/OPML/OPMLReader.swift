import CLibXML2
import FeedHTML
import Foundation

/// Builds an `OPMLDocument` from bytes through libxml2's tree parser (feed lists are small).
///
/// Strict: the first well-formedness error stops the read and is reported with its line and column
/// (no recover mode, so a damaged list is never taken for a shorter one). No network, no entity
/// substitution, no DTD loading, and a document that declares entities is refused: a feed list has
/// no use for them, and refusing them rules out expansion bombs and external entities whatever
/// libxml2's own limits are. libxml2's default limits (256 levels of nesting, 10 MB per text) apply.
/// UTF-16 with a byte order mark is read like UTF-8. Not shared: each call owns its libxml2 context
/// and document and frees them before returning.
enum OPMLReader {
    static func read(_ data: Data) throws -> OPMLDocument {
        guard data.contains(where: { !XMLWhitespace.isSpace($0) }) else { throw OPMLError.empty }
        guard data.count < Int(Int32.max) else { throw OPMLError.malformed(line: 0, column: 0, reason: "too large") }
        LibXMLErrorSilencer.silenceThisThread()
        guard let created = xmlNewParserCtxt() else { throw OPMLError.malformed(line: 0, column: 0, reason: "out of memory") }
        defer { xmlFreeParserCtxt(created) }
        let context = LibXML2Context(created)
        // Stop at the first error: without recover mode libxml2 goes on scanning and each later error
        // replaces the one `xmlCtxtGetLastError` returns, which is then far from the real mistake.
        // Errors reach this handler with the context as user data (its default).
        let first = FirstError()
        context.data = Unmanaged.passUnretained(first).toOpaque()
        // A namespace error (a `tidings:` attribute without its xmlns declaration) is not one: the
        // attribute keeps its prefixed name and the read goes on.
        context.setErrorHandler { userData, error in
            guard let context = LibXML2Context(callbackData: userData), let owner = context.data, let error else { return }
            guard error.pointee.domain != Int32(XML_FROM_NAMESPACE.rawValue) else { return }
            let first = Unmanaged<FirstError>.fromOpaque(owner).takeUnretainedValue()
            if first.error == nil { first.error = OPMLReader.describe(error.pointee) }
            xmlStopParser(context.pointer)
        }
        let options = Int32(
            XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
                | XML_PARSE_NOCDATA.rawValue)
        let parsed: xmlDocPtr? = data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return nil }
            return xmlCtxtReadMemory(context.pointer, base.assumingMemoryBound(to: CChar.self), Int32(buffer.count), nil, nil, options)
        }
        // A stopped read is a failed one, whatever libxml2 says of the part it read.
        guard let document = parsed, context.isWellFormed, withExtendedLifetime(first, { first.error == nil }) else {
            if let parsed { xmlFreeDoc(parsed) }
            throw withExtendedLifetime(first) { first.error } ?? lastError(context.pointer)
        }
        defer { xmlFreeDoc(document) }
        if let subset = document.pointee.intSubset, subset.pointee.entities != nil {
            throw OPMLError.malformed(
                line: lineNumber(of: "<!ENTITY", in: data), column: 0,
                reason: "entity declarations (<!ENTITY) are not allowed in a feed list")
        }
        guard let root = xmlDocGetRootElement(document) else { throw OPMLError.empty }
        let rootName = qualifiedName(root)
        guard rootName.lowercased() == "opml" else { throw OPMLError.notOPML(root: rootName) }

        var head: [FeedListAttribute] = []
        var outlines: [OPMLOutline] = []
        var sawBody = false
        for child in elementChildren(root) {
            switch qualifiedName(child).lowercased() {
            case "head":
                for field in elementChildren(child) {
                    let name = qualifiedName(field)
                    if OPMLWriter.isName(name) { head.append(FeedListAttribute(name: name, value: text(of: field))) }
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

    /// Where the error handler keeps the first error.
    private final class FirstError {
        var error: OPMLError?
    }

    /// The parser's last error, for when the handler saw none.
    private static func lastError(_ context: xmlParserCtxtPtr) -> OPMLError {
        guard let error = xmlCtxtGetLastError(context) else {
            return .malformed(line: 0, column: 0, reason: "not well-formed XML")
        }
        return describe(error.pointee)
    }

    /// A libxml2 error as an `OPMLError`, its message tidied to one line.
    private static func describe(_ error: xmlError) -> OPMLError {
        var reason = error.message.map { String(cString: $0) } ?? "not well-formed XML"
        reason = reason.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        if reason == "Document is empty" || reason == "Start tag expected, '<' not found" {
            reason = "not XML (no element where the document should start)"
        } else if reason.hasPrefix("Excessive depth in document") {
            reason = "elements nested more than 256 levels deep"
        } else if reason.hasPrefix("xmlParseEntityRef: no name") || reason.hasPrefix("EntityRef: expecting ';'") {
            reason = "a bare & (write it as &amp;)"
        } else if reason.hasPrefix("Unescaped '<' not allowed in attributes values") {
            reason = "a < inside an attribute value (write it as &lt;)"
        } else if reason.localizedCaseInsensitiveContains("entity") {
            reason = "entities other than &amp; &lt; &gt; &quot; &apos; are not allowed in a feed list (\(reason))"
        }
        return .malformed(line: Int(error.line), column: Int(error.int2), reason: reason)
    }

    /// The 1-based line of the first `needle` (ASCII) in UTF-8 `data`, or 0 when it is not there.
    private static func lineNumber(of needle: String, in data: Data) -> Int {
        guard let range = data.firstRange(of: Data(needle.utf8)) else { return 0 }
        return data[data.startIndex..<range.lowerBound].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
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
            // libxml2 keeps each `&` of a namespace name as the reference `&#38;` (its other
            // references it decodes); every `&` there comes from one, so this reads it as written.
            let href = current.pointee.href.map { String(cString: $0) }?.replacingOccurrences(of: "&#38;", with: "&") ?? ""
            let name = current.pointee.prefix.map { "xmlns:" + String(cString: $0) } ?? "xmlns"
            if OPMLWriter.isName(name) { result.append(FeedListAttribute(name: name, value: href)) }
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
            // A name libxml2 kept after a namespace error (`:x:y`) could not be written back: it is left out.
            if OPMLWriter.isName(name) { result.append(FeedListAttribute(name: name, value: value)) }
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
