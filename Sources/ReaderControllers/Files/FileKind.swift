import Foundation

/// What kind of file a path holds, told from its first bytes, so that an output never replaces a
/// file of another kind (a database, a feed list, the user's page) without `--force`. Only the
/// kinds Tidings writes or must never overwrite are told apart; everything else is `text` or
/// `binary`.
enum FileKind: Sendable, Hashable {
    case sqlite
    case opml
    /// An RSS 2.0 or RSS 1.0 (RDF) feed.
    case rss
    case atom
    case html
    /// XML of any other root element.
    case xml
    case json
    /// UTF-8 text with none of the shapes above (text, Markdown, TSV, CSV, a urls file).
    case text
    /// Bytes that are not UTF-8 text (an image, an archive, a program).
    case binary

    /// How a message names it: "is a SQLite database".
    var phrase: String {
        switch self {
        case .sqlite: "a SQLite database"
        case .opml: "an OPML feed list"
        case .rss: "an RSS feed"
        case .atom: "an Atom feed"
        case .html: "an HTML page"
        case .xml: "an XML document"
        case .json: "a JSON document"
        case .text: "a text file"
        case .binary: "a binary file"
        }
    }

    /// The kind of the regular file at `path`; nil when it is missing, empty, not a regular file or
    /// cannot be read (the write itself then says why). Only a regular file is opened (a device may
    /// act on being opened), without blocking and checked again with `fstat`.
    static func of(_ path: String) -> FileKind? {
        var named = stat()
        guard stat(path, &named) == 0, named.st_mode & S_IFMT == S_IFREG else { return nil }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return nil }
        var head = [UInt8](repeating: 0, count: 4096)
        let count = head.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return of(head: Array(head[..<count]), complete: Int(info.st_size) <= count)
    }

    /// The kind of a file that begins with `head`; `complete` when `head` is the whole file (so a
    /// character cut at its end is not one cut by the read).
    static func of(head: [UInt8], complete: Bool) -> FileKind {
        if head.starts(with: Array("SQLite format 3\0".utf8)) { return .sqlite }
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard isText(bytes, complete: complete) else { return .binary }
        let text = String(decoding: bytes, as: UTF8.self)
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.first == "{" || trimmed.first == "[" { return .json }
        guard trimmed.first == "<" else { return .text }
        return markupKind(String(trimmed))
    }

    /// Valid UTF-8 without NUL bytes (a sequence cut by the end of a partial read is forgiven).
    private static func isText(_ bytes: ArraySlice<UInt8>, complete: Bool) -> Bool {
        if bytes.contains(0) { return false }
        var slice = bytes
        if !complete {
            // Drop at most one incomplete sequence at the end of what was read.
            var back = 0
            while back < 3, let last = slice.last, last & 0xC0 == 0x80 {
                slice = slice.dropLast()
                back += 1
            }
            if let last = slice.last, last >= 0xC0 { slice = slice.dropLast() }
        }
        return String(validating: slice, as: UTF8.self) != nil
    }

    /// The kind of markup by its root element, after any declaration, comments and DOCTYPE.
    private static func markupKind(_ text: String) -> FileKind {
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0.isWhitespace }
            if rest.hasPrefix("<?") || rest.hasPrefix("<!--") || rest.lowercased().hasPrefix("<!doctype") {
                if rest.lowercased().hasPrefix("<!doctype html") { return .html }
                let end = rest.hasPrefix("<!--") ? "-->" : ">"
                guard let close = rest.range(of: end) else { return .xml }
                rest = rest[close.upperBound...]
                continue
            }
            break
        }
        guard rest.hasPrefix("<") else { return .text }
        let name = rest.dropFirst().prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
        let local = (name.split(separator: ":").last.map(String.init) ?? "").lowercased()
        switch local {
        case "opml": return .opml
        case "rss", "rdf": return .rss
        case "feed": return .atom
        case "html": return .html
        default: return .xml
        }
    }
}
