import CLibXML2
import FeedHTML
import Foundation
import TidingsText

/// Turns the element events of one XML feed document into a `Feed` header and `Article`s, handing
/// each article to `items` as soon as its element closes.
///
/// Driven by `XMLFeedParser` on the thread that parses; callbacks run synchronously on that thread.
/// A struct so that its hot state is checked for exclusive access statically; noncopyable, as it owns
/// the text buffer.
struct FeedBuilder: ~Copyable {
    /// The kinds of element whose direct children carry fields.
    enum Container {
        case root, feed, item, image, ignored, author(Owner), source, mediaGroup, itunesCategory
    }

    enum Owner { case feed, item, source }

    /// Where finished entries go: as articles, or as articles with their body fields as bytes for a
    /// writer that only copies them out (bytes stay valid for the duration of the call), or into the
    /// builder's `collected`, for the whole feed.
    enum ItemSink {
        case articles((Article) -> Void)
        case bodies((Article, ArticleBody) -> Void)
        case collect
    }

    struct Frame {
        var base: String?
        var lang: String?
    }

    /// A text field being collected between its start and end tags.
    struct Capture {
        var tag: FeedTag
        var depth: Int
        var start: Int
        var markup = false
        var skipDivDepth = 0
        var type: ContentType?
        var base64 = false
        var isPermaLink = true
    }

    var state = FeedState(feed: Feed(format: .rss20))
    var formatDetected = false
    var failure: FeedParseError?
    /// True when no-namespace elements are Atom (a `feed` root without a namespace).
    var bareAtom = false
    /// The entry being read, while `inItem`; written in place, not through an optional (Swift 6.3
    /// leaks the old value of a property assigned through an optional chain inside a noncopyable
    /// value: each repeated field of an entry leaked its first value, fuzz-feed). Outside an entry
    /// it holds the last one, which no field is written to and `openItem` replaces.
    var item = ItemState()
    var inItem = false
    var pendingAuthor = Author()
    /// A `podcast:person` whose attributes were read, waiting for its name (the element's text).
    var pendingPerson: PodcastPerson?
    var itemCount = 0
    /// The xml:base / xml:lang scopes in force: one entry for the document, then one more only for
    /// each open element that sets either (most elements do not, and push nothing).
    var frames: [Frame]
    /// The element depth at which each entry of `frames` was opened.
    var frameDepths: [Int] = [0]
    /// How many elements are open.
    private var elementDepth = 0
    /// Set when the document element's end was read: the document was not cut off before it.
    private(set) var rootClosed = false
    var containers: [(kind: Container, depth: Int)] = []
    /// Plain values only, so that the per-event reads and copies of the capture retain nothing.
    var capture: Capture?
    /// Whether every byte the open capture has put in `text` is known to be well-formed UTF-8 made of
    /// whole characters (read by `TextRunReader`, or a CDATA section `XMLCharacters.arePlain` passed),
    /// so that its string needs no second check. Cleared by anything else: libxml2's text, markup.
    var captureTextChecked = true
    /// The capture's URL attribute (`src`, `url`, `uri`), kept beside it.
    var captureURL: String?
    /// The capture's category scheme (`domain`), kept beside it.
    var captureScheme: String?
    /// The last Atom category scheme read: entries repeat it, and an equal one shares its storage.
    var lastCategoryScheme: String?
    /// How many categories the last entry with any had: the next one's array is made that large at
    /// once, so that entries with as many categories (most feeds give each about as many) hold an
    /// array of their number, allocated once, not one grown by doubling.
    var lastCategoryCount = 0
    /// The articles read so far, when `items` is `.collect`.
    var collected = ArticleCollector()
    /// Authors and identifiers entries repeat, shared between them.
    var repeated: RepeatedValues
    var text = ByteStorage(capacity: 16 * 1024)
    /// The body fields of the open entry, when `items` takes them as bytes (`ItemText.bytes` ranges).
    var bodyBytes = ByteStorage(capacity: 16 * 1024)
    var headerSent = false
    let documentBase: String?
    let options: FeedParserOptions
    let onHeader: (Feed) -> Void
    let items: ItemSink
    /// True when body fields are kept as bytes rather than made strings.
    let keepsBodyBytes: Bool

