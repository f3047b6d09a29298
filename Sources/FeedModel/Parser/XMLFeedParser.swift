import CLibXML2
import FeedHTML

/// Owns one libxml2 SAX2 push-parser context and the `XMLFeedEvents` its callbacks drive.
///
/// Created, fed and finished on one thread; the SAX callbacks run synchronously inside `push`.
final class XMLFeedParser {
    /// Whether text and CDATA content may be read without libxml2 (`FeedParserOptions.readsTextDirectly`).
    private let readsTextDirectly: Bool
    /// Allocated before the context, which is created with this pointer as its user data.
    private let events: UnsafeMutablePointer<XMLFeedEvents>
    private let context: LibXML2Context
    /// The document's start, held until its document type declaration is whole.
    private var prolog = PrologHold()
    /// A chunk's last bytes, held while one of its last three is not ASCII.
    private var tail = ChunkTailHold()

    init(builder: consuming FeedBuilder, options: FeedParserOptions) throws(FeedParseError) {
        let events = UnsafeMutablePointer<XMLFeedEvents>.allocate(capacity: 1)
        events.initialize(to: XMLFeedEvents(builder: builder, entities: EntityStore(limit: options.maxEntityExpansion)))
        var sax = XMLFeedEvents.handler()
        guard let created = xmlCreatePushParserCtxt(&sax, UnsafeMutableRawPointer(events), nil, 0, nil) else {
            events.deinitialize(count: 1)
            events.deallocate()
            throw .parserUnavailable
        }
        self.events = events
        readsTextDirectly = options.readsTextDirectly
        context = LibXML2Context(created)
        events.pointee.context = context
        xmlCtxtUseOptions(
            created,
            Int32(
                XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
                    | XML_PARSE_NOWARNING.rawValue | XML_PARSE_IGNORE_ENC.rawValue))
        xmlSwitchEncoding(created, XML_CHAR_ENCODING_UTF8)
    }

    deinit {
        context.freeDocument()
        xmlFreeParserCtxt(context.pointer)
        events.deinitialize(count: 1)
        events.deallocate()
    }

    /// Parses one chunk of UTF-8; `terminate` marks the end of the document.
    func push(_ bytes: UnsafeBufferPointer<UInt8>, terminate: Bool) {
        prolog.pass(bytes, final: terminate) { prologPassed in
            tail.pass(prologPassed, final: terminate) { parse($0) }
        }
        guard terminate, !stopped else { return }
        drainPendingInput()
        xmlParseChunk(context.pointer, nil, 0, 1)
    }

    private func parse(_ bytes: UnsafeBufferPointer<UInt8>) {
        var offset = 0
        repeat {
            var n = min(bytes.count - offset, 1 << 20)
            if offset + n < bytes.count {
                n -= ChunkTailHold.tailLength(UnsafeBufferPointer(rebasing: bytes[offset..<(offset + n)]))
            }
            let base = bytes.baseAddress.map { UnsafeRawPointer($0 + offset).assumingMemoryBound(to: CChar.self) }
            xmlParseChunk(context.pointer, base, Int32(n), 0)
            offset += n
        } while offset < bytes.count && !stopped
    }

    /// Reads the content of the CDATA section libxml2 has just entered as libxml2 would, without it:
    /// the bytes go to the builder as one CDATA block, and libxml2's position (line, column, bytes
    /// consumed) moves past them as its own skip over them would have moved it. Only when the prolog
    /// has been handed on and libxml2 has read everything pushed so far and stands inside a CDATA
    /// section of the content with SAX on;
    /// false (nothing done) otherwise, and the caller pushes the content as usual. The caller has
    /// checked that `content` holds only characters XML allows (`XMLCharacters.arePlain`), so
    /// libxml2's own check of them could not have failed.
    func deliverCDATA(_ content: UnsafeBufferPointer<UInt8>) -> Bool {
        guard readsTextDirectly, !stopped, prolog.released, context.isInsideCDATASectionAtEnd else { return false }
        events.pointee.characters(content)
        context.advancePast(unread: content)
        return true
    }

    /// Reads a run of text libxml2 has not been given as libxml2 would, without it: `decoded` (the
    /// run read by `TextRunReader`) goes to the builder as characters, and libxml2's position moves
    /// past `raw`, the run as written. Only when nothing is held back from libxml2, it has read
    /// everything pushed so far, ending with a `>`, stands in element content and has reported no
    /// error in the document (so its recoveries, which drop references, never come into it); false
    /// (nothing done) otherwise, and the caller pushes the run as usual.
    func deliverText(_ decoded: UnsafeBufferPointer<UInt8>, raw: UnsafeBufferPointer<UInt8>) -> Bool {
        guard readsTextDirectly, !stopped, prolog.released, tail.isEmpty, !events.pointee.sawError,
            context.isInContentAfterMarkupAtEnd
        else { return false }
        events.pointee.characters(decoded)
        context.advancePast(characterData: raw)
        return true
    }

    private var stopped: Bool { events.pointee.builder.failure != nil || entities.exceeded }

    /// Lets libxml2 read what it holds before the document is ended. Inside a CDATA section with no
    /// end in sight, its push parser hands on one 300-byte block per call and ending the document
    /// drops the rest, so without this the error's line (and the text read) would depend on how many
    /// chunks the document came in.
    private func drainPendingInput() {
        var consumed = xmlByteConsumed(context.pointer)
        while !stopped {
            xmlParseChunk(context.pointer, nil, 0, 0)
            let now = xmlByteConsumed(context.pointer)
            if now <= consumed { return }
            consumed = now
        }
    }

    /// Ends the builder's work and returns the feed; a half-read item is handed over only when the
    /// document is `complete`.
    func finish(complete: Bool) -> Feed {
        events.pointee.builder.finish(complete: complete)
    }

    /// Whether the document element's end was read (properly, or by a mismatched end tag naming it),
    /// so that the document was not cut off before it.
    var rootClosed: Bool { events.pointee.builder.rootClosed || events.pointee.sawRootEndTag }

    /// Why the builder gave up, if it did.
    var failure: FeedParseError? { events.pointee.builder.failure }

    /// Whether the document element named a feed format.
    var formatDetected: Bool { events.pointee.builder.formatDetected }

    var entities: EntityStore { events.pointee.entities }

    /// libxml2's first error message, with its line.
    var firstError: String? { events.pointee.firstError }

    /// Whether a document element started.
    var sawRoot: Bool { events.pointee.sawRoot }

    /// Whether libxml2 met bytes that are not UTF-8 (read as ISO-8859-1).
    var sawInvalidUTF8: Bool { events.pointee.sawInvalidUTF8 }

    /// True when the document names an external DTD, which may declare the HTML entities it uses.
    var hasExternalSubset: Bool { context.hasExternalSubset }

    /// True when libxml2 found the document well-formed.
    var libxmlWellFormed: Bool { !events.pointee.sawMalformed && context.isWellFormed }
}
