import FeedStore
import Foundation

/// `--format html`: one standalone HTML5 page (UTF-8, inline CSS, no scripts, no external
/// resources but the articles' own images). Every text from a feed is escaped and every body goes
/// through `HTMLSanitizer`; a Content-Security-Policy forbids scripts in case anything slipped
/// through. Each article is an `<article>` with its linked title, a line with feed, date and author,
/// and its sanitized body.
struct ExportHTMLWriter: ExportWriter {
    let context: ExportContext
    var preparation: ExportPreparation { .body }

    func begin(into out: inout ExportBuffer) {
        out.raw("""
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src https: http: data:; \
            style-src 'unsafe-inline'">
            <meta name="generator" content="Tidings">
            <title>Tidings — 
            """)
        ExportDate.local(context.generated, into: &out)
        out.raw("""
            </title>
            <style>
            body{margin:0 auto;max-width:46em;padding:1em 1.5em;font:17px/1.55 Georgia,"Times New Roman",serif;\
            color:#222;background:#fdfdfb}
            header.page{border-bottom:1px solid #ddd;margin-bottom:1.5em}
            header.page h1{font:600 1.4em/1.2 system-ui,sans-serif;margin:.4em 0}
            article{border-bottom:1px solid #eee;padding:.5em 0 1.2em}
            article h2{font:600 1.2em/1.3 system-ui,sans-serif;margin:.6em 0 .2em}
            a{color:#1a4e8a}
            .meta{font:.85em system-ui,sans-serif;color:#666;margin:0 0 .6em}
            .content img,.content video{max-width:100%;height:auto}
            .content pre{overflow-x:auto;background:#f3f3f0;padding:.6em}
            .content blockquote{border-left:3px solid #ccc;margin-left:0;padding-left:1em;color:#444}
            .text{white-space:pre-wrap}
            footer.page{font:.85em system-ui,sans-serif;color:#666;margin-top:1.5em}
            @media (prefers-color-scheme:dark){body{color:#ddd;background:#1b1b1d}a{color:#8ab4f8}\
            article{border-color:#333}.content pre{background:#2a2a2d}}
            </style>
            </head>
            <body>
            <header class="page"><h1>Tidings</h1><p class="meta">Exported\u{20}
            """)
        Self.time(context.generated, into: &out)
        out.raw("</p></header>\n<main>\n")
    }

    func write(_ item: ExportItem, into out: inout ExportBuffer) {
        let article = item.article
        out.raw("<article>\n<h2>")
        let title = article.title ?? ""
        Self.anchor(ExportArticle.link(article), title.isEmpty ? "(untitled)" : title, into: &out)
        out.raw("</h2>\n<p class=\"meta\">")
        Self.anchor(article.feedSiteURL, article.feedTitle, into: &out)
        out.raw(" · ")
        Self.time(article.date, into: &out)
        if let author = item.author {
            out.raw(" · ")
            out.xml(author)
        }
        out.raw("</p>\n")
        switch item.body {
        case .html(let html)?:
            out.raw("<div class=\"content\">")
            out.raw(html)
            out.raw("</div>\n")
        case .text(let text)?:
            out.element("<div class=\"content text\">", text, "</div>\n")
        case nil:
            break
        }
        out.raw("</article>\n")
    }

    func end(count: Int, into out: inout ExportBuffer) {
        if count == 0 { out.raw("<p>No articles.</p>\n") }
        out.raw("</main>\n<footer class=\"page\"><p>")
        out.integer(Int64(count))
        out.raw(count == 1 ? " article" : " articles")
        out.raw("</p></footer>\n</body>\n</html>\n")
    }

    /// `text` escaped, inside a link to `href` when that is a link a reader may follow.
    private static func anchor(_ href: String?, _ text: String, into out: inout ExportBuffer) {
        guard let href, ExportArticle.isSafeLink(href) else { return out.xml(text) }
        out.raw("<a")
        out.attribute("href", href)
        out.element(">", text, "</a>")
    }

    /// `<time>` with the date in RFC 3339 for machines and in local time for people.
    private static func time(_ date: Date, into out: inout ExportBuffer) {
        out.raw("<time datetime=\"")
        ExportDate.rfc3339(date, into: &out)
        out.raw("\">")
        ExportDate.local(date, into: &out)
        out.raw("</time>")
    }
}
