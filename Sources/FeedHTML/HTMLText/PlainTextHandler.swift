import CLibXML2

/// Receives libxml2's HTML SAX events for one `HTMLText.plainText` call and collects the text that a
/// walk of the parsed document's `body` would (`HTMLText.plainTextFromDocument`), without building the
/// document: no node is allocated, copied or freed per element or text run.
///
/// The events are those the tree is built from (libxml2 calls the same callbacks in the same order
/// whether a tree is built or not; with blanks kept, as here, white space always arrives as
/// `characters`), so the handler rebuilds only what the walk looks at:
/// - where the walked part begins: the first element that opens at the top (`html`, which the
///   parser always makes), and in it the first `body` child opened before the root ends; text
///   outside it (a `head`, what follows `</body>` or `</html>`) gives nothing, as in the tree;
/// - elements removed with their content (`HTMLElement.isDropped`): nothing inside them counts;
/// - the start and end of elements that separate words (`HTMLElement.breaksWords`);
/// - text and CDATA runs, appended through `appendCollapsed` (which reads runs split anywhere the
///   same as one run, so the tree's merging of adjacent text changes nothing) as UTF-8 bytes, made a
///   String once at the end.
/// Element names are read as the tree names them (`HTMLElement.localName`).
///
/// A value type reached from the C callbacks through a pointer (no reference counting per event);
/// noncopyable, as it owns its output. Used on one thread, for one parse.
struct PlainTextHandler: ~Copyable {
    private var output: CollapsedTextBytes
    private var pendingSpace = false
    /// For each open element: whether a walk visits it, and whether it removes its content.
    private var open: [(walked: Bool, dropped: Bool, element: HTMLElement)] = []
    /// `open.count` inside the walked element (the body): its descendants are walked.
    private var walkedDepth: Int?
    private var sawRoot = false
    private var walkDone = false
    private var rootIsHTML = false
    /// How many open elements are, or are inside, an element removed with its content.
    private var dropping = 0
    /// The last names looked up, by their address: libxml2 hands every element name out of the parse's
    /// dictionary (or as a static string), so within one parse an address always means one name.
    private var names = [KnownName](repeating: KnownName(), count: 16)

    private struct KnownName {
        var name: UnsafePointer<UInt8>?
        var element = HTMLElement.unknown
    }

    private init(capacity: Int) {
        output = CollapsedTextBytes(capacity: capacity)
        open.reserveCapacity(32)
    }

    private mutating func element(named name: UnsafePointer<UInt8>) -> HTMLElement {
        let slot = Int(truncatingIfNeeded: UInt(bitPattern: name) >> 3) & (names.count - 1)
        if names[slot].name == name { return names[slot].element }
        let element = HTMLElement.named(HTMLElement.localName(name))
        names[slot] = KnownName(name: name, element: element)
        return element
    }

    /// The plain text of `count` bytes of UTF-8 HTML at `bytes`, parsed as `HTMLFragmentDocument`
    /// parses (same options, UTF-8 declared).
    static func plainText(_ bytes: UnsafePointer<UInt8>, count: Int) -> String {
        HTMLSAXParse.parse(
            bytes, count: count, handler: PlainTextHandler(capacity: count),
            setCallbacks: { sax in
                sax.startElement = { context, name, _ in
                    guard let handler = PlainTextHandler.from(context), let name else { return }
                    handler.pointee.start(name)
                }
                sax.endElement = { context, _ in
                    PlainTextHandler.from(context)?.pointee.end()
                }
                sax.characters = { context, text, length in
                    guard let handler = PlainTextHandler.from(context), let text, length > 0 else { return }
                    handler.pointee.characters(UnsafeBufferPointer(start: text, count: Int(length)))
                }
                sax.cdataBlock = sax.characters
            },
            finish: { $0.output.string }) ?? ""
    }

    private static func from(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<PlainTextHandler>? {
        guard let pointer = LibXML2Context(callbackData: context)?.handlerData else { return nil }
        return pointer.assumingMemoryBound(to: PlainTextHandler.self)
    }

    private var isWalking: Bool {
        guard let walkedDepth, !walkDone else { return false }
        return open.count >= walkedDepth
    }

    private mutating func start(_ name: UnsafePointer<UInt8>) {
        let element = element(named: name)
        let walked = isWalking
        var dropped = false
        if walked {
            if dropping > 0 || element.isDropped {
                dropping += 1
                dropped = true
            } else if element.breaksWords {
                pendingSpace = !output.isEmpty
            }
        } else if open.isEmpty {
            // The document's root is its first element; later top-level elements (after `</html>`)
            // land inside or beside it in the tree, never in its body.
            if !sawRoot {
                sawRoot = true
                rootIsHTML = element == .html
                if !rootIsHTML { walkedDepth = 1 }
            }
        } else if open.count == 1, rootIsHTML, walkedDepth == nil, !walkDone, element == .body {
            walkedDepth = 2
        }
        open.append((walked, dropped, element))
    }

    private mutating func end() {
        guard let closed = open.popLast() else { return }
        if closed.walked {
            if closed.dropped {
                dropping -= 1
            } else if closed.element.breaksWords {
                pendingSpace = !output.isEmpty
            }
        } else if open.isEmpty || open.count == walkedDepth.map({ $0 - 1 }) {
            // The walked element itself, or the root, ended: nothing after it is in the walk (a body
            // made later lands in another `html` element, inside or beside the root).
            walkDone = true
        }
    }

    private mutating func characters(_ text: UnsafeBufferPointer<UInt8>) {
        guard isWalking, dropping == 0 else { return }
        HTMLText.appendCollapsed(text, into: &output, pendingSpace: &pendingSpace)
    }
}
