import FeedStore
import TidingsText

/// `--format text`: one line per article — local date, feed, title, URL. On a terminal the columns
/// are aligned (feed and title cut to fit the width, control characters and bidi overrides removed);
/// otherwise the fields are tab-separated with white space inside them collapsed. No articles, no
/// output at all.
struct ExportTextWriter: ExportWriter {
    var preparation: ExportPreparation { .headlines }
    private let columns: (feed: Int, title: Int)?
    private let terminalLine: @Sendable (String) -> String

    init(context: ExportContext) {
        terminalLine = context.terminalLine
        if let width = context.terminalWidth {
            let feed = min(24, max(10, width / 6))
            let rest = max(0, width - 16 - feed - 6)
            columns = (feed, max(12, rest * 3 / 5))
        } else {
            columns = nil
        }
    }

    func begin(into out: inout ExportBuffer) {}

    func write(_ item: ExportItem, into out: inout ExportBuffer) {
        let article = item.article
        ExportDate.local(article.date, into: &out)
        let link = ExportArticle.link(article) ?? ""
        if let columns {
            out.raw("  ")
            out.raw(TextWidth.fit(terminalLine(article.feedTitle), width: columns.feed))
            out.raw("  ")
            let title = terminalLine(article.title ?? "")
            let url = terminalLine(link)
            let shown = title.isEmpty ? "(untitled)" : title
            if url.isEmpty {
                out.raw(TextWidth.truncate(shown, toWidth: columns.title))
            } else {
                out.raw(TextWidth.fit(shown, width: columns.title))
                out.raw("  ")
                out.raw(url)
            }
        } else {
            out.byte(0x09)
            out.singleLine(article.feedTitle)
            out.byte(0x09)
            out.singleLine(article.title ?? "")
            out.byte(0x09)
            out.singleLine(link)
        }
        out.byte(0x0A)
    }

    func end(count: Int, into out: inout ExportBuffer) {}
}
