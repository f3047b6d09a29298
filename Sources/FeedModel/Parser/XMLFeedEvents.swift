import CLibXML2
import FeedHTML
import Foundation

/// What libxml2's SAX2 callbacks reach through their user-data pointer during one feed parse: the
/// `FeedBuilder` the element events go to, the entity store, the element-name cache, and what the
/// parse noticed about the document.
///
/// A value type behind a pointer that `XMLFeedParser` owns, so that no reference counting or dynamic
/// exclusivity check runs per event; noncopyable, as it owns the builder's buffers. Threading: one
/// parse on one thread; the callbacks run synchronously inside `xmlParseChunk`.
struct XMLFeedEvents: ~Copyable {
    var builder: FeedBuilder
    let entities: EntityStore
    /// Set once the context exists (the context is created with a pointer to this value).
    var context: LibXML2Context?
    private(set) var firstError: String?
    private(set) var sawRoot = false
    private(set) var sawInvalidUTF8 = false
    /// Set once libxml2 reported the document not well-formed (its own flag is reset, see `undoLossyRecoveries`).
    private(set) var sawMalformed = false
    /// Set once libxml2 reported anything (an error or a warning, whatever its domain).
    private(set) var sawError = false
    /// The document element's qualified name, as its start tag wrote it.
    private var rootName: [UInt8]?
    /// Set when an end tag naming the document element was read while other elements were still open
    /// (malformed nesting: libxml2 then closes only the innermost one, and the root stays open).
    private(set) var sawRootEndTag = false
    private var names = ElementNameCache()
    /// The line of the `<![CDATA[` of the section libxml2 is handing on in blocks, if any (see `record`).
    private var cdataOpenerLine: Int32?
    /// Where the `]` of a `]]>` in text stands when libxml2 may have skipped it: settled by what it
    /// does next (see `keepTextBeforeStrayCDATAEnd`).
    private var strayBracket: Int?
    private var bareAtomApplied = false
    /// The entity whose declaration was just read. libxml2 asks for it once right after (only to
    /// keep the declaration's raw text in the record); that is no reference, so nothing is expanded.
    private var justDeclared: String?

    init(builder: consuming FeedBuilder, entities: EntityStore) {
        self.builder = builder
        self.entities = entities
    }

    /// The SAX2 callbacks, each recovering this value from the user-data pointer libxml2 passes back.
    static func handler() -> xmlSAXHandler {
        var sax = xmlSAXHandler()
        sax.initialized = UInt32(XML_SAX2_MAGIC)
        sax.startElementNs = { data, localname, prefix, uri, _, _, count, _, attributes in
            guard let events = XMLFeedEvents.from(data), let localname else { return }
            events.pointee.start(localname, prefix, uri, XMLAttributes(base: attributes, count: Int(count)))
        }
        sax.endElementNs = { data, localname, prefix, _ in
            guard let events = XMLFeedEvents.from(data), let localname else { return }
            events.pointee.undoLossyRecoveries()
            events.pointee.builder.endElement(localName: localname, prefix: prefix)
        }
        sax.characters = { data, chars, length in
            guard let events = XMLFeedEvents.from(data), let chars, length > 0 else { return }
            if let bracket = events.pointee.strayBracket { events.pointee.settleStrayBracket(bracket, next: chars) }
            events.pointee.undoLossyRecoveries()
            events.pointee.builder.characters(UnsafeBufferPointer(start: chars, count: Int(length)))
        }
        sax.cdataBlock = { data, chars, length in
            guard let events = XMLFeedEvents.from(data), let chars, length > 0 else { return }
            events.pointee.noteCDATABlock(length: Int(length))
            events.pointee.undoLossyRecoveries()
            events.pointee.builder.characters(UnsafeBufferPointer(start: chars, count: Int(length)))
        }
        sax.getEntity = { data, name in
            guard let events = XMLFeedEvents.from(data), let name else { return nil }
            return events.pointee.entity(name)
        }
        sax.entityDecl = { data, name, type, _, _, content in
            guard let events = XMLFeedEvents.from(data), let name, let content, type == Int32(XML_INTERNAL_GENERAL_ENTITY.rawValue)
            else { return }
            let declared = String(cString: name)
            events.pointee.justDeclared = declared
            events.pointee.entities.declare(name: declared, content: String(cString: content))
        }
        sax.serror = { data, error in
            guard let events = XMLFeedEvents.from(data), let error else { return }
            events.pointee.sawError = true
            if error.pointee.code == Int32(XML_ERR_MISPLACED_CDATA_END.rawValue) {
                events.pointee.keepTextBeforeStrayCDATAEnd(reportedBy: error.pointee.ctxt)
            }
            if error.pointee.code == Int32(XML_ERR_TAG_NAME_MISMATCH.rawValue) {
                events.pointee.noteMismatchedEndTag(error.pointee.str2)
            }
            events.pointee.record(error.pointee)
        }
        return sax
    }

    /// Text or a CDATA block read without libxml2 (`XMLFeedParser.deliverText`, `deliverCDATA`): what
    /// libxml2's callback for them does. `content` is well-formed UTF-8 of whole characters (both
    /// readers check it), which the builder then need not check again.
    mutating func characters(_ content: UnsafeBufferPointer<UInt8>) {
        undoLossyRecoveries()
        builder.checkedCharacters(content)
    }