    init(documentBase: String?, options: FeedParserOptions, onHeader: @escaping (Feed) -> Void, items: ItemSink) {
        self.documentBase = documentBase
        self.options = options
        self.onHeader = onHeader
        self.items = items
        if case .bodies = items { keepsBodyBytes = true } else { keepsBodyBytes = false }
        repeated = RepeatedValues(enabled: options.readsTextDirectly)
        frames = [Frame(base: documentBase, lang: nil)]
    }

    var isCapturing: Bool { capture != nil }

    mutating func startElement(
        tag: FeedTag, namespace: FeedNamespace, localName: UnsafePointer<xmlChar>,
        prefix: UnsafePointer<xmlChar>?, attributes: XMLAttributes
    ) -> Bool {
        let depth = elementDepth + 1
        if depth > options.maxDepth {
            failure = .tooDeep(limit: options.maxDepth)
            return false
        }
        elementDepth = depth
        if attributes.count > 0, attributes.hasXMLPrefixed {
            let base = attributes.xmlValue("base")
            let lang = attributes.xmlValue("lang")
            if base != nil || lang != nil {
                var frame = frames.last ?? Frame(base: documentBase, lang: nil)
                if let base { frame.base = URLResolver.resolve(base, against: frame.base) }
                if let lang { frame.lang = lang.isEmpty ? nil : FieldValue.languageTag(lang) }
                frames.append(frame)
                frameDepths.append(depth)
            }
        }

        if var c = capture {
            if c.markup && depth == c.depth + 1 && c.skipDivDepth == 0 && XMLAttributes.equals(localName, "div")
                && !text.slice(c.start..<text.count).contains(where: { !XMLWhitespace.isSpace($0) })
            {
                text.truncate(to: c.start)
                c.skipDivDepth = depth
                capture = c
                return true
            }
            if c.skipDivDepth == 0 {
                c.skipDivDepth = -1
                capture = c
            }
            captureTextChecked = false
            text.append(UInt8(ascii: "<"))
            appendQualifiedName(localName, prefix)
            attributes.serialize(into: &text)
            text.append(UInt8(ascii: ">"))
            return true
        }
        if depth == 1 { return startRoot(tag: tag, namespace: namespace, localName: localName, attributes: attributes) }
        guard let container = containers.last, depth == container.depth + 1 else { return true }
        switch container.kind {
        case .root:
            switch tag {
            case .channel: open(.feed, depth)
            case .item: openItem(depth, attributes)
            case .image:
                // An RSS 1.0 image is named by its address.
                if state.imageAbout == nil, let about = FieldValue.nonEmpty(attributes.value("about")) {
                    state.imageAbout = Self.resolved(frames, about)
                }
                open(.image, depth)
            case .textInput: open(.ignored, depth)
            default: break
            }
        case .feed:
            startInFeed(tag: tag, depth: depth, attributes: attributes)
        case .item:
            startInItem(tag: tag, depth: depth, attributes: attributes)
        case .image:
            if tag == .url || tag == .title || tag == .link { begin(tag, depth) }
        case .author:
            switch tag {
            case .atomName, .atomEmail, .atomURI, .name, .url: begin(tag, depth)
            default: break
            }
        case .source:
            switch tag {
            case .atomTitle, .atomRights, .atomSubtitle: begin(tag, depth, attributes: attributes)
            case .atomID, .atomIcon, .atomLogo, .atomGenerator: begin(tag, depth)
            case .atomCategory:
                if let term = FieldValue.nonEmpty(attributes.value("term")) ?? FieldValue.nonEmpty(attributes.value("label")) {
                    item.source.categories.append(Category(
                        term: term, scheme: FieldValue.nonEmpty(attributes.value("scheme")),
                        label: FieldValue.nonEmpty(attributes.value("label"))))
                }
            case .atomLink: sourceLink(attributes)
            case .atomAuthor: open(.author(.source), depth)
            default: break
            }
        case .itunesCategory:
            if tag == .itunesCategory { itunesCategory(attributes, depth) }
        case .mediaGroup:
            if tag == .mediaContent || tag == .mediaThumbnail { media(tag, attributes) }
            if tag == .mediaCategory { begin(tag, depth, attributes: attributes) }
        case .ignored:
            break
        }
        return failure == nil
    }

