import TidingsText
import CLibXML2

/// Article HTML laid out as terminal text: the lines to show and the URLs of the numbered links.
public struct RenderedText: Sendable, Hashable {
    /// The text, one element per screen line, none wider than the width asked for (preformatted
    /// lines keep their spaces and are only cut where the width ends).
    public var lines: [String]
    /// The link targets, in order: `links[0]` is the link shown as `[1]` in `lines`.
    public var links: [String]

    public init(lines: [String], links: [String]) {
        self.lines = lines
        self.links = links
    }

    /// The list of links to show after the text: `[1] https://...`, one per line.
    public var linkListLines: [String] {
        links.enumerated().map { "[\($0.offset + 1)] \($0.element)" }
    }
}

/// Turns article HTML into text for the terminal and for plain-text exports.
///
/// Paragraphs and headings are separated by blank lines, headings underlined (`=` for h1, `-` for
/// h2), lists get bullets or numbers (`start`, `reversed`, `type` and `li value` honoured) with
/// nested indentation, blockquotes `> `, preformatted text is kept verbatim, table rows become `cell | cell` lines, links are numbered `[1]` with their
/// (resolved) URLs returned in order, images show as `[image: alt]`. White space is collapsed, entities
/// decoded, control characters (terminal escapes included) removed, and lines wrapped at `width`
/// display cells (CJK and emoji count two). Scripts, styles and other removed elements of
/// `HTMLSanitizer` are skipped. Stateless and thread-safe.
public enum HTMLText {
    /// Lays out `html` in lines at most `width` cells wide (a width below 8 is taken as 8); link URLs
    /// are resolved against `baseURL`.
    public static func render(_ html: String, width: Int, baseURL: String? = nil) -> RenderedText {
        var renderer = HTMLTextRenderer(width: width, baseURL: baseURL)
        if !html.isEmpty {
            let document = HTMLFragmentDocument(html)
            document.walk { event, node, _ in renderer.visit(event, node) }
        }
        return RenderedText(lines: renderer.layout.finish(), links: renderer.links)
    }

    /// The text of `html` as prose: one line per paragraph, paragraphs and headings separated by a
    /// blank line, lists and tables laid out as `render` does, without link numbers or image marks.
    package static func paragraphs(_ html: String) -> String {
        guard !html.isEmpty else { return "" }
        var renderer = HTMLTextRenderer(width: 1 << 20, baseURL: nil, plain: true)
        let document = HTMLFragmentDocument(html)
        document.walk { event, node, _ in renderer.visit(event, node) }
        var lines = renderer.layout.finish()
        while lines.last?.isEmpty == true { lines.removeLast() }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        return lines.joined(separator: "\n")
    }

    /// The text of `html` on one line, white space collapsed, for summaries, exports and search.
    ///
    /// Plain HTML (most feed bodies) is read by `HTMLPlainScan`, which reports exactly libxml2's parse
    /// events for what it accepts and declines the rest; the rest is read from libxml2's parse events as
    /// they come (`PlainTextHandler`), without building the document: the same text as
    /// `plainTextFromDocument`, at a fraction of the cost (a cold refresh converts every body it
    /// stores, for the search index, and recomputes it to delete an article's index entries).
    public static func plainText(_ html: String) -> String {
        guard !html.isEmpty else { return "" }
        var text = html
        return text.withUTF8 { buffer in
            guard let base = buffer.baseAddress, buffer.count < Int(Int32.max) else { return "" }
            return HTMLPlainScanText.plainText(buffer) ?? PlainTextHandler.plainText(base, count: buffer.count)
        }
    }

    /// `plainText` through libxml2 alone, without trying `HTMLPlainScan` first: the reference the scan
    /// is checked against (`HTMLPlainScanTests`, `tidings-bench plaintext`).
    package static func plainTextFromParser(_ html: String) -> String {
        guard !html.isEmpty else { return "" }
        var text = html
        return text.withUTF8 { buffer in
            guard let base = buffer.baseAddress, buffer.count < Int(Int32.max) else { return "" }
            return PlainTextHandler.plainText(base, count: buffer.count)
        }
    }

    /// `plainText` through `HTMLPlainScan` alone: nil when the scan declines the HTML (for the checks
    /// and the benchmark).
    package static func plainTextFromScan(_ html: String) -> String? {
        guard !html.isEmpty else { return "" }
        var text = html
        return text.withUTF8 { HTMLPlainScanText.plainText($0) }
    }

    /// Why `HTMLPlainScan` declines `html` (the first construct it does not read, an element with its
    /// name), or nil when it reads it: for `tidings-bench plaintext`'s histogram.
    package static func plainTextScanDecline(_ html: String) -> String? {
        var text = html
        return text.withUTF8 { buffer -> String? in
            var sink = HTMLPlainScanText(capacity: 0)
            let (decline, name) = HTMLPlainScan.scan(buffer, into: &sink)
            switch decline {
            case .none: return nil
            case .element:
                var bytes: [UInt8] = []
                for index in 0..<min(name.count, 16) {
                    let word = index < 8 ? name.low : name.high
                    bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(8 * (index % 8))))
                }
                return "element <\(String(decoding: bytes, as: UTF8.self))\(name.count > 16 ? "..." : "")>"
            default: return decline.rawValue
            }
        }
    }

    /// `plainText` through a whole libxml2 document, walked node by node: the reference the streaming
    /// conversion is checked against (`HTMLTextPlainTests`, `tidings-bench plaintext`).
    package static func plainTextFromDocument(_ html: String) -> String {
        guard !html.isEmpty else { return "" }
        var output = ""
        var pendingSpace = false
        let document = HTMLFragmentDocument(html)
        document.walk { event, node, _ in
            switch node.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                guard event == .enter, let text = node.pointee.content else { return false }
                let bytes = UnsafeBufferPointer(start: text, count: Int(xmlStrlen(text)))
                appendCollapsed(bytes, to: &output, pendingSpace: &pendingSpace)
                return false
            case XML_ELEMENT_NODE:
                let element = node.pointee.element
                if element.isDropped { return false }
                if element.breaksWords { pendingSpace = !output.isEmpty }
                return true
            default:
                return false
            }
        }
        return output
    }
}

extension HTMLElement {
    /// Elements whose start or end separates words in plain text.
    package var breaksWords: Bool {
        switch self {
        case .a, .abbr, .acronym, .b, .bdi, .bdo, .big, .cite, .code, .del, .dfn, .em, .font, .i, .ins,
            .kbd, .mark, .q, .rp, .rt, .ruby, .s, .samp, .small, .span, .strike, .strong, .sub, .sup, .time,
            .tt, .u, .var, .wbr, .nobr, .unknown, .label:
            return false
        default:
            return true
        }
    }
}
