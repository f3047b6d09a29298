import CLibXML2

/// Runs libxml2's HTML parser over UTF-8 bytes with SAX callbacks instead of keeping a document: the
/// one setup the sanitizer and the plain text for search share. Bytes are parsed as
/// `HTMLFragmentDocument` parses them (same options, UTF-8 declared whatever a `meta` says).
enum HTMLSAXParse {
    /// Parses `count` bytes at `bytes` with `handler` as the callbacks' data (read back in a callback
    /// through `LibXML2Context(callbackData:)?.handlerData`) and the callbacks `setCallbacks` puts in
    /// the SAX handler; returns what `finish` makes of the handler afterwards, or nil when libxml2
    /// could not make a parser.
    static func parse<Handler: ~Copyable, Result>(
        _ bytes: UnsafePointer<UInt8>, count: Int, handler: consuming Handler,
        setCallbacks: (inout xmlSAXHandler) -> Void, finish: (inout Handler) -> Result
    ) -> Result? {
        let data = UnsafeMutablePointer<Handler>.allocate(capacity: 1)
        data.initialize(to: handler)
        defer {
            data.deinitialize(count: 1)
            data.deallocate()
        }
        guard let created = htmlNewParserCtxt() else { return nil }
        defer { htmlFreeParserCtxt(created) }
        let context = LibXML2Context(created)
        var sax = xmlSAXHandler()
        sax.initialized = 1
        sax._private = UnsafeMutableRawPointer(data)
        setCallbacks(&sax)
        context.installHandler(sax)
        bytes.withMemoryRebound(to: CChar.self, capacity: count) {
            let document = htmlCtxtReadMemory(
                context.pointer, $0, Int32(count), nil, "UTF-8", HTMLFragmentDocument.parseOptions)
            if let document { xmlFreeDoc(document) }
        }
        return finish(&data.pointee)
    }
}
