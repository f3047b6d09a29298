import Foundation

/// A feed list in OPML 1.0/2.0, kept as the tree it was read from so that writing it back preserves
/// folders, order, head fields and attributes Tidings does not know.
///
/// Reading is strict about XML (see `OPMLReader`) and tolerant of what common readers export
/// (Feedly, Inoreader, NetNewsWire, newsboat's `--export-to-opml`): a missing `head`, `title`
/// without `text` or the reverse, `xmlUrl` in any case (`xmlurl`, `xmlURL`), outlines with
/// `type="rss"` or no type. An outline with an `xmlUrl` is a
/// feed; one without is a folder whose name (`title`, else `text`) becomes a tag of every feed inside
/// it, at any depth. OPML 2.0 `category` attributes (`/news,/tech/linux`) add tags too. A feed listed
/// in several folders is one entry with all their tags.
///
/// The refresh interval is read from `tidings:refresh` (namespace `urn:tidings:opml:1`) or an
/// unprefixed `refreshInterval`: `30m`, `6h`, `1d`, `90s`, or a number of minutes.
public struct OPMLDocument: Sendable {
    /// The namespace of Tidings' own outline attributes.
    public static let tidingsNamespace = "urn:tidings:opml:1"

    /// Attributes of the `opml` element (including namespace declarations, as `xmlns:prefix`).
    public var rootAttributes: [FeedListAttribute]
    /// The `head` children as (element name, text) pairs, in order.
    public var head: [FeedListAttribute]
    /// The outlines of `body`.
    var outlines: [OPMLOutline]

    /// An empty OPML 2.0 feed list.
    public init(title: String? = nil) {
        rootAttributes = [FeedListAttribute(name: "version", value: "2.0")]
        head = title.map { [FeedListAttribute(name: "title", value: $0)] } ?? []
        outlines = []
    }

    /// Reads an OPML document. Throws `OPMLError` when the bytes are not well-formed XML with an `opml` root.
    public init(data: Data) throws {
        self = try OPMLReader.read(data)
    }

    init(rootAttributes: [FeedListAttribute], head: [FeedListAttribute], outlines: [OPMLOutline]) {
        self.rootAttributes = rootAttributes
        self.head = head
        self.outlines = outlines
    }

    /// The `head` title, if any.
    public var title: String? {
        head.first { $0.name == "title" }?.value
    }

    /// Every feed in document order, folders flattened into tags; a URL listed twice is one entry.
    public var entries: [FeedListEntry] {
        var result: [FeedListEntry] = []
        var positions: [String: Int] = [:]
        // The settings a folder passes to the feeds inside it, unless a nearer outline says otherwise.
        struct Inherited {
            var fullText = false
            var autoDownload = false
            var keep: Int?
        }
        func visit(_ outlines: [OPMLOutline], folders: [String], inherited: Inherited) {
            for outline in outlines {
                var inherited = inherited
                inherited.fullText = outline.fullText ?? inherited.fullText
                inherited.autoDownload = outline.autoDownload ?? inherited.autoDownload
                inherited.keep = outline.keep ?? inherited.keep
                if var entry = outline.entry(folders: folders) {
                    entry.fullText = inherited.fullText
                    entry.autoDownload = inherited.autoDownload
                    entry.keep = inherited.keep
                    if let index = positions[entry.url] {
                        for tag in entry.tags where !result[index].tags.contains(tag) { result[index].tags.append(tag) }
                        if entry.fullText { result[index].fullText = true }
                        if entry.autoDownload { result[index].autoDownload = true }
                    } else {
                        positions[entry.url] = result.count
                        result.append(entry)
                    }
                    visit(outline.children, folders: folders, inherited: inherited)
                } else if !outline.children.isEmpty {
                    let name = outline.folderName
                    visit(outline.children, folders: name.map { folders + [$0] } ?? folders, inherited: inherited)
                }
            }
        }
        visit(outlines, folders: [], inherited: Inherited())
        return result
    }