    @inline(__always)
    mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        // Reads one field of the capture: binding the whole value would retain its strings per call.
        guard let markup = capture?.markup else { return }
        captureTextChecked = false
        if markup {
            MarkupEscaper.escape(bytes, [], into: &text)
        } else {
            text.append(bytes)
        }
    }

    /// `characters(_:)` for text known to be well-formed UTF-8 of whole characters (`XMLFeedParser`'s
    /// `deliverText` and `deliverCDATA`): it leaves the capture's string unchecked a second time.
    /// Escaping markup writes ASCII references between whole characters, which keeps it well-formed.
    @inline(__always)
    mutating func checkedCharacters(_ bytes: UnsafeBufferPointer<UInt8>) {
        assert(UTF8String.isValid(bytes), "checked text that is not well-formed UTF-8")
        guard let markup = capture?.markup else { return }
        if markup {
            MarkupEscaper.escape(bytes, [], into: &text)
        } else {
            text.append(bytes)
        }
    }

    mutating func endElement(localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?) {
        let depth = elementDepth
        if let captureDepth = capture?.depth {
            if depth == captureDepth, let c = capture.take() {
                finishCapture(c)
            } else if depth == capture?.skipDivDepth {
                capture?.skipDivDepth = -1
            } else {
                captureTextChecked = false
                text.append(UInt8(ascii: "<"))
                text.append(UInt8(ascii: "/"))
                appendQualifiedName(localName, prefix)
                text.append(UInt8(ascii: ">"))
            }
            closeElement()
            return
        }
        if let container = containers.last, container.depth == depth {
            containers.removeLast()
            switch container.kind {
            case .item: closeItem()
            case .author(let owner): closeAuthor(owner)
            default: break
            }
        }
        closeElement()
    }

    /// Leaves the innermost element and the xml:base / xml:lang scope it opened, if any.
    private mutating func closeElement() {
        guard elementDepth > 0 else { return }
        if elementDepth == 1 { rootClosed = true }
        if frameDepths.last == elementDepth {
            frames.removeLast()
            frameDepths.removeLast()
        }
        elementDepth -= 1
    }

    /// Called once the document has ended (or was cut short): hands over the header, and a half-read
    /// item of a `complete` document (one left open by malformed nesting), never the item a cut ended
    /// in. The feed holds the articles when they were collected.
    mutating func finish(complete: Bool) -> Feed {
        if inItem, complete { closeItem() }
        sendHeader()
        var feed = state.finished
        if case .collect = items { feed.items = collected.take() }
        return feed
    }

    private mutating func appendQualifiedName(_ localName: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?) {
        if let prefix {
            text.append(UnsafeBufferPointer(start: prefix, count: strlenX(prefix)))
            text.append(UInt8(ascii: ":"))
        }
        text.append(UnsafeBufferPointer(start: localName, count: strlenX(localName)))
    }

    /// `reference` resolved against the `xml:base` in force (the last of `frames`).
    static func resolved(_ frames: [Frame], _ reference: String) -> String {
        URLResolver.resolve(XMLWhitespace.trimmed(reference), against: frames.last?.base)
    }
}
