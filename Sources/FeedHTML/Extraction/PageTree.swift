import CLibXML2

/// A whole web page parsed by libxml2's HTML parser into a tree, owned for one extraction.
///
/// Recover mode, no network, no error output, no depth limit; the bytes are UTF-8 (see `PageText`).
/// Not thread-safe: create, use and drop it on one thread. The document is freed in `deinit`.
final class PageTree {
    private let document: htmlDocPtr

    /// Parses UTF-8 `bytes`; nil when libxml2 makes no document of them.
    init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, bytes.count > 0, bytes.count < Int(Int32.max) else { return nil }
        LibXMLErrorSilencer.silenceThisThread()
        let parsed = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            htmlReadMemory($0, Int32(bytes.count), nil, "UTF-8", HTMLFragmentDocument.parseOptions)
        }
        guard let parsed else { return nil }
        document = parsed
    }

    deinit {
        xmlFreeDoc(document)
    }

    /// The root element (`html`, when the page has one).
    var root: xmlNodePtr? { xmlDocGetRootElement(document) }

    /// The first `body` element, else the root.
    var body: xmlNodePtr? {
        guard let root else { return nil }
        return root.firstDescendant { $0.pointee.element == .body } ?? root
    }

    /// A new element named `name` (lower case, a known HTML name), not yet in the tree.
    func newElement(_ name: StaticString) -> xmlNodePtr? {
        name.withUTF8Buffer { buffer in
            buffer.baseAddress.flatMap { xmlNewDocNode(document, nil, $0, nil) }
        }
    }

    /// The subtree at `node` serialised as HTML.
    func html(of node: xmlNodePtr) -> String {
        guard let buffer = xmlBufferCreate() else { return "" }
        defer { xmlBufferFree(buffer) }
        _ = htmlNodeDump(buffer, document, node)
        guard let content = xmlBufferContent(buffer) else { return "" }
        return String(cString: content)
    }
}

extension UnsafeMutablePointer<xmlNode> {
    /// Whether this is an element node.
    @inline(__always)
    var isElement: Bool { pointee.type == XML_ELEMENT_NODE }

    /// Whether this is a text or CDATA node.
    @inline(__always)
    var isText: Bool { pointee.type == XML_TEXT_NODE || pointee.type == XML_CDATA_SECTION_NODE }

    /// The element kind (`unknown` for other nodes and elements Tidings does not know). Looked up
    /// once per element and kept in the node's `_private` field, which libxml2 leaves to its user.
    var kind: HTMLElement {
        guard isElement else { return .unknown }
        if let cached = pointee._private {
            return HTMLElement(rawValue: UInt8(truncatingIfNeeded: Int(bitPattern: cached) - 1)) ?? .unknown
        }
        let element = pointee.element
        pointee._private = UnsafeMutableRawPointer(bitPattern: Int(element.rawValue) + 1)
        return element
    }

    /// The next node in document order within the subtree at `root`, descending into children when
    /// `descend` is true.
    func next(within root: xmlNodePtr, descend: Bool = true) -> xmlNodePtr? {
        if descend, isElement, let child = pointee.children { return child }
        var cursor = self
        while cursor != root {
            if let sibling = cursor.pointee.next { return sibling }
            guard let parent = cursor.pointee.parent else { return nil }
            cursor = parent
        }
        return nil
    }

    /// The first element below this one (in document order) for which `matches` holds.
    func firstDescendant(_ matches: (xmlNodePtr) -> Bool) -> xmlNodePtr? {
        var node = pointee.children
        while let current = node {
            if current.isElement, matches(current) { return current }
            node = current.next(within: self)
        }
        return nil
    }

    /// The element children, in order.
    var elementChildren: [xmlNodePtr] {
        var result: [xmlNodePtr] = []
        var child = pointee.children
        while let current = child {
            if current.isElement { result.append(current) }
            child = current.pointee.next
        }
        return result
    }

    /// The value of the attribute `name` (ASCII, lower case), nil when absent.
    func attribute(_ name: StaticString) -> String? {
        var property = pointee.properties
        while let current = property {
            if let attributeName = current.pointee.name,
                name.withUTF8Buffer({ xmlStrcasecmp(attributeName, $0.baseAddress) == 0 })
            {
                return HTMLAttribute.value(of: current)
            }
            property = current.pointee.next
        }
        return nil
    }

    /// Sets the attribute `name` to `value`.
    func setAttribute(_ name: String, _ value: String) {
        _ = xmlSetProp(self, name, value)
    }

    /// Removes the attribute `name` when present.
    func removeAttribute(_ name: String) {
        _ = xmlUnsetProp(self, name)
    }

    /// The concatenated text of the subtree, as the page has it (white space not collapsed).
    var allText: String {
        if isText { return pointee.textContent ?? "" }
        var output = ""
        var node = pointee.children
        while let current = node {
            if current.isText, let content = current.pointee.content { output += String(cString: content) }
            node = current.next(within: self)
        }
        return output
    }

    /// The text of the subtree with white space runs collapsed to one space and trimmed.
    var collapsedText: String { PageText.collapsed(allText) }

    /// Takes the node out of the tree and frees it with its subtree.
    func remove() {
        xmlUnlinkNode(self)
        xmlFreeNode(self)
    }

    /// Renames the element (a static HTML name).
    func rename(_ name: StaticString) {
        name.withUTF8Buffer { buffer in
            if let base = buffer.baseAddress { xmlNodeSetName(self, base) }
        }
        pointee._private = nil
    }
}
