import FeedHTML
import FeedModel
import FeedStore
import Foundation
import TerminalView

/// The text of the article view, built from a stored article (header, enclosures, body, links):
/// every piece of feed text sanitized,
/// URLs styled as links (OSC 8 targets when `hyperlinks` is on).
struct ArticleContent {
    let article: StoredArticle
    let theme: ReaderTheme
    let hyperlinks: Bool
    /// The article's extracted full text or why there is none; nil when its page was never fetched.
    var fullText: ArticleFullText? = nil
    /// The enclosures' section, with what the queue says of each.
    var enclosures = EnclosureSection()

    /// The lines at `width` cells and the numbered links of the body.
    func lines(width: Int) -> (lines: [StyledLine], links: [String]) {
        var lines: [StyledLine] = []
        let title = ReaderFormat.clean(article.title)
        lines.append(StyledLine(title.isEmpty ? "(untitled)" : title, style: theme.articleTitle))
        lines.append(field("Feed", ReaderFormat.clean(article.feedTitle)))
        if !article.otherFeeds.isEmpty {
            lines.append(field("Also in", article.otherFeeds.map { ReaderFormat.clean($0) }.joined(separator: ", ")))
        }
        let authors = article.authors.compactMap { author in
            ReaderFormat.clean(author.name ?? author.url).nilIfEmpty
        }
        if !authors.isEmpty { lines.append(field("Author", authors.joined(separator: ", "))) }
        lines.append(field("Date", ReaderFormat().full(article.date)))
        if let url = article.url ?? article.externalURL { lines.append(field("URL", url, link: url)) }
        let shown = fullText?.html.flatMap { $0.isEmpty ? nil : $0 }
        if let fullText { lines.append(field("Text", Self.source(fullText, shown: shown != nil))) }
        for row in ArticlePodcastSection.rows(article.podcast) { lines.append(field(row.label, row.value, link: row.link)) }
        lines.append(StyledLine(""))
        lines += enclosures.lines(article.enclosures, theme: theme, link: linkStyle)

        let body = shown ?? article.content ?? article.summary ?? ""
        let baseURL = shown != nil ? fullText?.pageURL : article.url ?? article.feedSiteURL ?? article.feedURL
        var links: [String] = []
        if article.contentType == .text, shown == nil {
            lines += TerminalSanitizer.lines(of: body).map { StyledLine($0) }
        } else {
            let rendered = HTMLText.render(body, width: width, baseURL: baseURL)
            lines += rendered.lines.map { StyledLine(TerminalSanitizer.laidOutLine($0)) }
            links = rendered.links
        }
        if !links.isEmpty {
            lines.append(StyledLine(""))
            lines.append(StyledLine("Links:", style: theme.articleHeader))
            for (index, url) in links.enumerated() {
                lines.append(StyledLine(spans: [
                    StyledSpan("[\(index + 1)] "),
                    StyledSpan(ReaderFormat.clean(url), style: linkStyle(url)),
                ]))
            }
        }
        return (lines, links)
    }

    private func field(_ name: String, _ value: String, link: String? = nil) -> StyledLine {
        let label = StyledSpan(name.padding(toLength: 10, withPad: " ", startingAt: 0), style: theme.articleHeader)
        let text = ReaderFormat.clean(value)
        return StyledLine(spans: [label, StyledSpan(text, style: link.map(linkStyle) ?? Style())])
    }

    private func linkStyle(_ url: String) -> Style {
        var style = theme.link
        if hyperlinks, BrowserLauncher.isOpenable(url) { style.hyperlink = ReaderFormat.clean(url) }
        return style
    }

    /// Where the body shown came from: the page of the full text, or the feed when it failed.
    static func source(_ fullText: ArticleFullText, shown: Bool) -> String {
        if shown { return "full text from \(fullText.pageURL)" }
        return "feed summary (full text failed: \(fullText.failure ?? "no article found on the page"))"
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
