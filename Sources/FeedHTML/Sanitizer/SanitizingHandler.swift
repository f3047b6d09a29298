import CLibXML2

/// Receives libxml2's HTML SAX events for one sanitize call and writes the allowed parts into a
/// `SanitizedOutput`, so that the output has the input's structure minus what is unsafe.
///
/// libxml2's HTML parser adds structure that was not written; it is taken out again here:
/// - implied `html`, `head`, `body` and `p` elements: the parser names them with static strings,
///   where every name it read from the input comes from the context's dictionary; so an element
///   whose name the dictionary does not own was implied, and its tags are not written (the
///   `html`/`body` wrappers are unwrapped anyway, written or not);
/// - void elements it does not know (`embed`, `source`, `track`, `wbr`, `keygen`) get what follows
///   them as children: those stay, as the siblings they are (see `HTMLAllowList.ElementRule`).
/// Taking tags out may let the parser nest the output differently from the input (a removed
/// element no longer stands between a start tag and an element that tag closes): the handler keeps
/// the elements the parser would have open when reading the output (`HTMLReparseRules`) and writes
/// the end tags such a start tag implies itself, so the output parses into exactly the tags it
/// holds, and sanitizing it again changes nothing.
/// Element names are read as libxml2's tree would name them (a `prefix:` is split off).
///
/// A value type reached from the C callbacks through a pointer, so that no reference counting or
/// dynamic exclusivity check runs per event; noncopyable, as it owns its output buffer. Threading: used
/// on one thread, for one parse; the callbacks run synchronously inside `parse`.
struct SanitizingHandler: ~Copyable {
    private var output: SanitizedOutput
    /// For each open element: its kind when its end tag is to be written, `unknown` otherwise.
    private var open: [HTMLElement] = []
    /// How many open elements are inside (or are) an element removed with its content.
    private var dropping = 0
    /// The elements the parser has open when it reads the output written so far, innermost last
    /// (see `HTMLReparseRules`): where each one's entry in `open` is, or `nil` for a void element
    /// the parser keeps open.
    private var written: [(element: HTMLElement, openIndex: Int?)] = []

    private init(capacity: Int, baseURL: String?) {
        output = SanitizedOutput(capacity: capacity, baseURL: baseURL)
        open.reserveCapacity(16)
    }

    /// Parses `count` bytes of UTF-8 HTML at `bytes` and returns the sanitized HTML. Options as for
    /// the document form (`HTMLFragmentDocument`): recover mode, no network, no error output, no
    /// implied DTD; the declared encoding is UTF-8 whatever a `meta` says.
    static func sanitize(_ bytes: UnsafePointer<UInt8>, count: Int, baseURL: String?) -> String {
        HTMLSAXParse.parse(
            bytes, count: count, handler: SanitizingHandler(capacity: count + 64, baseURL: baseURL),
            setCallbacks: { sax in
                sax.startElement = { context, name, attributes in
                    guard let handler = SanitizingHandler.from(context), let name else { return }
                    handler.pointee.start(name, attributes, context)
                }
                sax.endElement = { context, _ in
                    SanitizingHandler.from(context)?.pointee.end()
                }
                sax.characters = { context, text, length in
                    guard let handler = SanitizingHandler.from(context), let text else { return }
                    handler.pointee.characters(text, Int(length))
                }
                sax.cdataBlock = sax.characters
            },
            finish: { $0.output.string }) ?? ""
    }

    private static func from(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<SanitizingHandler>? {
        guard let pointer = LibXML2Context(callbackData: context)?.handlerData else { return nil }
        return pointer.assumingMemoryBound(to: SanitizingHandler.self)
    }

    /// Whether libxml2 made up the element named `name` (see the type's comment).
    private static func isImplied(_ name: UnsafePointer<UInt8>, _ context: UnsafeMutableRawPointer?) -> Bool {
        guard let parser = LibXML2Context(callbackData: context) else { return false }
        return !parser.dictionaryOwns(name)
    }

    private mutating func start(
        _ name: UnsafePointer<UInt8>, _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?,
        _ context: UnsafeMutableRawPointer?
    ) {
        let element = HTMLElement.named(HTMLElement.localName(name))
        if dropping > 0 || element.isDropped {
            dropping += 1
            open.append(.unknown)
            return
        }
        // Of the implied elements only `p` is otherwise kept.
        let keep =
            element.isAllowed && open.count < HTMLSanitizer.maximumDepth
            && !(element == .p && Self.isImplied(name, context))
        if keep {
            closeWrittenElements(closedBy: element)
            output.appendStartTag(element, attributes: attributes)
        }
        open.append(keep && !element.isVoid ? element : .unknown)
        if keep && !element.isVoid {
            written.append((element, open.count - 1))
        } else if keep && HTMLReparseRules.staysOpen(element) {
            written.append((element, nil))
        }
    }

    /// Before the start tag of `element` is written: writes the end tags of the written elements
    /// that this start tag would close when the output is parsed again (their end tags are then not
    /// written where the input ends them), so that the output reads back as it was written.
    private mutating func closeWrittenElements(closedBy element: HTMLElement) {
        while let innermost = written.last, HTMLReparseRules.startTag(element, closes: innermost.element) {
            written.removeLast()
            guard let index = innermost.openIndex else { continue }
            output.appendEndTag(innermost.element)
            open[index] = .unknown
        }
    }

    private mutating func end() {
        guard let element = open.popLast() else { return }
        if dropping > 0 {
            dropping -= 1
        } else if element != .unknown {
            // Void elements the parser keeps open inside it are closed by its end tag as well.
            while let innermost = written.popLast(), innermost.openIndex != open.count {}
            output.appendEndTag(element)
        }
    }

    private mutating func characters(_ text: UnsafePointer<UInt8>, _ length: Int) {
        guard dropping == 0 else { return }
        output.appendText(UnsafeBufferPointer(start: text, count: length))
    }
}
