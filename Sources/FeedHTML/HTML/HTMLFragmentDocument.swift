import CLibXML2

/// An HTML fragment parsed by libxml2's HTML parser, owned for the duration of one sanitize or render.
///
/// Not thread-safe; create, use and drop it on one thread. The libxml2 document is freed in `deinit`.
final class HTMLFragmentDocument {
    private let document: htmlDocPtr?

    /// Parses `html` leniently: recover mode, no network, no error output. Implied `html`/`body`
    /// elements are let in on purpose so that stray text and head-only elements land predictably;
    /// `body` is where the fragment's content is read from. `XML_PARSE_HUGE` lifts libxml2's depth
    /// limit of 256, past which it silently drops the rest of the text; walking is iterative and the
    /// input is already in memory, so depth costs nothing more.
    init(_ html: String) {
        let options = Self.parseOptions
        var text = html
        document = text.withUTF8 { buffer -> htmlDocPtr? in
            guard let base = buffer.baseAddress, buffer.count > 0, buffer.count < Int(Int32.max) else { return nil }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                htmlReadMemory($0, Int32(buffer.count), nil, "UTF-8", options)
            }
        }
    }

    /// The options every HTML fragment is parsed with (here and by the SAX handlers that read
    /// fragments the same way): recover, no network, no error output, no implied DTD, no depth limit.
    static let parseOptions =
        Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
                | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NODEFDTD.rawValue | HTML_PARSE_COMPACT.rawValue)
        | Int32(XML_PARSE_HUGE.rawValue)

    deinit {
        if let document { xmlFreeDoc(document) }
    }

    /// Calls `visit` for every node under `body` in document order: `.enter` for each node, then
    /// `.leave` for elements after their children. Iterative, so any nesting depth is safe.
    /// Returning `false` from `.enter` skips the element's children.
    func walk(_ visit: (HTMLWalkEvent, xmlNodePtr, Int) -> Bool) {
        guard let root = bodyElement(), let first = root.pointee.children else { return }
        var node: xmlNodePtr? = first
        var depth = 0
        while let current = node {
            let descend = visit(.enter, current, depth)
            if descend, current.pointee.type == XML_ELEMENT_NODE, let child = current.pointee.children {
                node = child
                depth += 1
                continue
            }
            if current.pointee.type == XML_ELEMENT_NODE { _ = visit(.leave, current, depth) }
            var cursor = current
            while cursor.pointee.next == nil {
                guard let parent = cursor.pointee.parent, parent != root, depth > 0 else { return }
                depth -= 1
                _ = visit(.leave, parent, depth)
                cursor = parent
            }
            node = cursor.pointee.next
        }
    }

    private func bodyElement() -> xmlNodePtr? {
        guard let document else { return nil }
        var node = xmlDocGetRootElement(document)
        // html > body, else whatever the root is.
        if let html = node, HTMLElement.named(html.pointee.name) == .html {
            var child = html.pointee.children
            while let current = child {
                if current.pointee.type == XML_ELEMENT_NODE, HTMLElement.named(current.pointee.name) == .body {
                    return current
                }
                child = current.pointee.next
            }
            node = nil
        }
        return node
    }
}

/// Whether a walk reaches a node's start or (for elements) its end.
enum HTMLWalkEvent {
    case enter, leave
}

extension xmlNode {
    /// The element kind, for element nodes.
    var element: HTMLElement { name.map(HTMLElement.named) ?? .unknown }

    /// The text of a text or CDATA node.
    var textContent: String? {
        guard type == XML_TEXT_NODE || type == XML_CDATA_SECTION_NODE, let content else { return nil }
        return String(cString: content)
    }

    /// The value of an attribute, read from its text children (the HTML parser has decoded entities).
    func attribute(_ wanted: HTMLAttribute) -> String? {
        var property = properties
        while let current = property {
            if let name = current.pointee.name, HTMLAttribute.named(name) == wanted {
                return HTMLAttribute.value(of: current)
            }
            property = current.pointee.next
        }
        return nil
    }
}
