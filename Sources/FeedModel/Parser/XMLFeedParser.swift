import CLibXML2
import Foundation

/// Owns one libxml2 SAX2 push-parser context and forwards its events to a `FeedBuilder`.
///
/// Created, fed and finished on one thread; the SAX callbacks run synchronously inside `push`.
final class XMLFeedParser {
    /// One slot of the element-name cache: libxml2 interns names in its dictionary, so the three
    /// pointers identify a name for the whole document.
    private struct NameSlot {
        var local: UnsafeRawPointer?
        var uri: UnsafeRawPointer?
        var prefix: UnsafeRawPointer?
        var tag: FeedTag
        var namespace: FeedNamespace
    }

    private static let nameSlotBits = 9
    private static let nameSlots = 1 << nameSlotBits

    /// The builder lives behind a pointer so the per-callback accesses need no runtime exclusivity checks.
    let state: UnsafeMutablePointer<FeedBuilder>
    let entities: EntityStore
    private(set) var firstError: String?
    private(set) var sawRoot = false
    private(set) var sawInvalidUTF8 = false
    /// Set once libxml2 reported the document not well-formed (its own flag is reset, see `undoLossyRecoveries`).
    private var sawMalformed = false
    private var context: xmlParserCtxtPtr?
    /// A direct-mapped cache of resolved element names (a collision only costs a fresh resolve).
    private let names: UnsafeMutablePointer<NameSlot>
    private var bareAtomApplied = false

