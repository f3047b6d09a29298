import FeedStore

/// `--format tsv`: sfeed's TAB-separated layout (sfeed(1)), so sfeed_plain, sfeed_html and the
/// other sfeed tools read it: timestamp, title, link, content, content-type, id, author,
/// enclosure, category, one article per line, no header.
///
/// As sfeed does: in title, id and author every white space character becomes a space and control
/// characters are removed; in content TAB, newline and `\` are escaped as `\t`, `\n`, `\\`, other
/// white space but spaces and control characters are removed. Content is the sanitized HTML body
/// ("html") or the plain text ("plain"). Categories are joined with `|`. No articles, no output.
struct ExportTSVWriter: ExportWriter {
    var preparation: ExportPreparation { .body }
    init(context: ExportContext) {}

    func begin(into out: inout ExportBuffer) {}

    func write(_ item: ExportItem, into out: inout ExportBuffer) {
        let article = item.article
        out.integer(Int64(article.date.timeIntervalSince1970.rounded(.down)))
        out.byte(0x09)
        Self.field(article.title ?? "", into: &out)
        out.byte(0x09)
        Self.field(ExportArticle.link(article) ?? "", into: &out)
        out.byte(0x09)
        switch item.body {
        case .html(let html)?:
            Self.content(html, into: &out)
            out.raw("\thtml")
        case .text(let text)?:
            Self.content(text, into: &out)
            out.raw("\tplain")
        case nil:
            out.byte(0x09)
        }
        out.byte(0x09)
        Self.field(article.guid ?? "", into: &out)
        out.byte(0x09)
        Self.field(item.author ?? "", into: &out)
        out.byte(0x09)
        Self.field(article.enclosures.first?.url ?? "", into: &out)
        out.byte(0x09)
        for (i, tag) in article.tags.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: "|")) }
            Self.field(tag.replacingOccurrences(of: "|", with: " "), into: &out)
        }
        out.byte(0x0A)
    }

    func end(count: Int, into out: inout ExportBuffer) {}

    /// A one-line field: white space to spaces, control characters (C0, DEL, C1) removed.
    static func field(_ text: String, into out: inout ExportBuffer) {
        forEachByte(text) { b in
            switch b {
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D: out.byte(0x20)
            default: out.byte(b)
            }
        }
    }

    /// The content field: `\t`, `\n` and `\\` escaped, other white space and controls removed.
    static func content(_ text: String, into out: inout ExportBuffer) {
        forEachByte(text) { b in
            switch b {
            case 0x09: out.raw("\\t")
            case 0x0A: out.raw("\\n")
            case UInt8(ascii: "\\"): out.raw("\\\\")
            case 0x0B, 0x0C, 0x0D: break
            default: out.byte(b)
            }
        }
    }

    private static func forEachByte(_ text: String, _ body: (UInt8) -> Void) {
        ExportBuffer.forEachVisibleByte(of: text, keeping: { (0x09...0x0D).contains($0) }, body)
    }
}
