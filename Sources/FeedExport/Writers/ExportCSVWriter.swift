import FeedStore

/// `--format csv`: RFC 4180 comma-separated values, CRLF line ends, a header row, then one record
/// per article: date (RFC 3339 UTC), feed, feed_url, title, url, id, author, tags (`|`-joined),
/// read, starred (`true`/`false`).
///
/// Fields holding a comma, quote, CR or LF are quoted with quotes doubled; text keeps its line
/// breaks. Control characters other than TAB, CR and LF are removed, and a field that a spreadsheet
/// would take for a formula (starting with `=`, `+`, `-`, `@`) gets a leading `'`, so a hostile feed
/// cannot plant one.
struct ExportCSVWriter: ExportWriter {
    var preparation: ExportPreparation { .headlines }
    init(context: ExportContext) {}

    func begin(into out: inout ExportBuffer) {
        out.raw("date,feed,feed_url,title,url,id,author,tags,read,starred\r\n")
    }

    func write(_ item: ExportItem, into out: inout ExportBuffer) {
        let article = item.article
        ExportDate.rfc3339(article.date, into: &out)
        out.byte(UInt8(ascii: ","))
        Self.field(article.feedTitle, into: &out)
        out.byte(UInt8(ascii: ","))
        Self.field(article.feedURL, into: &out)
        out.byte(UInt8(ascii: ","))
        Self.field(article.title ?? "", into: &out)
        out.byte(UInt8(ascii: ","))
        Self.field(ExportArticle.link(article) ?? "", into: &out)
        out.byte(UInt8(ascii: ","))
        Self.field(article.guid ?? "", into: &out)
        out.byte(UInt8(ascii: ","))
        Self.field(item.author ?? "", into: &out)
        out.byte(UInt8(ascii: ","))
        Self.field(article.tags.joined(separator: "|"), into: &out)
        out.raw(article.read ? ",true" : ",false")
        out.raw(article.starred ? ",true\r\n" : ",false\r\n")
    }

    func end(count: Int, into out: inout ExportBuffer) {}

    static func field(_ text: String, into out: inout ExportBuffer) {
        guard let first = text.utf8.first else { return }
        let quote = text.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
        let formula = first == UInt8(ascii: "=") || first == UInt8(ascii: "+") || first == UInt8(ascii: "-")
            || first == UInt8(ascii: "@")
        if quote { out.byte(UInt8(ascii: "\"")) }
        if formula { out.byte(UInt8(ascii: "'")) }
        ExportBuffer.forEachVisibleByte(of: text, keeping: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { b in
            if b == UInt8(ascii: "\"") { out.byte(b) }
            out.byte(b)
        }
        if quote { out.byte(UInt8(ascii: "\"")) }
    }
}