    init(builder: FeedBuilder, options: FeedParserOptions) throws(FeedParseError) {
        state = .allocate(capacity: 1)
        state.initialize(to: builder)
        entities = EntityStore(limit: options.maxEntityExpansion)
        names = .allocate(capacity: Self.nameSlots)
        names.initialize(repeating: NameSlot(tag: .unknown, namespace: .none), count: Self.nameSlots)
        var sax = xmlSAXHandler()
        sax.initialized = UInt32(XML_SAX2_MAGIC)
        sax.startElementNs = { ctx, localname, prefix, uri, _, _, count, _, attributes in
            guard let ctx, let localname else { return }
            Unmanaged<XMLFeedParser>.fromOpaque(ctx)._withUnsafeGuaranteedRef {
                $0.start(localname, prefix, uri, XMLAttributes(base: attributes, count: Int(count)))
            }
        }
        sax.endElementNs = { ctx, localname, prefix, _ in
            guard let ctx, let localname else { return }
            Unmanaged<XMLFeedParser>.fromOpaque(ctx)._withUnsafeGuaranteedRef {
                $0.undoLossyRecoveries()
                $0.state.pointee.endElement(localName: localname, prefix: prefix)
            }
        }
        sax.characters = { ctx, chars, length in
            guard let ctx, let chars, length > 0 else { return }
            Unmanaged<XMLFeedParser>.fromOpaque(ctx)._withUnsafeGuaranteedRef {
                $0.undoLossyRecoveries()
                $0.state.pointee.characters(UnsafeBufferPointer(start: chars, count: Int(length)))
            }
        }
        sax.cdataBlock = sax.characters
        sax.getEntity = { ctx, name in
            guard let ctx, let name else { return nil }
            return Unmanaged<XMLFeedParser>.fromOpaque(ctx).takeUnretainedValue().entity(name)
        }
        sax.entityDecl = { ctx, name, type, _, _, content in
            guard let ctx, let name, let content, type == Int32(XML_INTERNAL_GENERAL_ENTITY.rawValue) else { return }
            Unmanaged<XMLFeedParser>.fromOpaque(ctx).takeUnretainedValue().entities.declare(
                name: String(cString: name), content: String(cString: content))
        }
        sax.serror = { ctx, error in
            guard let ctx, let error else { return }
            Unmanaged<XMLFeedParser>.fromOpaque(ctx).takeUnretainedValue().record(error.pointee)
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard let ctxt = xmlCreatePushParserCtxt(&sax, me, nil, 0, nil) else { throw .parserUnavailable }
        context = ctxt
        xmlCtxtUseOptions(
            ctxt,
            Int32(
                XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
                    | XML_PARSE_NOWARNING.rawValue | XML_PARSE_IGNORE_ENC.rawValue))
        xmlSwitchEncoding(ctxt, XML_CHAR_ENCODING_UTF8)
    }

    deinit {
        state.pointee.release()
        state.deinitialize(count: 1)
        state.deallocate()
        names.deallocate()
        if let context {
            if let doc = context.pointee.myDoc { xmlFreeDoc(doc) }
            context.pointee.myDoc = nil
            xmlFreeParserCtxt(context)
        }
    }

    /// Parses one chunk of UTF-8; `terminate` marks the end of the document.
    func push(_ bytes: UnsafeBufferPointer<UInt8>, terminate: Bool) {
        guard let context else { return }
        var offset = 0
        repeat {
            let n = min(bytes.count - offset, 1 << 20)
            let last = terminate && offset + n == bytes.count
            let base = bytes.baseAddress.map { UnsafeRawPointer($0 + offset).assumingMemoryBound(to: CChar.self) }
            xmlParseChunk(context, base, Int32(n), last ? 1 : 0)
            offset += n
        } while offset < bytes.count && state.pointee.failure == nil && !entities.exceeded
    }

    /// True when the document names an external DTD, which may declare the HTML entities it uses.
    var hasExternalSubset: Bool { (context?.pointee.hasExternalSubset ?? 0) != 0 }

    /// True when libxml2 found the document well-formed.
    var libxmlWellFormed: Bool { !sawMalformed && (context?.pointee.wellFormed ?? 0) != 0 }

    /// Undoes two recoveries of libxml2 that lose text, at every event:
    /// - it reads the rest of a document as ISO-8859-1 once it meets a byte that is not UTF-8;
    ///   switching it back keeps one bad byte from garbling every later item (the bad byte itself
    ///   comes through as its Latin-1 character, and the document is reported as not well-formed);
    /// - once a document is not well-formed it drops every later entity reference (`&amp;`
    ///   included); its flag is cleared after being noted, so later references are still read.
    @inline(__always)
    func undoLossyRecoveries() {
        guard let context else { return }
        if context.pointee.wellFormed == 0 {
            sawMalformed = true
            context.pointee.wellFormed = 1
        }
        guard context.pointee.charset != Int32(XML_CHAR_ENCODING_UTF8.rawValue) else { return }
        context.pointee.charset = Int32(XML_CHAR_ENCODING_UTF8.rawValue)
        sawInvalidUTF8 = true
    }

    private func start(
        _ localname: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?,
        _ attributes: XMLAttributes
    ) {
        sawRoot = true
        undoLossyRecoveries()
        if state.pointee.bareAtom && !bareAtomApplied {
            bareAtomApplied = true
            names.update(repeating: NameSlot(tag: .unknown, namespace: .none), count: Self.nameSlots)
        }
        let local = UnsafeRawPointer(localname)
        let uriKey = uri.map(UnsafeRawPointer.init)
        let prefixKey = prefix.map(UnsafeRawPointer.init)
        // Fibonacci hashing: the top bits of the product spread pointers that differ only a little.
        let mixed = UInt(bitPattern: Int(bitPattern: local) ^ Int(bitPattern: uriKey) &* 31 ^ Int(bitPattern: prefixKey) &* 7)
        let index = Int((mixed &* 0x9E37_79B9_7F4A_7C15) >> (UInt.bitWidth - Self.nameSlotBits))
        let slot = names + index
        let resolved: (FeedTag, FeedNamespace)
        if slot.pointee.local == local, slot.pointee.uri == uriKey, slot.pointee.prefix == prefixKey {
            resolved = (slot.pointee.tag, slot.pointee.namespace)
        } else {
            var namespace: FeedNamespace
            if let uri {
                namespace = FeedNamespace.from(uri: String(cString: uri))
            } else if let prefix {
                namespace = FeedNamespace.from(undeclaredPrefix: String(cString: prefix))
            } else {
                namespace = .none
            }
            if namespace == .none && state.pointee.bareAtom { namespace = .atom10 }
            resolved = (FeedTag.resolve(namespace: namespace, localName: String(cString: localname)), namespace)
            slot.pointee = NameSlot(local: local, uri: uriKey, prefix: prefixKey, tag: resolved.0, namespace: resolved.1)
        }
        if resolved.1 == .rss090 { state.pointee.sawRSS090() }
        if !state.pointee.startElement(
            tag: resolved.0, namespace: resolved.1, localName: localname, prefix: prefix, attributes: attributes)
        {
            if let context { xmlStopParser(context) }
        }
    }

    private func entity(_ name: UnsafePointer<xmlChar>) -> xmlEntityPtr? {
        undoLossyRecoveries()
        let state = context?.pointee.instate
        let inAttribute = state == XML_PARSER_START_TAG || state == XML_PARSER_ATTRIBUTE_VALUE
        let text = String(cString: name)
        let record = inAttribute ? entities.attributeLookup(text) : entities.lookup(text)
        if entities.exceeded, let context { xmlStopParser(context) }
        return record
    }

    private func record(_ error: xmlError) {
        guard firstError == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue,
            error.domain != Int32(XML_FROM_NAMESPACE.rawValue)
        else { return }
        var message = error.message.map { String(cString: $0) } ?? "error \(error.code)"
        message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        firstError = "line \(error.line): \(message)"
    }
}
