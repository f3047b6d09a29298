import FeedStore

/// `--format markdown`: a `## Feed` heading whenever the feed changes (the default order is by
/// feed, so each feed gets one), then `- [Title](<URL>) — date` per article. Markdown's special
/// characters in titles are backslash-escaped and links other than http, https, ftp and mailto are
/// left out. No articles, no output at all.
struct ExportMarkdownWriter: ExportWriter {
    var preparation: ExportPreparation { .headlines }
    private var currentFeed: Int64?

    init(context: ExportContext) {}

    func begin(into out: inout ExportBuffer) {}

    mutating func write(_ item: ExportItem, into out: inout ExportBuffer) {
        let article = item.article
        if currentFeed != article.feedID {
            if currentFeed != nil { out.byte(0x0A) }
            currentFeed = article.feedID
            out.raw("## ")
            Self.escaped(article.feedTitle, into: &out)
            out.raw("\n\n")
        }
        out.raw("- ")
        let link = ExportArticle.link(article).flatMap { ExportArticle.isSafeLink($0) ? $0 : nil }
        if link != nil { out.byte(UInt8(ascii: "[")) }
        let title = article.title ?? ""
        if title.isEmpty { out.raw("(untitled)") } else { Self.escaped(title, into: &out) }
        if let link {
            out.raw("](<")
            Self.destination(link, into: &out)
            out.raw(">)")
        }
        out.raw(" — ")
        ExportDate.local(article.date, into: &out)
        out.byte(0x0A)
    }

    func end(count: Int, into out: inout ExportBuffer) {}

    /// Writes `text` on one line with every character Markdown could read as markup escaped.
    static func escaped(_ text: String, into out: inout ExportBuffer) {
        var line = ExportBuffer(capacity: text.utf8.count)
        line.singleLine(text)
        // A leading "-", "+" or "1." would start a nested list where no "[" precedes the title.
        var digits = 0
        while digits < line.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line.bytes[digits]) { digits += 1 }
        for (i, b) in line.bytes.enumerated() {
            let marker = i == digits && (i == 0 ? b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
                : b == UInt8(ascii: "."))
            if marker { out.byte(UInt8(ascii: "\\")) }
            switch b {
            case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["),
                 UInt8(ascii: "]"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"),
                 UInt8(ascii: "#"), UInt8(ascii: "|"), UInt8(ascii: "~"), UInt8(ascii: "&"), UInt8(ascii: "!"),
                 UInt8(ascii: "{"), UInt8(ascii: "}"):
                out.byte(UInt8(ascii: "\\"))
            default:
                break
            }
            out.byte(b)
        }
    }

    /// A link destination for `<…>`: characters that would end it (or the line) percent-encoded.
    private static func destination(_ url: String, into out: inout ExportBuffer) {
        let hex = Array("0123456789ABCDEF".utf8)
        for b in url.utf8 {
            switch b {
            case 0x00...0x20, 0x7F, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"):
                out.byte(UInt8(ascii: "%"))
                out.byte(hex[Int(b >> 4)])
                out.byte(hex[Int(b & 15)])
            default:
                out.byte(b)
            }
        }
    }
}