    @inline(__always)
    private static func from(_ data: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<XMLFeedEvents>? {
        data?.assumingMemoryBound(to: XMLFeedEvents.self)
    }

    /// Undoes two recoveries of libxml2 that lose text, at every event:
    /// - it reads the rest of a document as ISO-8859-1 once it meets a byte that is not UTF-8;
    ///   switching it back keeps one bad byte from garbling every later item (the bad byte itself
    ///   comes through as its Latin-1 character, and the document is reported as not well-formed);
    /// - once a document is not well-formed it drops every later entity reference (`&amp;`
    ///   included); its flag is cleared after being noted, so later references are still read.
    @inline(__always)
    mutating func undoLossyRecoveries() {
        guard let context else { return }
        if context.clearNotWellFormed() { sawMalformed = true }
        if context.restoreUTF8Input() { sawInvalidUTF8 = true }
    }

    private mutating func start(
        _ localname: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?,
        _ attributes: XMLAttributes
    ) {
        if !sawRoot { rootName = Self.qualifiedName(localname, prefix) }
        sawRoot = true
        undoLossyRecoveries()
        if builder.bareAtom && !bareAtomApplied {
            bareAtomApplied = true
            names.reset()
        }
        let resolved = names.resolve(localname, prefix: prefix, uri: uri, bareAtom: builder.bareAtom)
        if resolved.namespace == .rss090 { builder.sawRSS090() }
        if !builder.startElement(
            tag: resolved.tag, namespace: resolved.namespace, localName: localname, prefix: prefix,
            attributes: attributes)
        {
            stop()
        }
    }

    private mutating func entity(_ name: UnsafePointer<xmlChar>) -> xmlEntityPtr? {
        undoLossyRecoveries()
        let inAttribute = context?.isInStartTag ?? false
        let text = String(cString: name)
        // Expanding here would read the entities declared so far only, and libxml2 would hang the
        // declaration's raw text (which it then no longer frees) on the record returned.
        if let declared = justDeclared {
            justDeclared = nil
            if declared == text { return nil }
        }
        let record = inAttribute ? entities.attributeLookup(text) : entities.lookup(text)
        if entities.exceeded { stop() }
        return record
    }

    private func stop() {
        if let context { xmlStopParser(context.pointer) }
    }

    private static func qualifiedName(_ localname: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?) -> [UInt8] {
        let local = UnsafeBufferPointer(start: localname, count: strlenX(localname))
        guard let prefix else { return Array(local) }
        return Array(UnsafeBufferPointer(start: prefix, count: strlenX(prefix))) + [UInt8(ascii: ":")] + Array(local)
    }

    /// Notes an end tag that did not match the open element (libxml2 names it in its error's second
    /// string): one naming the document element means the document reached its end.
    private mutating func noteMismatchedEndTag(_ name: UnsafeMutablePointer<CChar>?) {
        guard let name, let rootName else { return }
        if rootName.elementsEqual(UnsafeRawBufferPointer(start: name, count: strlen(name))) { sawRootEndTag = true }
    }

    /// Notes the line of a CDATA section's opener when libxml2 hands on the first block of its content
    /// (it does so before moving its position past the block), and forgets it with the section's last
    /// block (followed by `]]>`; libxml2 has checked all of the content by then).
    private mutating func noteCDATABlock(length: Int) {
        guard let context else { return }
        if context.standsRightAfterCDATAOpener { cdataOpenerLine = context.line }
        if context.cdataEndFollows(length) { cdataOpenerLine = nil }
    }

    /// Hands on the text libxml2 is about to skip at a `]]>` in character data, so that the text reads
    /// as written (`]]>` included) however the document was chunked; the error is still reported.
    ///
    /// Its fast reader skips the text from its position through the first `]`; its slower one skips
    /// nothing and stands on that `]`. When the text is more than the `]`, only the fast reader can
    /// have reported it. When it is the `]` alone, either may have: the fast reader then goes on
    /// with the text after the `]` as written (in its input, one byte further), the slower one hands
    /// on the `]` with the text before it from a buffer of its own, or stands on a later `]]>` when
    /// it reports that one, so the next text or error tells which (`settleStrayBracket`).
    private mutating func keepTextBeforeStrayCDATAEnd(reportedBy parser: UnsafeMutableRawPointer?) {
        guard let context, parser == UnsafeMutableRawPointer(context.pointer),
            let (text, position) = context.textBeforeStrayCDATAEnd
        else { return }
        if let bracket = strayBracket { settleStrayBracket(bracket, nextAt: position) }
        if text.count > 1 {
            characters(text)
        } else {
            strayBracket = position
        }
    }

    /// Settles a `]` libxml2 may have skipped (`keepTextBeforeStrayCDATAEnd`) by the text it hands on next.
    private mutating func settleStrayBracket(_ bracket: Int, next chars: UnsafePointer<xmlChar>) {
        settleStrayBracket(bracket, nextAt: context?.position(of: chars))
    }

    /// Hands on the `]` at `bracket` when what libxml2 reads next starts right after it in its input.
    private mutating func settleStrayBracket(_ bracket: Int, nextAt position: Int?) {
        strayBracket = nil
        guard position == bracket + 1 else { return }
        var closer = UInt8(ascii: "]")
        withUnsafePointer(to: &closer) { characters(UnsafeBufferPointer(start: $0, count: 1)) }
    }

    private mutating func record(_ error: xmlError) {
        guard firstError == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue,
            error.domain != Int32(XML_FROM_NAMESPACE.rawValue)
        else { return }
        var message = error.message.map { String(cString: $0) } ?? "error \(error.code)"
        message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        var line = error.line
        // libxml2 reports a byte that is not UTF-8 inside a CDATA section on a line that depends on
        // how the document was chunked: the opener's line either way, so that the error does not.
        if error.code == Int32(XML_ERR_INVALID_CHAR.rawValue), let context, context.isInCDATASection,
            let opener = cdataOpenerLine
        {
            line = opener
        }
        firstError = "line \(line): \(message)"
    }
}
