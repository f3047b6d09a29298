import CLibXML2

/// Receives libxml2's HTML SAX events for one sanitize call and writes the allowed parts into a
/// `SanitizedOutput`.
///
/// It reproduces what walking the parsed document would see: only the content of the first `body`
/// that is a child of the root `html` element (the parser files head elements, and anything after the
/// root or the first body has closed, elsewhere), or the root's content when the root is not `html`.
/// Element names are read as libxml2's tree would name them (a `prefix:` is split off).
///
/// A value type reached from the C callbacks through a pointer, so that no reference counting or
/// dynamic exclusivity check runs per event. Threading: used on one thread, for one parse; the
/// callbacks run synchronously inside `parse`.
struct SanitizingHandler {
    private var output: SanitizedOutput
    /// For each open element inside the content: its kind, or `unknown` when its end tag is not written.
    private var open: [HTMLElement] = []
    /// How many open elements (inside the content) are removed together with their content.
    private var dropping = 0
    /// The parser's element depth: -1 before the root, 0 in the root.
    private var depth = -1
    /// The depth of the element whose children are the content (the body, or the root); nil outside.
    private var contentDepth: Int?
    private var rootIsHTML = false
    private var finished = false

    private init(capacity: Int, baseURL: String?) {
        output = SanitizedOutput(capacity: capacity, baseURL: baseURL)
        open.reserveCapacity(16)
    }

    /// Parses `count` bytes of UTF-8 HTML at `bytes` and returns the sanitized HTML. Options as for
    /// the document form (`HTMLFragmentDocument`): recover mode, no network, no error output, no
    /// implied DTD; the declared encoding is UTF-8 whatever a `meta` says.
    static func sanitize(_ bytes: UnsafePointer<UInt8>, count: Int, baseURL: String?) -> String {
        let handler = UnsafeMutablePointer<SanitizingHandler>.allocate(capacity: 1)
        handler.initialize(to: SanitizingHandler(capacity: count + 64, baseURL: baseURL))
        defer {
            handler.pointee.output.deallocate()
            handler.deinitialize(count: 1)
            handler.deallocate()
        }
        guard let context = htmlNewParserCtxt() else { return "" }
        defer { htmlFreeParserCtxt(context) }
        var sax = xmlSAXHandler()
        sax.initialized = 1
        sax._private = UnsafeMutableRawPointer(handler)
        sax.startElement = { context, name, attributes in
            guard let handler = SanitizingHandler.from(context), let name else { return }
            handler.pointee.start(name, attributes)
        }
        sax.endElement = { context, _ in
            SanitizingHandler.from(context)?.pointee.end()
        }
        sax.characters = { context, text, length in
            guard let handler = SanitizingHandler.from(context), let text else { return }
            handler.pointee.characters(text, Int(length))
        }
        sax.cdataBlock = sax.characters
        context.pointee.sax.pointee = sax
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
                | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NODEFDTD.rawValue | HTML_PARSE_COMPACT.rawValue)
            | Int32(XML_PARSE_HUGE.rawValue)
        bytes.withMemoryRebound(to: CChar.self, capacity: count) {
            let document = htmlCtxtReadMemory(context, $0, Int32(count), nil, "UTF-8", options)
            if let document { xmlFreeDoc(document) }
        }
        return handler.pointee.output.string
    }

    private static func from(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<SanitizingHandler>? {
        guard let context, let pointer = context.assumingMemoryBound(to: xmlParserCtxt.self).pointee.sax?.pointee._private
        else { return nil }
        return pointer.assumingMemoryBound(to: SanitizingHandler.self)
    }

    private mutating func start(_ name: UnsafePointer<UInt8>, _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?) {
        if finished { return }
        depth += 1
        let element = HTMLElement.named(Self.localName(name))
        guard contentDepth != nil else {
            if depth == 0 {
                rootIsHTML = element == .html
                if !rootIsHTML { contentDepth = 0 }
            } else if depth == 1, rootIsHTML, element == .body {
                contentDepth = 1
            }
            return
        }
        if element.isDropped || dropping > 0 {
            dropping += 1
            open.append(.unknown)
            return
        }
        let keep = element.isAllowed && open.count < HTMLSanitizer.maximumDepth
        if keep { output.appendStartTag(element, attributes: attributes) }
        open.append(keep && !element.isVoid ? element : .unknown)
    }

    private mutating func end() {
        if finished { return }
        defer { depth -= 1 }
        guard let contentDepth else {
            if depth == 0 { finished = true }
            return
        }
        if depth == contentDepth {
            // The body (or root) closes: nothing after it is content.
            finished = true
            return
        }
        if let element = open.popLast(), element != .unknown { output.appendEndTag(element) }
        if dropping > 0 { dropping -= 1 }
    }

    private mutating func characters(_ text: UnsafePointer<UInt8>, _ length: Int) {
        guard !finished, contentDepth != nil, dropping == 0 else { return }
        output.appendText(UnsafeBufferPointer(start: text, count: length))
    }

    /// The element name libxml2's tree would give: what follows the first `:` (when there is
    /// something on both sides), as `xmlSplitQName` does.
    private static func localName(_ name: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        if name.pointee == UInt8(ascii: ":") { return name }
        var cursor = name
        while cursor.pointee != 0 {
            if cursor.pointee == UInt8(ascii: ":") {
                return (cursor + 1).pointee == 0 ? name : cursor + 1
            }
            cursor += 1
        }
        return name
    }
}