    /// Whether the list has an outline for the feed at `url`.
    public func contains(url: String) -> Bool {
        func search(_ outlines: [OPMLOutline]) -> Bool {
            outlines.contains { $0.feedURL == url || search($0.children) }
        }
        return search(outlines)
    }

    /// Adds a feed at the end of `folder` (created at the end of the body when missing; nested
    /// folders are found by name at any depth) or of the body when `folder` is `nil`. Tags of the
    /// entry other than the folder are written as an OPML 2.0 `category` attribute.
    public mutating func add(_ entry: FeedListEntry, inFolder folder: String? = nil) {
        add(entry, inFolders: folder.map { [$0] } ?? [])
    }

    /// Adds a feed at the end of the folder at `path` (outermost first; empty: the end of the body).
    /// The first folder is found by name at any depth, each next one among the previous one's
    /// children; a missing folder is created at the end of its parent (of the body for the first).
    /// Tags of the entry not on the path are written as an OPML 2.0 `category` attribute.
    public mutating func add(_ entry: FeedListEntry, inFolders path: [String]) {
        let path = path.filter { !$0.isEmpty }
        var outline = OPMLOutline(entry: entry, folders: path)
        outline.children = []
        guard let first = path.first else {
            outlines.append(outline)
            return
        }
        if !OPMLOutline.appendToFolder(named: first, path: path.dropFirst(), outline, in: &outlines) {
            outlines.append(OPMLOutline.nest(outline, in: path[...]))
        }
    }

    /// Adds feeds in order, each where `add(_:inFolders:)` would put it, in one pass over the document
    /// (`OPMLFolderIndex`) rather than a search of the whole list per feed.
    public mutating func add(_ items: [(entry: FeedListEntry, folders: [String])]) {
        var index = OPMLFolderIndex(outlines)
        for item in items {
            let path = item.folders.filter { !$0.isEmpty }
            var outline = OPMLOutline(entry: item.entry, folders: path)
            outline.children = []
            index.add(outline, inFolders: path, to: &outlines)
        }
    }

    /// Removes every outline of the feed at `url`; returns whether one was found.
    @discardableResult
    public mutating func remove(url: String) -> Bool {
        OPMLOutline.remove(url: url, from: &outlines)
    }

    /// Points every outline of the feed at `from` to `to` (after a permanent redirect); returns
    /// whether one was found.
    @discardableResult
    public mutating func updateURL(from: String, to: String) -> Bool {
        OPMLOutline.update(url: from, in: &outlines) { $0.set(OPMLOutline.xmlUrlName(in: $0.attributes), to) }
    }

    /// Sets (or, with `nil`, removes) an attribute on every outline of the feed at `url`; returns
    /// whether one was found. A `tidings:` attribute gets its namespace declared when written.
    @discardableResult
    public mutating func setAttribute(_ name: String, _ value: String?, forURL url: String) -> Bool {
        OPMLOutline.update(url: url, in: &outlines) { outline in
            if let value {
                outline.set(name, value)
            } else {
                outline.attributes.removeAll { $0.name == name }
            }
        }
    }

    /// The document as UTF-8 OPML, indented, with every attribute and head field it was read with.
    public func serialized() -> Data {
        Data(OPMLWriter.write(self).utf8)
    }
}

/// Why an OPML document could not be read.
public enum OPMLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No bytes, or only white space.
    case empty
    /// Not well-formed XML (or XML a feed list may not use): the first problem and where it is
    /// (1-based; 0 when unknown).
    case malformed(line: Int, column: Int, reason: String)
    /// The XML's root element is not `opml`.
    case notOPML(root: String)

    public var description: String {
        switch self {
        case .empty: "it is empty"
        case let .malformed(line, column, reason):
            line > 0 ? "line \(line)\(column > 0 ? ", column \(column)" : ""): \(reason)" : reason
        case let .notOPML(root): "its root element is <\(root)>, not <opml>"
        }
    }
}
